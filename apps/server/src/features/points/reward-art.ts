/**
 * Pictures of the points mall's rewards, drawn locally as SVG (nothing is fetched from another host), like the
 * banners of seed/artwork.ts. A picture key is `<motif>` or `<motif>-<variant>`: the motif picks the drawing,
 * the variant its label (৳ amount of a cash reward, number of free spins) and its colours, so an operator's new
 * reward gets a fitting picture by naming it. Every picture is a pure function of its key: cached as immutable.
 */
import { POINTS_REWARD_MOTIFS } from '@playfront/contract/console-loyalty';
import { Lru } from '../../infra/lru.ts';
import { outlineTexts } from '../../seed/text-outlines.ts';

/** The motifs (one list with the console's create form, which checks a new item's picture against it). */
export const REWARD_MOTIFS = POINTS_REWARD_MOTIFS;
export type RewardMotif = (typeof REWARD_MOTIFS)[number];

/** Pictures are 16:10 (the mall's cards); the motif is drawn in a 320 square scaled into the middle, so a square crop shows all of it. */
const W = 320;
const H = 200;
const SIZE = 320;
const PALETTES: Record<RewardMotif, { from: string; to: string; accent: string }> = {
  cash: { from: '#0b3b2a', to: '#13795b', accent: '#f5c542' },
  spins: { from: '#2a0a2e', to: '#7a1648', accent: '#ffd166' },
  jersey: { from: '#062b1f', to: '#0f5a3a', accent: '#9be15d' },
  earbuds: { from: '#0a0f1f', to: '#2b3a63', accent: '#7dd3fc' },
  phone: { from: '#160b36', to: '#3d2391', accent: '#c9a2ff' },
  powerbank: { from: '#2b0d05', to: '#8a2b0b', accent: '#ffb347' },
  watch: { from: '#052b36', to: '#0d6e7a', accent: '#5ce1e6' },
  gift: { from: '#3a0b14', to: '#9b1b30', accent: '#f5c542' },
};

const FONT = `'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif`;

function parseKey(key: string): { motif: RewardMotif; variant: string } | undefined {
  const m = /^([a-z]+)(?:-([a-z0-9-]{1,30}))?$/.exec(key);
  if (!m || !(REWARD_MOTIFS as readonly string[]).includes(m[1] ?? '')) return undefined;
  return { motif: m[1] as RewardMotif, variant: m[2] ?? '' };
}

/** Sparkles placed by a small seeded generator, so a key always draws the same picture. */
function sparkles(seed: string, colour: string): string {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  const random = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let i = 0; i < 14; i++) {
    const x = Math.round(random() * W);
    const y = Math.round(random() * H);
    const s = 2 + Math.round(random() * 4);
    out.push(
      `<path d="M${x} ${y - s * 2} Q${x} ${y} ${x + s * 2} ${y} Q${x} ${y} ${x} ${y + s * 2} Q${x} ${y} ${x - s * 2} ${y} Q${x} ${y} ${x} ${y - s * 2} Z" fill="${colour}" opacity="${(0.25 + random() * 0.5).toFixed(2)}"/>`,
    );
  }
  return out.join('');
}

const label = (text: string, y: number, size: number, colour: string) =>
  `<text x="160" y="${y}" font-size="${size}" font-weight="800" text-anchor="middle" fill="${colour}" font-family="${FONT}">${text}</text>`;

