import { lazy } from 'react';

/** Resolves when the browser is next idle (at most `timeoutMs` later); at once where there is no idle callback. */
function whenIdle(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 0);
  });
}

/**
 * The Swiper chunk, fetched and started when the page is first idle after it has rendered: until then the
 * caller's Suspense fallback (the first slide, still) shows. Starting a carousel measures every slide, and
 * doing it in the same task as the page's first layout made one long task on a phone.
 */
export const LazySwiper = lazy(() => whenIdle(1500).then(() => import('./swiper-carousel.tsx')));
