import { lazy } from 'react';

/** The Swiper chunk, fetched when a carousel first renders. */
export const LazySwiper = lazy(() => import('./swiper-carousel.tsx'));