function drawing(motif: RewardMotif, variant: string, accent: string): string {
  const number = /^\d{1,6}$/.test(variant) ? variant : '';
  switch (motif) {
    case 'cash':
      // No currency glyph: an SVG shown through <img> has only the viewer's system fonts, which may lack ৳.
      return [
        `<rect x="54" y="92" width="204" height="116" rx="12" fill="#2f9e6e" stroke="#d8f3dc" stroke-width="4" transform="rotate(-8 156 150)"/>`,
        `<rect x="62" y="108" width="204" height="116" rx="12" fill="#40b883" stroke="#ffffff" stroke-width="4"/>`,
        `<rect x="74" y="120" width="180" height="92" rx="8" fill="none" stroke="#d8f3dc" stroke-width="2" opacity="0.7"/>`,
        `<circle cx="164" cy="166" r="36" fill="#2f9e6e" stroke="#ffffff" stroke-width="4"/>`,
        number ? label(number, 181, number.length > 2 ? 28 : 38, '#ffffff') : `<circle cx="164" cy="166" r="12" fill="${accent}"/>`,
        ...[0, 1, 2].map(
          (i) =>
            `<ellipse cx="${238 - i * 4}" cy="${262 - i * 14}" rx="34" ry="11" fill="${accent}" stroke="#8a6212" stroke-width="3"/><ellipse cx="${238 - i * 4}" cy="${259 - i * 14}" rx="24" ry="6" fill="none" stroke="#fff3c4" stroke-width="2"/>`,
        ),
      ].join('');
    case 'spins':
      return [
        `<rect x="58" y="96" width="204" height="132" rx="18" fill="#1f1030" stroke="${accent}" stroke-width="5"/>`,
        ...[0, 1, 2].map(
          (i) =>
            `<rect x="${76 + i * 60}" y="116" width="48" height="92" rx="8" fill="#fdf6e3"/><text x="${100 + i * 60}" y="176" font-size="38" text-anchor="middle" fill="${['#c8102e', '#1d4ed8', '#c8102e'][i]}" font-family="${FONT}">${['7', '★', '7'][i]}</text>`,
        ),
        `<rect x="270" y="110" width="10" height="60" rx="5" fill="#d1d5db"/><circle cx="275" cy="104" r="12" fill="#c8102e"/>`,
        number ? label(`${number} FS`, 84, 38, accent) : '',
      ].join('');
    case 'jersey':
      return [
        `<path d="M104 86 L136 72 Q160 92 184 72 L216 86 L258 122 L232 150 L214 136 L214 252 L106 252 L106 136 L88 150 L62 122 Z" fill="#1e8a4c" stroke="#ffffff" stroke-width="4" stroke-linejoin="round"/>`,
        `<path d="M136 72 Q160 106 184 72" fill="none" stroke="${accent}" stroke-width="6"/>`,
        `<rect x="106" y="180" width="108" height="14" fill="${accent}" opacity="0.9"/>`,
        label(number || '10', 168, 48, '#ffffff'),
      ].join('');
    case 'earbuds':
      return [
        `<rect x="92" y="150" width="136" height="96" rx="40" fill="#f4f4f5" stroke="#a1a1aa" stroke-width="3"/>`,
        `<line x1="100" y1="190" x2="220" y2="190" stroke="#a1a1aa" stroke-width="3"/>`,
        `<circle cx="160" cy="212" r="5" fill="${accent}"/>`,
        ...[120, 200].map(
          (x, i) =>
            `<g transform="rotate(${i ? 18 : -18} ${x} 110)"><ellipse cx="${x}" cy="100" rx="22" ry="26" fill="#ffffff" stroke="#a1a1aa" stroke-width="3"/><rect x="${x - 8}" y="112" width="16" height="48" rx="8" fill="#ffffff" stroke="#a1a1aa" stroke-width="3"/></g>`,
        ),
      ].join('');
    case 'phone':
      return [
        `<rect x="106" y="52" width="108" height="216" rx="20" fill="#111827" stroke="#e5e7eb" stroke-width="4"/>`,
        `<rect x="116" y="72" width="88" height="172" rx="8" fill="url(#screen)"/>`,
        `<rect x="146" y="60" width="28" height="6" rx="3" fill="#374151"/>`,
        `<circle cx="160" cy="150" r="26" fill="none" stroke="#ffffff" stroke-width="4" opacity="0.9"/>`,
        `<path d="M152 136 L174 150 L152 164 Z" fill="#ffffff"/>`,
      ].join('');
    case 'powerbank':
      return [
        `<rect x="96" y="70" width="128" height="190" rx="18" fill="#27272a" stroke="#e4e4e7" stroke-width="4"/>`,
        `<rect x="146" y="60" width="28" height="14" rx="4" fill="#a1a1aa"/>`,
        `<path d="M168 104 L132 170 L158 170 L148 224 L190 150 L162 150 L176 104 Z" fill="${accent}"/>`,
        ...[0, 1, 2, 3].map(
          (i) => `<rect x="${118 + i * 22}" y="236" width="14" height="8" rx="2" fill="${i < 3 ? '#4ade80' : '#52525b'}"/>`,
        ),
      ].join('');
    case 'watch':
      return [
        `<rect x="132" y="50" width="56" height="220" rx="14" fill="#374151"/>`,
        `<rect x="104" y="100" width="112" height="120" rx="28" fill="#111827" stroke="#e5e7eb" stroke-width="5"/>`,
        `<rect x="116" y="112" width="88" height="96" rx="18" fill="url(#screen)"/>`,
        label('12:00', 168, 26, '#ffffff'),
      ].join('');
    case 'gift':
      return [
        `<rect x="76" y="140" width="168" height="118" rx="8" fill="#c8102e" stroke="#ffffff" stroke-width="3"/>`,
        `<rect x="66" y="112" width="188" height="36" rx="6" fill="#e11d48" stroke="#ffffff" stroke-width="3"/>`,
        `<rect x="148" y="112" width="24" height="146" fill="${accent}"/>`,
        `<path d="M160 112 Q120 70 112 96 Q108 116 160 112 Q212 116 208 96 Q200 70 160 112 Z" fill="${accent}" stroke="#8a6212" stroke-width="2"/>`,
      ].join('');
  }
}

/** Pictures drawn so far (their words are shaped into outlines, which costs milliseconds): the mall's few hundred. */
const drawn = new Lru<string>(500);

/** The picture of a key, or undefined when the key names no motif. */
export function renderRewardPicture(key: string): string | undefined {
  const parsed = parseKey(key);
  if (!parsed) return undefined;
  return drawn.getOrMake(key, () => drawPicture(key, parsed));
}

/** The words are written as <text>, then drawn as outlines (seed/text-outlines.ts, decision 072). */
function drawPicture(key: string, parsed: NonNullable<ReturnType<typeof parseKey>>): string {
  const palette = PALETTES[parsed.motif];
  const k = H / SIZE;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img">`,
    '<defs>',
    `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<radialGradient id="glow" cx="0.5" cy="0.45" r="0.55"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="screen" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.accent}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    '</defs>',
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>`,
    `<rect width="${W}" height="${H}" fill="url(#glow)"/>`,
    sparkles(key, '#fff8e1'),
    `<g transform="translate(${(W - SIZE * k) / 2} 0) scale(${k})">${drawing(parsed.motif, parsed.variant, palette.accent)}</g>`,
    '</svg>',
  ].join('');
  return outlineTexts(svg);
}
