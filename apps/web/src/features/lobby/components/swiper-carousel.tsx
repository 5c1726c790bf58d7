import 'swiper/css';
import 'swiper/css/navigation';
import 'swiper/css/pagination';
import type { ReactNode } from 'react';
import { A11y, Autoplay, Keyboard, Navigation, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';

export type SwiperCarouselProps = {
  label: string;
  slides: { key: string | number; node: ReactNode }[];
  /** Milliseconds between slides; no autoplay when absent. */
  autoplayMs?: number;
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
};

/** Swiper, loaded in its own chunk (the home page shows a static first slide until it arrives). */
export default function SwiperCarousel(props: SwiperCarouselProps) {
  const { slides, autoplayMs, loop, speed, slidesPerView = 1, breakpoints, pagination = true, navigation = true } = props;
  return (
    <Swiper
      className={props.className}
      modules={[A11y, Autoplay, Keyboard, Navigation, Pagination]}
      aria-label={props.label}
      loop={loop}
      speed={speed ?? 300}
      slidesPerView={slidesPerView}
      spaceBetween={12}
      {...(breakpoints
        ? { breakpoints: { 640: { slidesPerView: breakpoints.tablet }, 1024: { slidesPerView: breakpoints.desktop } } }
        : {})}
      {...(autoplayMs ? { autoplay: { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true } } : {})}
      keyboard={{ enabled: true, onlyInViewport: true }}
      navigation={navigation}
      pagination={pagination ? { clickable: true } : false}
      a11y={{ prevSlideMessage: props.prevLabel, nextSlideMessage: props.nextLabel }}
    >
      {slides.map((s) => (
        <SwiperSlide key={s.key}>{s.node}</SwiperSlide>
      ))}
    </Swiper>
  );
}
