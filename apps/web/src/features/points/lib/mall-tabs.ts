/**
 * The points mall's sections as `?tab=` pages, in the order of its tab row (point-mall-screen.tsx); the web's build
 * writes them into boot-text.json, so the server draws the same row (vite.config.ts).
 */
export const MALL_TABS = ['rewards', 'history', 'details', 'rules'] as const;
export type MallTab = (typeof MALL_TABS)[number];

/** The section a `?tab=` names; the reward catalogue by default. */
export const mallTabOf = (search: URLSearchParams): MallTab => {
  const tab = search.get('tab');
  return (MALL_TABS as readonly string[]).includes(tab ?? '') ? (tab as MallTab) : 'rewards';
};
