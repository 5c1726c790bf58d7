/**
 * Icons only the account screens use (the shared set in ui/icons stays small
 * for the first bundle). Same conventions: 24×24, stroked with currentColor,
 * decorative unless labelled (auth-icons.tsx). The web's build writes the ones a boot screen draws into
 * boot-text.json (vite.config.ts).
 */
export const AUTH_ICON_PATHS = {
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM9 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0',
  eyeOff:
    'M3 3l18 18M10.6 5.1A10.5 10.5 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6C3.8 8.4 2 12 2 12s3.6 7 10 7a9.9 9.9 0 0 0 5.4-1.6M9.9 9.9a3 3 0 0 0 4.2 4.2',
  refresh: 'M20 11a8 8 0 0 0-14.8-3.5M4 4v4h4M4 13a8 8 0 0 0 14.8 3.5M20 20v-4h-4',
  copy: 'M9 9h11v11H9zM5 15H4V4h11v1',
  logout: 'M10 4H6a2 2 0 0 0-2 2v12a2 2 0 0 0 2 2h4M14 16l4-4-4-4M18 12H9',
  shield: 'M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6l8-3zM9 12l2 2 4-4',
  clock: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M12 7v5l3 2',
  team: 'M7 8a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M2 20a8 8 0 0 1 13-6.2M17 11a2.5 2.5 0 1 0 0-5M22 19a6 6 0 0 0-4-5.6',
  wallet: 'M3 7h16a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7zM3 7l12-4 2 4M16 13.5h.01',
} as const;
