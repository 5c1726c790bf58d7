/**
 * Icons of the game pages (one path each, drawn with the text colour; play-icons.tsx). The web's build writes the ones
 * a boot screen draws into boot-text.json (vite.config.ts).
 */
export const PLAY_ICON_PATHS = {
  back: 'M15 5l-7 7 7 7M8 12h12',
  reload: 'M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  expand: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  shrink: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
} as const;
