import { useSyncExternalStore } from 'react';

/** Whether a media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below this width the side menu is a drawer (matches the CSS breakpoint in layout.css). */
export const PHONE_QUERY = '(max-width: 899.98px)';
