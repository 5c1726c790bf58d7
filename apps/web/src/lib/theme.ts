import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { useSyncExternalStore } from 'react';
import { cookies, local, PREFERENCE_COOKIE_MS } from './storage.ts';

export type Theme = 'light' | 'dark';

/** Dark is the default; the choice is remembered in local storage and applied as `data-theme` on <html>. */
function read(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  local.set('theme', theme);
  // The server reads it to send the next page already in this theme.
  cookies.set(COOKIE_KEYS.theme, theme, PREFERENCE_COOKIE_MS);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'dark' ? '#0d1424' : '#f4f6fb');
  for (const l of listeners) l();
}

export function useTheme(): [Theme, (t: Theme) => void] {
  const theme = useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    read,
    () => 'dark' as Theme,
  );
  return [theme, setTheme];
}
