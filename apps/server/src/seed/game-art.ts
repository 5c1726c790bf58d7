import type { GameClassify, GameType } from '@playfront/contract/games-paths';
import { type Suit, suitShape } from './card-suits.ts';
import { outlineTexts } from './text-outlines.ts';

/**
 * Generated catalogue artwork: game tiles, vendor icons and team crests, drawn
 * locally as small SVGs (nothing is fetched from another host). Each image is a
 * pure function of what its URL names, so it can be cached as immutable.
 *
 * URLs (relative to an image CDN host, see cdn routes):
 *   /game-art/v1/<VENDOR>/<gameCode>.<hash>.svg   hash = fnv1a(EN name): a renamed game gets a new URL
 *   /vendor-art/v1/<VENDOR>.svg
 *   /team-art/v1/<slug>.svg
 * Bump GAME_ART_VERSION when the drawing changes.
 */
export const GAME_ART_VERSION = 'v1';

/** FNV-1a, 32 bits: a stable, fast string hash for seeds and URL fingerprints. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, so "random" art and demo data are the same on every machine. */
export function seededRandom(seed: number | string): () => number {
  let a = (typeof seed === 'string' ? hashString(seed) : seed) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex8 = (n: number) => n.toString(16).padStart(8, '0');

export function gameArtPath(vendor: string, gameCode: string, nameEn: string): string {
  return `/game-art/${GAME_ART_VERSION}/${encodeURIComponent(vendor)}/${encodeURIComponent(gameCode)}.${hex8(hashString(nameEn))}.svg`;
}
export const gameArtFingerprint = (nameEn: string) => hex8(hashString(nameEn));

export function vendorArtPath(vendor: string): string {
  return `/vendor-art/${GAME_ART_VERSION}/${encodeURIComponent(vendor)}.svg`;
}

export function teamArtPath(slug: string): string {
  return `/team-art/${GAME_ART_VERSION}/${slug}.svg`;
}

/** Team names to crest slugs: `Dhaka Royals` → `dhaka-royals`. */
export const teamSlug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 40);

// ---- drawing ---------------------------------------------------------------------

type Palette = { from: string; to: string; accent: string };
const PALETTES: readonly Palette[] = [
  { from: '#0b1530', to: '#25408f', accent: '#f5c542' },
  { from: '#062b1f', to: '#138a57', accent: '#b6f36a' },
  { from: '#2a0a2e', to: '#8e1550', accent: '#ff7aa2' },
  { from: '#052b36', to: '#0f7d8a', accent: '#6ff0f0' },
  { from: '#2b0d05', to: '#a3360e', accent: '#ffc060' },
  { from: '#160b36', to: '#4b2aa8', accent: '#d2b0ff' },
  { from: '#1a1a1a', to: '#4a4a4a', accent: '#f5c542' },
  { from: '#3a0606', to: '#b3121d', accent: '#ffd166' },
  { from: '#04263f', to: '#1565c0', accent: '#90caf9' },
  { from: '#1b2a05', to: '#557a0f', accent: '#f1fa8c' },
  { from: '#33082b', to: '#7b1fa2', accent: '#f48fb1' },
  { from: '#3b2205', to: '#b7791f', accent: '#fff3b0' },
  { from: '#08302f', to: '#00897b', accent: '#ffe082' },
  { from: '#241302', to: '#6d4c1f', accent: '#ffb74d' },
  { from: '#0d0d2b', to: '#283593', accent: '#ff8a65' },
  { from: '#2e0b0b', to: '#6a1b9a', accent: '#ffd54f' },
];

const FONT = `'Noto Sans Bengali','Segoe UI',Roboto,Arial,sans-serif`;
const r1 = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

type Motif =
  | 'seven'
  | 'cherry'
  | 'gem'
  | 'crown'
  | 'star'
  | 'bell'
  | 'coin'
  | 'clover'
  | 'flame'
  | 'moon'
  | 'cards'
  | 'chip'
  | 'wheel'
  | 'ticket'
  | 'rocket'
  | 'dice'
  | 'fish'
  | 'ball'
  | 'pad'
  | 'feather'
  | 'lotto';

