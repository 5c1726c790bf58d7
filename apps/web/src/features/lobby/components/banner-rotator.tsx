import { LIMITS } from '@playfront/contract/constants';
import type { Banner } from '@playfront/contract/games';
import { type ReactNode, type PointerEvent as ReactPointerEvent, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SlideProps } from './banner-carousel.tsx';
import { bannerAt, initialRotation, rotate, type Step, startAutoplay, swipeStep, trackTransform } from './banner-rotation.ts';
import { Chevron } from './lazy-swiper.tsx';

/** Whether the visitor asked for less motion: the banners then change without sliding. */
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A focus that came from the keyboard (a click's focus does not pause the rotation). */
const isKeyboardFocus = (event: Event) => {
  try {
    return (event.target as Element).matches(':focus-visible');
  } catch {
    return true;
  }
};

/** How long before the first step the banners beside the first load their pictures. */
const PRELOAD_AHEAD_MS = 1000;

/** How far a pointer moves before it is a swipe (px). */
const SWIPE_SLOP = 8;

export type BannerRotatorProps = {
  banners: Banner[];
  open: (b: Banner) => void;
  /** How a banner is drawn (banner-carousel.tsx's, the one its first screen shows). */
  Slide: (props: SlideProps) => ReactNode;
};

/**
 * The banners on a track moved by a CSS transform transition (decision 073): no Swiper, no frame loop, no slide
 * measured. The dots and arrows step it, a swipe drags it, and it steps on its own (`startAutoplay`). Only the banner
 * in view is in the accessibility tree and reachable by Tab; it is marked `data-current`.
 */
export function BannerRotator({ banners, open, Slide }: BannerRotatorProps) {
  const { t } = useTranslation('lobby');
  const count = banners.length;
  const [state, dispatch] = useReducer(rotate, initialRotation);
  const current = bannerAt(state.pos, count);
  const box = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const go = (step: Step) => dispatch({ type: 'step', step, count, motion: !reducedMotion() });
  const goLater = useRef(go);
  goLater.current = go;

  // Autoplay: a step 5 s after each change, paused while hovered, focused from the keyboard, or hidden.
  const autoplay = useRef<ReturnType<typeof startAutoplay> | null>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const player = startAutoplay({
      delayMs: LIMITS.bannerAutoplayMs,
      target: el,
      hidden: () => document.hidden,
      keyboardFocus: isKeyboardFocus,
      step: () => goLater.current('next'),
    });
    autoplay.current = player;
    return () => player.stop();
  }, []);
  useEffect(() => {
    if (current >= 0) autoplay.current?.restart();
  }, [current]);

  // The banners beside the one in view load before they slide in (the frame clips them from the viewport watch until
  // the slide has ended): from 1 s before the first step, or as soon as the visitor reaches for the banners.
  const [warm, setWarm] = useState(false);
  useEffect(() => {
    const el = box.current;
    if (warm || !el) return;
    const begin = () => setWarm(true);
    const timer = setTimeout(begin, LIMITS.bannerAutoplayMs - PRELOAD_AHEAD_MS);
    for (const type of ['pointerenter', 'focusin']) el.addEventListener(type, begin);
    return () => {
      clearTimeout(timer);
      for (const type of ['pointerenter', 'focusin']) el.removeEventListener(type, begin);
    };
  }, [warm]);
  const near = (index: number) => warm && [count - 1, 0, 1].includes((index - current + count) % count);

  // The end of a slide: a copy gives way to its banner. transitionend, or its cancel, or (neither came: the page was
  // hidden, the frame left the layout) the slide's time and a little more.
  useEffect(() => {
    const el = track.current;
    if (!state.moving || !el) return;
    const settle = (event?: Event) => {
      if (event && event.target !== el) return;
      dispatch({ type: 'settle', count });
    };
    el.addEventListener('transitionend', settle);
    el.addEventListener('transitioncancel', settle);
    const timer = setTimeout(settle, LIMITS.bannerSpeedMs + 250);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('transitionend', settle);
      el.removeEventListener('transitioncancel', settle);
    };
  }, [state.moving, count]);
  // A step asked for during a slide is done once the settled position is in the style (read back, so the next slide
  // starts from there rather than from a copy).
  useLayoutEffect(() => {
    if (state.moving || state.queued === null || !track.current) return;
    void getComputedStyle(track.current).transform;
    dispatch({ type: 'step', step: state.queued, count, motion: !reducedMotion() });
  }, [state, count]);

  // A swipe: the track follows the finger (a CSS variable, no re-render), and a fifth of the banner or 60 px steps.
  const drag = useRef<{ id: number; x: number; y: number; width: number; dragging: boolean } | null>(null);
  const dragged = useRef(false);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
    drag.current = { id: e.pointerId, x: e.clientX, y: e.clientY, width: 0, dragging: false };
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.dragging) {
      if (Math.abs(dy) > SWIPE_SLOP && Math.abs(dy) > Math.abs(dx)) drag.current = null;
      // A drag starts once the track is still (a finger put down as a slide ends still takes it, a moment later).
      if (Math.abs(dx) <= SWIPE_SLOP || Math.abs(dx) <= Math.abs(dy) || state.moving) return;
      d.dragging = true;
      d.width = e.currentTarget.clientWidth;
      e.currentTarget.setPointerCapture(e.pointerId);
    }
    e.currentTarget.style.setProperty('--banner-drag', `${dx}px`);
  };
  const endDrag = (e: ReactPointerEvent<HTMLDivElement>, cancelled: boolean) => {
    const d = drag.current;
    if (!d || d.id !== e.pointerId) return;
    drag.current = null;
    if (!d.dragging) return;
    e.currentTarget.style.removeProperty('--banner-drag');
    // The click that ends a mouse's drag opens nothing.
    dragged.current = true;
    setTimeout(() => {
      dragged.current = false;
    }, 0);
    const step = cancelled ? null : swipeStep(e.clientX - d.x, d.width);
    if (step) go(step);
    else dispatch({ type: 'snap', count, motion: !reducedMotion() });
  };

  const cells = [banners[count - 1] as Banner, ...banners, banners[0] as Banner];
  return (
    <div ref={box} className="carousel banner-carousel">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the swipe is a pointer convenience; the arrows and dots are the keyboard's paths. */}
      <div
        ref={track}
        className="banner-track"
        style={{
          transform: trackTransform(state.pos),
          ...(state.animate ? { transition: `transform ${LIMITS.bannerSpeedMs}ms ease` } : {}),
        }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(e) => endDrag(e, false)}
        onPointerCancel={(e) => endDrag(e, true)}
        onClickCapture={(e) => {
          if (!dragged.current) return;
          e.preventDefault();
          e.stopPropagation();
        }}
        onDragStart={(e) => e.preventDefault()}
      >
        {cells.map((b, cell) => {
          const copy = cell === 0 || cell === count + 1;
          const shown = !copy && bannerAt(cell, count) === current;
          return (
            <div
              key={copy ? `copy-${cell}` : b.id}
              className="banner-cell"
              {...(shown ? { 'data-current': true } : { inert: true, 'aria-hidden': true })}
            >
              <Slide banner={b} open={open} priority={cell === 1} eager={near(bannerAt(cell, count))} copy={copy} />
            </div>
          );
        })}
      </div>
      <button type="button" className="carousel-arrow carousel-arrow-prev" aria-label={t('carousel.previous')} onClick={() => go('prev')}>
        <Chevron />
      </button>
      <button type="button" className="carousel-arrow carousel-arrow-next" aria-label={t('carousel.next')} onClick={() => go('next')}>
        <Chevron />
      </button>
      <div className="banner-dots">
        {banners.map((b, index) => (
          <button
            key={b.id}
            type="button"
            className="banner-dot"
            aria-label={t('banner.show', { index: index + 1, total: count })}
            {...(index === current ? { 'aria-current': true } : {})}
            onClick={() => go(index)}
          />
        ))}
      </div>
    </div>
  );
}
