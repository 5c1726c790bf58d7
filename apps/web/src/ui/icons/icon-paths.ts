/**
 * The site's line icons: 24×24, stroked with currentColor, drawn here so no
 * icon font or image is fetched. Each is one path string (circles and rects
 * written as arcs), which keeps the entry bundle small. Decorative by default (aria-hidden); give a
 * `label` when the icon alone carries meaning (icon.tsx). The web's build writes the ones a boot screen draws into
 * boot-text.json (vite.config.ts).
 */
export const ICON_PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6 6 18',
  sun: 'M8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20.5 14.1A8.5 8.5 0 1 1 9.9 3.5a6.8 6.8 0 0 0 10.6 10.6z',
  globe: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3z',
  gamepad:
    'M7 7h10a5 5 0 0 1 4.9 6l-.8 4a2.5 2.5 0 0 1-4.3 1.2L14.6 16H9.4l-2.2 2.2A2.5 2.5 0 0 1 2.9 17l-.8-4A5 5 0 0 1 7 7zM8 10v4M6 12h4M15.5 11h.01M17.5 13h.01',
  gift: 'M3 9h18v4H3zM5 13h14v8H5zM12 9v12M12 9S10.5 4 8 4a2.5 2.5 0 0 0 0 5M12 9s1.5-5 4-5a2.5 2.5 0 0 1 0 5',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z',
  megaphone: 'M3 10v4a1 1 0 0 0 1 1h2l4 4V5L6 9H4a1 1 0 0 0-1 1zM14 8.5a5 5 0 0 1 0 7M17 5.5a9 9 0 0 1 0 13',
  share:
    'M15 5a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M3 12a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M15 19a3 3 0 1 0 6 0a3 3 0 1 0 -6 0M8.6 13.5l6.8 4M15.4 6.5l-6.8 4',
  heart: 'M12 20s-7.5-4.6-9.2-9.3A4.9 4.9 0 0 1 12 6.2a4.9 4.9 0 0 1 9.2 4.5C19.5 15.4 12 20 12 20z',
  deposit: 'M12 3v11M7.5 9.5 12 14l4.5-4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3',
  withdraw: 'M12 14V3M7.5 7.5 12 3l4.5 4.5M4 15v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3',
  crown: 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 11H5L3 8z',
  percent: 'M19 5 5 19M4.5 7a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0M14.5 17a2.5 2.5 0 1 0 5 0a2.5 2.5 0 1 0 -5 0',
  receipt: 'M6 3h12v18l-3-2-3 2-3-2-3 2V3zM9 8h6M9 12h6M9 16h3',
  user: 'M8 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M4 21a8 8 0 0 1 16 0',
  userPlus: 'M6 8a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M2 21a8 8 0 0 1 14.5-4.7M19 14v6M16 17h6',
  login: 'M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M10 16l4-4-4-4M14 12H3',
  list: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1v-5zM20 14h-3v6h2a1 1 0 0 0 1-1v-5zM17 20c0 1-2 2-5 2',
  telegram: 'M21 4 3 11l6 2.5M21 4l-3 16-6.5-5M21 4 9 13.5v5.5l2.5-4',
  facebook: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M13 21v-8h3M13 13h-2M13 13v-2.5A2.5 2.5 0 0 1 15.5 8H16',
  whatsapp: 'M3.5 20.5l1.3-4.3A8.5 8.5 0 1 1 8 19.4l-4.5 1.1zM9 8.5c0 3.5 3 6.5 6.5 6.5l1-1.5-2-1-1 .8a5 5 0 0 1-2.3-2.3l.8-1-1-2L9 8.5z',
  instagram: 'M8.5 3.5h7a5 5 0 0 1 5 5v7a5 5 0 0 1 -5 5h-7a5 5 0 0 1 -5 -5v-7a5 5 0 0 1 5 -5zM8 12a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M17 7h.01',
  phone: 'M8 2h8a2 2 0 0 1 2 2v16a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2zM11 18h2',
  download: 'M12 3v12M7 10l5 5 5-5M5 21h14',
  info: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M12 11v6M12 7.5h.01',
  success: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M8 12.5l2.5 2.5L16 9.5',
  warning: 'M12 3 2 20h20L12 3zM12 10v4.5M12 17.5h.01',
  error: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M9 9l6 6M15 9l-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  chevronRight: 'M9 6l6 6-6 6',
  live: 'M3 7h12v10H3zM15 10.5 21 7v10l-6-3.5',
  slots:
    'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1 -2 2h-14a2 2 0 0 1 -2 -2v-12a2 2 0 0 1 2 -2zM9 4v16M15 4v16M5 10.5l1.5-1.5 1 2M11 10.5l1.5-1.5 1 2M17 10.5l1.5-1.5 1 2',
  fish: 'M3 12c3-4.5 7.5-6 11-4.5 2 .9 3.5 2.5 4.5 4.5-1 2-2.5 3.6-4.5 4.5C10.5 18 6 16.5 3 12zM18.5 12 22 9v6l-3.5-3M8 11h.01',
  cards: 'M4 6.5 11 4l4 13-7 2.5L4 6.5zM14 4.5l6 1.5-3.5 13M8.5 10.5l2 2',
  ball: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0M12 7l4 3-1.5 4.5h-5L8 10l4-3zM12 3v4M20.5 9.5 16 10M17.5 19.5l-3-5M6.5 19.5l3-5M3.5 9.5 8 10',
  ticket: 'M3 7a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v3a2 2 0 0 0 0 4v3a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-3a2 2 0 0 0 0-4V7zM14 5v14',
  balls: 'M4 9a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M12 9a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M8 16a4 4 0 1 0 8 0a4 4 0 1 0 -8 0',
} satisfies Record<string, string>;