const SLOT_MOTIFS: readonly Motif[] = ['seven', 'cherry', 'gem', 'crown', 'star', 'bell', 'coin', 'clover', 'flame', 'moon'];

function motifsFor(gameType: GameType, classify: GameClassify | null): readonly Motif[] {
  if (classify === 'SC') return ['ticket'];
  if (classify === 'VP') return ['cards'];
  if (classify === 'TG') return ['cards', 'chip', 'wheel'];
  if (classify === 'AC') return ['rocket', 'dice', 'gem'];
  if (classify === 'JP') return ['crown', 'coin', 'gem'];
  switch (gameType) {
    case 'LIVE':
      return ['cards', 'chip', 'wheel'];
    case 'FISH':
      return ['fish'];
    case 'SPORTS':
      return ['ball'];
    case 'ESPORTS':
      return ['pad'];
    case 'COCKFIGHT':
      return ['feather'];
    case 'LOTT':
    case 'ELOTT':
      return ['lotto'];
    case 'PVP':
    case 'RUMMY':
    case 'LUDO':
      return ['cards', 'dice', 'chip'];
    default:
      return SLOT_MOTIFS;
  }
}

/** One motif in a 100×100 design box, scaled by k and placed at (x0, y0). */
function drawMotif(m: Motif, x0: number, y0: number, k: number, accent: string): string {
  const X = (x: number) => r1(x0 + x * k);
  const Y = (y: number) => r1(y0 + y * k);
  const L = (n: number) => r1(n * k);
  const P = (pts: [number, number][]) => pts.map(([x, y]) => `${X(x)},${Y(y)}`).join(' ');
  switch (m) {
    case 'seven':
      return `<text x="${X(50)}" y="${Y(82)}" text-anchor="middle" font-family="Georgia,serif" font-weight="900" font-size="${L(96)}" fill="url(#gold)" stroke="#7a1010" stroke-width="${L(3)}">7</text>`;
    case 'cherry':
      return `<path d="M${X(34)} ${Y(60)} Q${X(45)} ${Y(25)} ${X(70)} ${Y(12)} M${X(66)} ${Y(62)} Q${X(64)} ${Y(30)} ${X(70)} ${Y(12)}" stroke="#3f7d20" stroke-width="${L(4)}" fill="none"/><circle cx="${X(32)}" cy="${Y(70)}" r="${L(17)}" fill="#d7192d"/><circle cx="${X(67)}" cy="${Y(72)}" r="${L(17)}" fill="#e52b3c"/><circle cx="${X(27)}" cy="${Y(64)}" r="${L(4)}" fill="#fff" opacity="0.6"/><circle cx="${X(62)}" cy="${Y(66)}" r="${L(4)}" fill="#fff" opacity="0.6"/>`;
    case 'gem':
      return `<polygon points="${P([
        [20, 38],
        [35, 16],
        [65, 16],
        [80, 38],
        [50, 88],
      ])}" fill="${accent}" stroke="#ffffff" stroke-width="${L(2)}"/><polygon points="${P([
        [20, 38],
        [80, 38],
        [50, 88],
      ])}" fill="#000" opacity="0.18"/><polyline points="${P([
        [35, 16],
        [42, 38],
        [50, 88],
        [58, 38],
        [65, 16],
      ])}" fill="none" stroke="#fff" stroke-width="${L(1.5)}" opacity="0.7"/>`;
    case 'crown':
      return `<polygon points="${P([
        [14, 78],
        [18, 30],
        [36, 52],
        [50, 22],
        [64, 52],
        [82, 30],
        [86, 78],
      ])}" fill="url(#gold)" stroke="#8a6212" stroke-width="${L(2)}"/><rect x="${X(14)}" y="${Y(76)}" width="${L(72)}" height="${L(10)}" rx="${L(2)}" fill="url(#gold)" stroke="#8a6212" stroke-width="${L(2)}"/><circle cx="${X(50)}" cy="${Y(62)}" r="${L(6)}" fill="#d7192d"/><circle cx="${X(30)}" cy="${Y(66)}" r="${L(4)}" fill="#1e88e5"/><circle cx="${X(70)}" cy="${Y(66)}" r="${L(4)}" fill="#1e88e5"/>`;
    case 'star': {
      const pts: [number, number][] = [];
      for (let i = 0; i < 10; i++) {
        const a = -Math.PI / 2 + (i * Math.PI) / 5;
        const r = i % 2 === 0 ? 42 : 18;
        pts.push([50 + r * Math.cos(a), 52 + r * Math.sin(a)]);
      }
      return `<polygon points="${P(pts)}" fill="url(#gold)" stroke="#fff6c8" stroke-width="${L(2)}"/>`;
    }
    case 'bell':
      return `<path d="M${X(50)} ${Y(14)} C${X(74)} ${Y(14)} ${X(74)} ${Y(40)} ${X(76)} ${Y(58)} L${X(86)} ${Y(74)} L${X(14)} ${Y(74)} L${X(24)} ${Y(58)} C${X(26)} ${Y(40)} ${X(26)} ${Y(14)} ${X(50)} ${Y(14)} Z" fill="url(#gold)" stroke="#8a6212" stroke-width="${L(2)}"/><circle cx="${X(50)}" cy="${Y(82)}" r="${L(8)}" fill="url(#gold)" stroke="#8a6212" stroke-width="${L(2)}"/>`;
    case 'coin':
      return `<circle cx="${X(50)}" cy="${Y(50)}" r="${L(38)}" fill="url(#gold)" stroke="#8a6212" stroke-width="${L(3)}"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(28)}" fill="none" stroke="#fff3c4" stroke-width="${L(2)}"/><text x="${X(50)}" y="${Y(63)}" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${L(38)}" fill="#8a6212">৳</text>`;
    case 'clover':
      return `<circle cx="${X(38)}" cy="${Y(38)}" r="${L(15)}" fill="#2e9d4a"/><circle cx="${X(62)}" cy="${Y(38)}" r="${L(15)}" fill="#34b455"/><circle cx="${X(38)}" cy="${Y(62)}" r="${L(15)}" fill="#34b455"/><circle cx="${X(62)}" cy="${Y(62)}" r="${L(15)}" fill="#2e9d4a"/><path d="M${X(52)} ${Y(62)} Q${X(60)} ${Y(80)} ${X(70)} ${Y(92)}" stroke="#1f6b31" stroke-width="${L(4)}" fill="none"/>`;
    case 'flame':
      return `<path d="M${X(50)} ${Y(8)} C${X(66)} ${Y(30)} ${X(84)} ${Y(46)} ${X(76)} ${Y(70)} C${X(70)} ${Y(88)} ${X(30)} ${Y(92)} ${X(24)} ${Y(70)} C${X(18)} ${Y(50)} ${X(36)} ${Y(40)} ${X(40)} ${Y(24)} C${X(46)} ${Y(36)} ${X(48)} ${Y(26)} ${X(50)} ${Y(8)} Z" fill="#ff6d00"/><path d="M${X(50)} ${Y(40)} C${X(60)} ${Y(54)} ${X(66)} ${Y(64)} ${X(60)} ${Y(76)} C${X(54)} ${Y(86)} ${X(40)} ${Y(84)} ${X(38)} ${Y(72)} C${X(36)} ${Y(60)} ${X(46)} ${Y(56)} ${X(50)} ${Y(40)} Z" fill="#ffd54f"/>`;
    case 'moon':
      return `<path d="M${X(62)} ${Y(12)} A${L(40)} ${L(40)} 0 1 0 ${X(88)} ${Y(66)} A${L(32)} ${L(32)} 0 1 1 ${X(62)} ${Y(12)} Z" fill="url(#gold)" stroke="#fff6c8" stroke-width="${L(1.5)}"/>`;
    case 'cards':
      return [-14, 0, 14]
        .map((angle, i) => {
          const suit = (['♠', '♥', '♦'] as const)[i] as Suit;
          const colour = suit === '♠' ? '#111827' : '#c8102e';
          return `<g transform="rotate(${angle} ${X(50)} ${Y(96)})"><rect x="${X(32)}" y="${Y(14)}" width="${L(36)}" height="${L(54)}" rx="${L(4)}" fill="#fdfdfd" stroke="#cbd5e1" stroke-width="${L(1)}"/>${suitShape(suit, X(50), Y(50) - L(8.4), L(15), colour)}</g>`;
        })
        .join('');
    case 'chip':
      return `<circle cx="${X(50)}" cy="${Y(50)}" r="${L(38)}" fill="${accent}"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(38)}" fill="none" stroke="#fff" stroke-width="${L(8)}" stroke-dasharray="${L(12)} ${L(8)}"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(22)}" fill="#fff" opacity="0.9"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(16)}" fill="${accent}"/>`;
    case 'wheel': {
      const spokes = Array.from({ length: 12 }, (_, i) => {
        const a = (i * Math.PI) / 6;
        return `<line x1="${X(50)}" y1="${Y(50)}" x2="${X(50 + 38 * Math.cos(a))}" y2="${Y(50 + 38 * Math.sin(a))}" stroke="#fff" stroke-width="${L(1.5)}" opacity="0.8"/>`;
      }).join('');
      return `<circle cx="${X(50)}" cy="${Y(50)}" r="${L(40)}" fill="#7a1010" stroke="url(#gold)" stroke-width="${L(5)}"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(30)}" fill="#111827"/>${spokes}<circle cx="${X(50)}" cy="${Y(50)}" r="${L(8)}" fill="url(#gold)"/><circle cx="${X(72)}" cy="${Y(30)}" r="${L(4)}" fill="#fff"/>`;
    }
    case 'ticket':
      return `<rect x="${X(12)}" y="${Y(24)}" width="${L(76)}" height="${L(52)}" rx="${L(6)}" fill="#fdfdfd"/><rect x="${X(22)}" y="${Y(34)}" width="${L(56)}" height="${L(32)}" rx="${L(4)}" fill="#9ca3af"/><path d="M${X(26)} ${Y(58)} L${X(44)} ${Y(40)} L${X(52)} ${Y(50)} L${X(64)} ${Y(38)}" stroke="${accent}" stroke-width="${L(5)}" fill="none" stroke-linecap="round"/>`;
    case 'rocket':
      return `<path d="M${X(50)} ${Y(8)} C${X(66)} ${Y(22)} ${X(66)} ${Y(52)} ${X(60)} ${Y(70)} L${X(40)} ${Y(70)} C${X(34)} ${Y(52)} ${X(34)} ${Y(22)} ${X(50)} ${Y(8)} Z" fill="#eceff1" stroke="#90a4ae" stroke-width="${L(1.5)}"/><circle cx="${X(50)}" cy="${Y(36)}" r="${L(7)}" fill="#29b6f6"/><path d="M${X(40)} ${Y(56)} L${X(26)} ${Y(74)} L${X(40)} ${Y(70)} Z M${X(60)} ${Y(56)} L${X(74)} ${Y(74)} L${X(60)} ${Y(70)} Z" fill="#e53935"/><path d="M${X(43)} ${Y(72)} L${X(50)} ${Y(94)} L${X(57)} ${Y(72)} Z" fill="#ffb300"/>`;
    case 'dice': {
      const pip = (x: number, y: number) => `<circle cx="${X(x)}" cy="${Y(y)}" r="${L(5)}" fill="#111827"/>`;
      return `<rect x="${X(18)}" y="${Y(18)}" width="${L(64)}" height="${L(64)}" rx="${L(12)}" fill="#fdfdfd" stroke="#cbd5e1" stroke-width="${L(2)}"/>${pip(34, 34)}${pip(66, 34)}${pip(50, 50)}${pip(34, 66)}${pip(66, 66)}`;
    }
    case 'fish':
      return `<ellipse cx="${X(46)}" cy="${Y(50)}" rx="${L(30)}" ry="${L(20)}" fill="${accent}"/><polygon points="${P([
        [72, 50],
        [92, 32],
        [92, 68],
      ])}" fill="${accent}"/><circle cx="${X(30)}" cy="${Y(45)}" r="${L(4)}" fill="#111827"/><path d="M${X(42)} ${Y(34)} Q${X(50)} ${Y(50)} ${X(42)} ${Y(66)}" stroke="#fff" stroke-width="${L(2)}" fill="none" opacity="0.6"/>`;
    case 'ball':
      return `<circle cx="${X(50)}" cy="${Y(50)}" r="${L(36)}" fill="#c8102e" stroke="#7d0a1c" stroke-width="${L(2)}"/><path d="M${X(26)} ${Y(24)} Q${X(50)} ${Y(50)} ${X(26)} ${Y(76)} M${X(74)} ${Y(24)} Q${X(50)} ${Y(50)} ${X(74)} ${Y(76)}" stroke="#fff" stroke-width="${L(2)}" stroke-dasharray="${L(3)} ${L(2)}" fill="none"/>`;
    case 'pad':
      return `<rect x="${X(12)}" y="${Y(30)}" width="${L(76)}" height="${L(42)}" rx="${L(20)}" fill="#263238" stroke="${accent}" stroke-width="${L(2)}"/><path d="M${X(28)} ${Y(51)} h${L(14)} M${X(35)} ${Y(44)} v${L(14)}" stroke="#fff" stroke-width="${L(4)}"/><circle cx="${X(64)}" cy="${Y(46)}" r="${L(4)}" fill="#ef5350"/><circle cx="${X(72)}" cy="${Y(54)}" r="${L(4)}" fill="#66bb6a"/>`;
    case 'feather':
      return `<path d="M${X(30)} ${Y(88)} C${X(30)} ${Y(50)} ${X(50)} ${Y(16)} ${X(82)} ${Y(10)} C${X(76)} ${Y(44)} ${X(56)} ${Y(76)} ${X(30)} ${Y(88)} Z" fill="#e65100" stroke="#ffcc80" stroke-width="${L(2)}"/><path d="M${X(30)} ${Y(88)} L${X(70)} ${Y(24)}" stroke="#ffcc80" stroke-width="${L(2)}"/>`;
    case 'lotto':
      return [
        [30, 42, '#e53935', 7],
        [66, 38, '#1e88e5', 3],
        [48, 70, '#43a047', 9],
      ]
        .map(
          ([x, y, c, n]) =>
            `<circle cx="${X(x as number)}" cy="${Y(y as number)}" r="${L(18)}" fill="${c}"/><circle cx="${X(x as number)}" cy="${Y(y as number)}" r="${L(10)}" fill="#fff"/><text x="${X(x as number)}" y="${Y((y as number) + 5)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${L(14)}" fill="#111827">${n}</text>`,
        )
        .join('');
  }
}

