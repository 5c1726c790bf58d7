import { useSyncExternalStore } from 'react';
import { local } from './storage.ts';

export type Theme = 'light' | 'dark';

/** Dark is the default; the choice is remembered in local storage and applied as `data-theme` on <html>. */
function read(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

const listeners = new Set<() => void>();

export function setTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  local.set('theme', theme);
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
