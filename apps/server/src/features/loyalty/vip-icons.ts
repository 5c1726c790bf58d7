/**
 * VIP level icons, drawn locally as SVG (nothing is fetched from another host): a shield in the level's colours with
 * a gem on it. Unknown keys have no picture (the route answers 404 and the web shows its fallback badge).
 */
const PALETTE: Record<string, { a: string; b: string; gem: string }> = {
  bronze: { a: '#c98b55', b: '#7a4a24', gem: '#f3c79b' },
  silver: { a: '#e3e7ee', b: '#8a94a6', gem: '#ffffff' },
  gold: { a: '#ffd66b', b: '#b8860b', gem: '#fff3c4' },
  platinum: { a: '#d9f2f2', b: '#6f9ea3', gem: '#f4ffff' },
  emerald: { a: '#48d49a', b: '#0f6b45', gem: '#c9ffe6' },
  sapphire: { a: '#5b8dff', b: '#1b3a9a', gem: '#d3e1ff' },
  ruby: { a: '#ff5a7a', b: '#8e1030', gem: '#ffd0da' },
  diamond: { a: '#b9f3ff', b: '#5a6cff', gem: '#ffffff' },
};

export function renderVipIcon(key: string): string | undefined {
  const p = PALETTE[key];
  if (!p) return undefined;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.a}"/><stop offset="1" stop-color="${p.b}"/></linearGradient></defs>
<path d="M32 3 L56 12 V30 C56 45 45 56 32 61 C19 56 8 45 8 30 V12 Z" fill="url(#g)" stroke="${p.b}" stroke-width="2"/>
<path d="M20 26 L26 19 H38 L44 26 L32 44 Z" fill="${p.gem}" stroke="${p.b}" stroke-width="1.5" stroke-linejoin="round"/>
<path d="M20 26 H44 M26 19 L32 26 L38 19 M32 26 V44" fill="none" stroke="${p.b}" stroke-width="1" opacity="0.6"/>
</svg>`;
}