/** Splits a title into at most two lines of about `width` characters, with an ellipsis when it still does not fit. */
function wrapTitle(title: string, width: number): string[] {
  const words = title.split(/\s+/).filter(Boolean);
  const lines: string[] = [''];
  for (const word of words) {
    const current = lines[lines.length - 1] as string;
    if (current === '' || current.length + 1 + word.length <= width) lines[lines.length - 1] = current ? `${current} ${word}` : word;
    else if (lines.length < 2) lines.push(word);
    else lines[1] = `${lines[1]} ${word}`;
  }
  return lines.map((l) => (l.length > width + 2 ? `${l.slice(0, width)}…` : l));
}

export type GameTileSpec = { vendor: string; gameCode: string; nameEn: string; gameType: GameType; classify: GameClassify | null };

/** A 240×240 game tile: palette and motif from the game's identity, its name, and the vendor badge. */
export function renderGameTile(spec: GameTileSpec): string {
  const seed = `${spec.vendor}/${spec.gameCode}/${spec.nameEn}`;
  const random = seededRandom(seed);
  const palette = PALETTES[hashString(seed) % PALETTES.length] as Palette;
  const motifs = motifsFor(spec.gameType, spec.classify);
  const motif = motifs[Math.floor(random() * motifs.length)] as Motif;
  const size = 240;
  const deco: string[] = [];
  for (let i = 0; i < 7; i++) {
    const cx = r1(random() * size);
    const cy = r1(random() * 170);
    const r = r1(6 + random() * 30);
    deco.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${palette.accent}" stroke-width="${r1(1 + random() * 2)}" opacity="${r1(0.1 + random() * 0.15)}"/>`,
    );
  }
  const lines = wrapTitle(spec.nameEn, 18);
  const titleSize = lines.some((l) => l.length > 14) ? 17 : 20;
  const firstY = lines.length === 1 ? 212 : 200;
  const title = lines
    .map(
      (l, i) =>
        `<text x="120" y="${firstY + i * (titleSize + 3)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${titleSize}" fill="#ffffff">${escapeXml(l)}</text>`,
    )
    .join('');
  const badgeWidth = 14 + spec.vendor.length * 7;
  return outlineTexts(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(spec.nameEn)}">`,
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
      `<radialGradient id="glow" cx="0.5" cy="0.4" r="0.5"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.5"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
      '<linearGradient id="gold" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.5" stop-color="#f5c542"/><stop offset="1" stop-color="#b7862a"/></linearGradient></defs>',
      `<rect width="${size}" height="${size}" rx="18" fill="url(#bg)"/><rect width="${size}" height="${size}" rx="18" fill="url(#glow)"/>`,
      deco.join(''),
      drawMotif(motif, 60, 22, 1.2, palette.accent),
      `<path d="M0 172 H240 V222 A18 18 0 0 1 222 240 H18 A18 18 0 0 1 0 222 Z" fill="#000" opacity="0.45"/>`,
      title,
      `<rect x="10" y="10" width="${badgeWidth}" height="20" rx="10" fill="#000" opacity="0.5"/><text x="${10 + badgeWidth / 2}" y="24" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="11" fill="${palette.accent}">${escapeXml(spec.vendor)}</text>`,
      '</svg>',
    ].join(''),
  );
}

/** A 160×64 vendor logo: the code in the vendor's colours. */
export function renderVendorIcon(vendor: string): string {
  const palette = PALETTES[hashString(`vendor:${vendor}`) % PALETTES.length] as Palette;
  const label = vendor.replace(/[_-]/g, ' ');
  // About 110 px of room beside the emblem; bold glyphs are ~0.7 em wide.
  const size = Math.min(26, Math.floor(110 / (0.7 * label.length)));
  return outlineTexts(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="64" viewBox="0 0 160 64" role="img" aria-label="${escapeXml(vendor)}">`,
      `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`,
      '<rect width="160" height="64" rx="12" fill="url(#bg)"/>',
      `<circle cx="26" cy="32" r="16" fill="${palette.accent}"/><text x="26" y="38" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="16" fill="${palette.from}">${escapeXml(vendor.charAt(0))}</text>`,
      `<text x="98" y="${32 + size * 0.35}" text-anchor="middle" font-family="${FONT}" font-weight="800" font-size="${size}" fill="#ffffff" letter-spacing="1">${escapeXml(label)}</text>`,
      '</svg>',
    ].join(''),
  );
}

/** A 96×96 crest: a two-colour shield with the team's initials. */
export function renderTeamCrest(slug: string): string {
  const palette = PALETTES[hashString(`team:${slug}`) % PALETTES.length] as Palette;
  const initials = slug
    .split('-')
    .filter(Boolean)
    .slice(0, 3)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  return outlineTexts(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(initials)}">`,
      `<path d="M48 6 L84 18 V46 C84 68 68 82 48 90 C28 82 12 68 12 46 V18 Z" fill="${palette.to}" stroke="${palette.accent}" stroke-width="4"/>`,
      `<path d="M48 6 L84 18 V46 C84 68 68 82 48 90 Z" fill="${palette.from}" opacity="0.85"/>`,
      `<text x="48" y="58" text-anchor="middle" font-family="${FONT}" font-weight="900" font-size="${initials.length > 2 ? 22 : 28}" fill="#ffffff">${escapeXml(initials)}</text>`,
      '</svg>',
    ].join(''),
  );
}
