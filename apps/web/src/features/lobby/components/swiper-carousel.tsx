import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import { type ReactNode, useEffect, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y, Keyboard, Navigation, Pagination, Virtual } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';

export type SwiperCarouselProps = {
  label: string;
  slides: { key: string | number; node: ReactNode }[];
  loop: boolean;
  speed?: number;
  slidesPerView?: number;
  /** Slides per view from 640 px and 1024 px wide. */
  breakpoints?: { tablet: number; desktop: number };
  pagination?: boolean;
  navigation?: boolean;
  className?: string;
  prevLabel: string;
  nextLabel: string;
  /** The arrows, when they are the caller's own elements (else Swiper draws its own when `navigation`). */
  prevEl?: HTMLElement | null;
  nextEl?: HTMLElement | null;
  /** Called once the carousel runs. */
  onReady?: (swiper: SwiperInstance) => void;
};

/** Above this many slides the carousel renders only the ones near the view (Swiper's Virtual module). */
const VIRTUAL_FROM = 6;

/** Swiper, loaded in its own chunk when a carousel starts (`LazyCarousel`). */
export default function SwiperCarousel(props: SwiperCarouselProps) {
  const { slides, loop, speed, slidesPerView = 1, breakpoints, pagination = true, navigation = true } = props;
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  // Swiper reads the arrows once, at start.
  const [arrows] = useState(() => (props.prevEl && props.nextEl ? { prevEl: props.prevEl, nextEl: props.nextEl } : navigation));
  const [onReady] = useState(() => props.onReady);
  useEffect(() => {
    if (!swiper) return;
    // With loop and Virtual together Swiper starts on the last slide; the carousel starts on its first, as its stand-in
    // showed it.
    if (swiper.params.loop && swiper.realIndex !== 0) swiper.slideToLoop(0, 0, false);
    onReady?.(swiper);
  }, [swiper, onReady]);
  // Many slides (the hot matches): only those in view and their neighbours are in the page.
  const virtual = slides.length > VIRTUAL_FROM;
  return (
    <Swiper
      onSwiper={setSwiper}
      className={props.className}
      modules={virtual ? [A11y, Keyboard, Navigation, Pagination, Virtual] : [A11y, Keyboard, Navigation, Pagination]}
      {...(virtual ? { virtual: { addSlidesBefore: 1, addSlidesAfter: 1 } } : {})}
      aria-label={props.label}
      loop={loop}
      speed={speed ?? 300}
      slidesPerView={slidesPerView}
      spaceBetween={12}
      {...(breakpoints
        ? { breakpoints: { 640: { slidesPerView: breakpoints.tablet }, 1024: { slidesPerView: breakpoints.desktop } } }
        : {})}
      keyboard={{ enabled: true, onlyInViewport: true }}
      navigation={arrows}
      pagination={pagination ? { clickable: true } : false}
      a11y={{ prevSlideMessage: props.prevLabel, nextSlideMessage: props.nextLabel }}
    >
      {slides.map((s, index) => (
        <SwiperSlide key={s.key} data-slide-key={String(s.key)} {...(virtual ? { virtualIndex: index } : {})}>
          {s.node}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
