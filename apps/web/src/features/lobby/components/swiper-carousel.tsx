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

/** Above this many slides the carousel renders only the ones near the view (Swiper's Virtual module). */
const VIRTUAL_FROM = 6;

/** Swiper, loaded in its own chunk (the home page shows a static first slide until it arrives). */
export default function SwiperCarousel(props: SwiperCarouselProps) {
  const { slides, autoplayMs, loop, speed, slidesPerView = 1, breakpoints, pagination = true, navigation = true } = props;
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  useAutoplay(swiper, autoplayMs);
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
      navigation={navigation}
      pagination={pagination ? { clickable: true } : false}
      a11y={{ prevSlideMessage: props.prevLabel, nextSlideMessage: props.nextLabel }}
    >
      {slides.map((s, index) => (
        <SwiperSlide key={s.key} {...(virtual ? { virtualIndex: index } : {})}>
          {s.node}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}

/**
 * Moves to the next slide `delayMs` after each slide change, paused while a pointer rests on the carousel, while it
 * holds the keyboard focus, and while the page is hidden. Not Swiper's Autoplay module: that one runs a
 * requestAnimationFrame loop for as long as the page is open, a frame of main-thread work 60 times a second on a phone.
 */
function useAutoplay(swiper: SwiperInstance | null, delayMs: number | undefined) {
  useEffect(() => {
    if (!swiper || !delayMs) return;
    const el = swiper.el;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let hovered = false;
    let focused = false;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (hovered || focused || document.hidden) arm();
        else swiper.slideNext();
      }, delayMs);
    };
    const listeners: [EventTarget, string, () => void][] = [
      [el, 'pointerenter', () => (hovered = true)],
      [el, 'pointerleave', () => (hovered = false)],
      [el, 'focusin', () => (focused = true)],
      [el, 'focusout', () => (focused = false)],
    ];
    for (const [target, type, listener] of listeners) target.addEventListener(type, listener);
    swiper.on('slideChange', arm);
    arm();
    return () => {
      clearTimeout(timer);
      swiper.off('slideChange', arm);
      for (const [target, type, listener] of listeners) target.removeEventListener(type, listener);
    };
  }, [swiper, delayMs]);
}
