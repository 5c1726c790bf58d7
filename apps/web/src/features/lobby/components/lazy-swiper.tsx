import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperCarouselProps } from './swiper-carousel.tsx';

const SwiperCarousel = lazy(() => import('./swiper-carousel.tsx'));

export type LazyCarouselProps = Omit<SwiperCarouselProps, 'prevEl' | 'nextEl' | 'onReady'> & {
  /** What shows until the carousel has started: its first slide(s), laid out as the carousel lays them out. A slide's
   * element carries `data-slide-key` (its key), so a focus inside it moves to the same slide of the carousel. */
  fallback: ReactNode;
  /**
   * `intent`: the carousel starts on the first pointer over it, touch or focus in it, or a press of an arrow. `idle`:
   * when the page is next idle after it has rendered (for a section rendered only once scrolled near).
   */
  start: 'intent' | 'idle';
};

/**
 * A Swiper carousel that starts only when it is needed. Starting one measures every slide (with the loop's clones and
 * the React re-render, 200–300 ms of main-thread work at a phone's speed for the hot matches), work the first screen
 * does not need: until then `fallback` shows, with the arrows, which are ours (Swiper is given them), so they are the
 * same elements before and after and keep the keyboard focus. Nothing autoplays here: the home banners, the one
 * carousel that does, rotate without Swiper (decision 073).
 */
export function LazyCarousel({ fallback, start, ...props }: LazyCarouselProps) {
  const [started, setStarted] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const prev = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  // An arrow pressed, or a slide focused, before the carousel started: done there once it has.
  const pending = useRef<{ step?: 'prev' | 'next'; focusKey?: string }>({});
  // Once Swiper runs, the arrows are its own (it listens to them).
  const ready = useRef(false);
  const arrows = props.navigation !== false;

  useEffect(() => {
    if (started || start !== 'idle') return;
    return whenIdle(1500, () => setStarted(true));
  }, [started, start]);

  const onReady = (swiper: SwiperInstance) => {
    ready.current = true;
    const { step, focusKey } = pending.current;
    pending.current = {};
    // A frame later: Swiper's Virtual module settles its first position in a render of its own.
    if (step)
      requestAnimationFrame(() => {
        if (swiper.destroyed) return;
        if (step === 'next') swiper.slideNext();
        else swiper.slidePrev();
      });
    if (focusKey !== undefined && (!document.activeElement || document.activeElement === document.body)) {
      const slide = [...swiper.slides].find((s) => s.dataset.slideKey === focusKey);
      slide?.querySelector<HTMLElement>('button, a[href], [tabindex]')?.focus();
    }
  };
  // Intent: a pointer over the carousel, a touch or a focus in it (the focused slide is remembered).
  useEffect(() => {
    const el = box.current;
    if (started || !el) return;
    const begin = () => setStarted(true);
    const onFocus = (event: FocusEvent) => {
      const key = (event.target as HTMLElement).closest<HTMLElement>('[data-slide-key]')?.dataset.slideKey;
      if (key !== undefined) pending.current.focusKey = key;
      begin();
    };
    el.addEventListener('pointerover', begin);
    el.addEventListener('touchstart', begin, { passive: true });
    el.addEventListener('focusin', onFocus);
    return () => {
      el.removeEventListener('pointerover', begin);
      el.removeEventListener('touchstart', begin);
      el.removeEventListener('focusin', onFocus);
    };
  }, [started]);
  const stepBeforeStart = (step: 'prev' | 'next') => {
    if (ready.current) return;
    pending.current.step = step;
    setStarted(true);
  };

  return (
    <div ref={box} className="carousel">
      {started ? (
        <Suspense fallback={fallback}>
          <SwiperCarousel {...props} {...(arrows ? { prevEl: prev.current, nextEl: next.current } : {})} onReady={onReady} />
        </Suspense>
      ) : (
        fallback
      )}
      {arrows && (
        <>
          <button
            ref={prev}
            type="button"
            className="carousel-arrow carousel-arrow-prev"
            aria-label={props.prevLabel}
            onClick={() => stepBeforeStart('prev')}
          >
            <Chevron />
          </button>
          <button
            ref={next}
            type="button"
            className="carousel-arrow carousel-arrow-next"
            aria-label={props.nextLabel}
            onClick={() => stepBeforeStart('next')}
          >
            <Chevron />
          </button>
        </>
      )}
    </div>
  );
}

/** Calls `run` when the browser is next idle (at most `timeoutMs` later); returns the cancel. */
function whenIdle(timeoutMs: number, run: () => void): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(run, 0);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(run, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}

/** The arrows' chevron (pointing right; the previous arrow turns it in lobby.css), also drawn by the home banners. */
export function Chevron() {
  return (
    <svg viewBox="0 0 12 20" width="12" height="20" aria-hidden="true" focusable="false">
      <path d="M2 2l8 8-8 8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
