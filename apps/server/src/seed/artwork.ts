import type { LanguageCode } from '@playfront/contract';
import { suitShape } from './card-suits.ts';
import { outlineTexts } from './text-outlines.ts';

/**
 * Demo artwork, generated locally as SVG (nothing is fetched from another host).
 * Every image is a pure function of its catalogue entry and language, so a URL
 * always renders the same bytes and can be cached as immutable. Bump
 * ARTWORK_VERSION when the drawing code changes, so caches see new URLs.
 *
 * The words are written as <text> and then drawn as outlines (text-outlines.ts, decision 072): an SVG shown through
 * <img> cannot use the page's web fonts, and shaping its text costs the page's main thread. The outlines look as
 * the same words did in Noto Sans Bengali, so the version did not change with them.
 */
export const ARTWORK_VERSION = 'v1';

export type ArtworkKind = 'banner' | 'popup';
export type Motif = 'coins' | 'cricket' | 'cards' | 'chips' | 'dice' | 'wheel' | 'gift' | 'star' | 'trophy' | 'phone';
type Text = Record<LanguageCode, string>;

export type ArtworkSpec = {
  key: string;
  kind: ArtworkKind;
  width: number;
  height: number;
  /** Background gradient from → to, and the accent used for glows, button and motif highlights. */
  palette: { from: string; to: string; accent: string };
  motif: Motif;
  headline: Text;
  sub: Text;
  cta: Text;
  /**
   * Art only, no words: for pictures shown beside their title in the page (promotion cards), where words would say
   * it twice, and where a phone without a Bengali font would draw boxes instead of letters.
   */
  textless?: boolean;
};

const HOME = { width: 1200, height: 400 };
const PANEL = { width: 800, height: 360 };
const SIDE = { width: 480, height: 200 };
const POPUP = { width: 600, height: 400 };

const PALETTES = {
  gold: { from: '#0b1530', to: '#1f2d5c', accent: '#f5c542' },
  pitch: { from: '#062b1f', to: '#0f5a3a', accent: '#9be15d' },
  casino: { from: '#2a0a2e', to: '#6a1039', accent: '#ff6b8b' },
  ocean: { from: '#052b36', to: '#0d6e7a', accent: '#5ce1e6' },
  ember: { from: '#2b0d05', to: '#8a2b0b', accent: '#ffb347' },
  royal: { from: '#160b36', to: '#3d2391', accent: '#c9a2ff' },
  night: { from: '#0a0f1f', to: '#23314f', accent: '#f5c542' },
} as const;

const PROMO = { width: 800, height: 300 };

/** A promotion card's banner (the promotions page), in both languages. */
function promotionArt(
  key: string,
  palette: ArtworkSpec['palette'],
  motif: Motif,
  [headlineEn, headlineBn]: [string, string],
  [subEn, subBn]: [string, string],
): ArtworkSpec[] {
  return [
    {
      key,
      kind: 'banner',
      ...PROMO,
      palette,
      motif,
      headline: { EN: headlineEn, BN: headlineBn },
      sub: { EN: subEn, BN: subBn },
      cta: { EN: 'Details', BN: 'বিস্তারিত' },
      textless: true,
    },
  ];
}

/** The catalogue: every banner and popup image the demo seed refers to. */
export const ARTWORK: readonly ArtworkSpec[] = [
  // ---- w_home ----
  {
    key: 'home-welcome',
    kind: 'banner',
    ...HOME,
    palette: PALETTES.gold,
    motif: 'coins',
    headline: { EN: '100% Welcome Bonus', BN: '১০০% স্বাগতম বোনাস' },
    sub: { EN: 'Up to ৳10,000 on your first deposit', BN: 'প্রথম ডিপোজিটে ৳১০,০০০ পর্যন্ত' },
    cta: { EN: 'Claim now', BN: 'এখনই নিন' },
  },
  {
    key: 'home-cricket',
    kind: 'banner',
    ...HOME,
    palette: PALETTES.pitch,
    motif: 'cricket',
    headline: { EN: 'Cricket Fever', BN: 'ক্রিকেট উন্মাদনা' },
    sub: { EN: 'Bet live on every ball, best odds every match', BN: 'প্রতিটি বলে লাইভ বাজি, প্রতি ম্যাচে সেরা অডস' },
    cta: { EN: 'Bet now', BN: 'বাজি ধরুন' },
  },
  {
    key: 'home-live-casino',
    kind: 'banner',
    ...HOME,
    palette: PALETTES.casino,
    motif: 'cards',
    headline: { EN: 'Live Casino Nights', BN: 'লাইভ ক্যাসিনোর রাত' },
    sub: { EN: 'Baccarat and roulette tables, open 24/7', BN: 'ব্যাকারা ও রুলেট টেবিল, ২৪/৭ খোলা' },
    cta: { EN: 'Join a table', BN: 'টেবিলে বসুন' },
  },
  {
    key: 'home-cashback',
    kind: 'banner',
    ...HOME,
    palette: PALETTES.ocean,
    motif: 'chips',
    headline: { EN: 'Daily Cashback 1.2%', BN: 'প্রতিদিন ১.২% ক্যাশব্যাক' },
    sub: { EN: 'Rebates paid every day, no upper limit', BN: 'প্রতিদিন রিবেট, কোনো ঊর্ধ্বসীমা নেই' },
    cta: { EN: 'See details', BN: 'বিস্তারিত দেখুন' },
  },
  // ---- w_login ----
  {
    key: 'login-welcome-back',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.night,
    motif: 'dice',
    headline: { EN: 'Welcome back', BN: 'আবার স্বাগতম' },
    sub: { EN: 'Your favourite games are waiting', BN: 'আপনার প্রিয় গেমগুলো অপেক্ষা করছে' },
    cta: { EN: 'Log in', BN: 'লগইন' },
  },
  {
    key: 'login-prize-wheel',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.royal,
    motif: 'wheel',
    headline: { EN: 'Spin the Prize Wheel', BN: 'পুরস্কারের চাকা ঘোরান' },
    sub: { EN: 'Log in every day for a free spin', BN: 'প্রতিদিন লগইন করে একটি ফ্রি স্পিন নিন' },
    cta: { EN: 'Spin', BN: 'ঘোরান' },
  },
  {
    key: 'login-red-envelope',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.ember,
    motif: 'gift',
    headline: { EN: 'Red Envelope Rain', BN: 'লাল খামের বৃষ্টি' },
    sub: { EN: 'Surprise rewards every evening', BN: 'প্রতি সন্ধ্যায় চমক পুরস্কার' },
    cta: { EN: 'Catch one', BN: 'ধরে ফেলুন' },
  },
  // ---- w_register ----
  {
    key: 'register-quick',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.ocean,
    motif: 'phone',
    headline: { EN: 'Join in 30 seconds', BN: '৩০ সেকেন্ডে যোগ দিন' },
    sub: { EN: 'Sign up with just your mobile number', BN: 'শুধু মোবাইল নম্বর দিয়েই নিবন্ধন করুন' },
    cta: { EN: 'Sign up', BN: 'নিবন্ধন' },
  },
  {
    key: 'register-bonus',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.gold,
    motif: 'coins',
    headline: { EN: '৳100 Sign-up Bonus', BN: 'নিবন্ধনে ৳১০০ বোনাস' },
    sub: { EN: 'Credited once your mobile is verified', BN: 'মোবাইল যাচাই হলেই জমা হবে' },
    cta: { EN: 'Get it', BN: 'নিয়ে নিন' },
  },
  {
    key: 'register-referral',
    kind: 'banner',
    ...PANEL,
    palette: PALETTES.pitch,
    motif: 'gift',
    headline: { EN: 'Invite friends, earn more', BN: 'বন্ধুদের ডাকুন, আরও আয় করুন' },
    sub: { EN: 'Referral commission for life', BN: 'আজীবন রেফারেল কমিশন' },
    cta: { EN: 'Invite', BN: 'আমন্ত্রণ' },
  },
  // ---- w_leftmenu ----
  {
    key: 'side-vip',
    kind: 'banner',
    ...SIDE,
    palette: PALETTES.royal,
    motif: 'trophy',
    headline: { EN: 'VIP Club', BN: 'ভিআইপি ক্লাব' },
    sub: { EN: 'Higher limits, faster withdrawals', BN: 'বেশি লিমিট, দ্রুত উত্তোলন' },
    cta: { EN: 'Join', BN: 'যোগ দিন' },
  },
  {
    key: 'side-app',
    kind: 'banner',
    ...SIDE,
    palette: PALETTES.night,
    motif: 'phone',
    headline: { EN: 'Get the app', BN: 'অ্যাপ নামান' },
    sub: { EN: 'Play anywhere on Android and iOS', BN: 'অ্যান্ড্রয়েড ও আইওএস-এ যেকোনো জায়গায় খেলুন' },
    cta: { EN: 'Download', BN: 'ডাউনলোড' },
  },
  {
    key: 'side-points',
    kind: 'banner',
    ...SIDE,
    palette: PALETTES.ember,
    motif: 'star',
    headline: { EN: 'Points Mall', BN: 'পয়েন্ট মল' },
    sub: { EN: 'Turn your points into rewards', BN: 'পয়েন্টকে পুরস্কারে বদলে নিন' },
    cta: { EN: 'Redeem', BN: 'রিডিম' },
  },
  // ---- promotions (issue 11): each seeded promotion's banner, and one per category for operators' new ones ----
  ...promotionArt(
    'promo-welcome-bonus',
    PALETTES.gold,
    'coins',
    ['100% Welcome Bonus', '১০০% স্বাগতম বোনাস'],
    ['Up to ৳10,000 on your first deposit', 'প্রথম ডিপোজিটে ৳১০,০০০ পর্যন্ত'],
  ),
  ...promotionArt(
    'promo-weekend-reload',
    PALETTES.casino,
    'chips',
    ['Weekend Reload 20%', 'সপ্তাহান্তে ২০% রিলোড'],
    ['Every Friday and Saturday', 'প্রতি শুক্র ও শনিবার'],
  ),
  ...promotionArt(
    'promo-daily-cashback',
    PALETTES.pitch,
    'wheel',
    ['Daily Cashback 5%', 'দৈনিক ৫% ক্যাশব্যাক'],
    ['Up to ৳5,000 back every day', 'প্রতিদিন ৳৫,০০০ পর্যন্ত ফেরত'],
  ),
  ...promotionArt(
    'promo-vip-monthly-gift',
    PALETTES.royal,
    'trophy',
    ['VIP Monthly Gift', 'ভিআইপি মাসিক উপহার'],
    ['৳1,000 every month', 'প্রতি মাসে ৳১,০০০'],
  ),
  ...promotionArt(
    'promo-big-win-share',
    PALETTES.ocean,
    'star',
    ['Share Your Big Win', 'বড় জয় শেয়ার করুন'],
    ['Get ৳500 for your story', 'আপনার গল্পে ৳৫০০'],
  ),
  ...promotionArt('promo-prize-wheel', PALETTES.night, 'wheel', ['Daily Prize Wheel', 'দৈনিক পুরস্কার চাকা'], ['Coming soon', 'শীঘ্রই আসছে']),
  ...promotionArt('promo-welcome', PALETTES.gold, 'gift', ['Welcome offer', 'স্বাগতম অফার'], ['For new members', 'নতুন সদস্যদের জন্য']),
  ...promotionArt('promo-reload', PALETTES.casino, 'coins', ['Reload bonus', 'রিলোড বোনাস'], ['Extra on your deposit', 'ডিপোজিটে বাড়তি']),
  ...promotionArt('promo-cashback', PALETTES.pitch, 'wheel', ['Cashback', 'ক্যাশব্যাক'], ['Part of your loss back', 'ক্ষতির অংশ ফেরত']),
  ...promotionArt(
    'promo-vip',
    PALETTES.royal,
    'trophy',
    ['VIP reward', 'ভিআইপি পুরস্কার'],
    ['For our VIP members', 'আমাদের ভিআইপি সদস্যদের জন্য'],
  ),
  ...promotionArt('promo-event', PALETTES.ember, 'star', ['Special event', 'বিশেষ ইভেন্ট'], ['Limited time', 'সীমিত সময়']),
  // ---- popups ----
  {
    key: 'popup-weekend-reload',
    kind: 'popup',
    ...POPUP,
    palette: PALETTES.casino,
    motif: 'chips',
    headline: { EN: 'Weekend Reload 20%', BN: 'সপ্তাহান্তে ২০% রিলোড' },
    sub: { EN: 'Every Friday and Saturday', BN: 'প্রতি শুক্র ও শনিবার' },
    cta: { EN: 'Deposit', BN: 'ডিপোজিট' },
  },
  {
    key: 'popup-welcome',
    kind: 'popup',
    ...POPUP,
    palette: PALETTES.gold,
    motif: 'star',
    headline: { EN: 'Welcome to Playfront', BN: 'প্লেফ্রন্টে স্বাগতম' },
    sub: { EN: 'Free demos, no sign-up needed', BN: 'নিবন্ধন ছাড়াই ফ্রি ডেমো' },
    cta: { EN: 'Look around', BN: 'ঘুরে দেখুন' },
  },
  {
    key: 'popup-first-deposit',
    kind: 'popup',
    ...POPUP,
    palette: PALETTES.pitch,
    motif: 'coins',
    headline: { EN: 'Your bonus is ready', BN: 'আপনার বোনাস তৈরি' },
    sub: { EN: '100% on your first deposit', BN: 'প্রথম ডিপোজিটে ১০০%' },
    cta: { EN: 'Deposit now', BN: 'এখনই ডিপোজিট' },
  },
];

const byKey = new Map(ARTWORK.map((a) => [`${a.kind}/${a.key}`, a]));

/** The path of one image under an image CDN host, e.g. `/art/v1/banner/home-welcome.bn.svg`. */
export function artworkPath(kind: ArtworkKind, key: string, lang: LanguageCode): string {
  return `/art/${ARTWORK_VERSION}/${kind}/${key}.${lang.toLowerCase()}.svg`;
}

/** Each image drawn once per process: the catalogue is small, and shaping its words costs milliseconds. */
const drawn = new Map<string, string>();

/** Renders the image a path names, or undefined when the path names no artwork. */
export function renderArtworkPath(pathname: string): string | undefined {
  const match = /^\/art\/([a-z0-9]+)\/(banner|popup)\/([a-z0-9-]+)\.(bn|en)\.svg$/.exec(pathname);
  if (!match || match[1] !== ARTWORK_VERSION) return undefined;
  const spec = byKey.get(`${match[2]}/${match[3]}`);
  if (!spec) return undefined;
  let svg = drawn.get(pathname);
  if (svg === undefined) {
    svg = renderArtwork(spec, match[4] === 'bn' ? 'BN' : 'EN');
    drawn.set(pathname, svg);
  }
  return svg;
}

// ---- drawing -------------------------------------------------------------

/** A small seeded PRNG (mulberry32) so decoration is random-looking yet identical on every render. */
function seededRandom(seed: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
}

const FONT = `'Noto Sans Bengali','Nirmala UI','Vrinda','Kohinoor Bangla','Hind Siliguri','Segoe UI',Roboto,Arial,sans-serif`;

/** Sparkles, rings and diagonal light bands behind the content. */
function decoration(spec: ArtworkSpec, random: () => number): string {
  const { width: w, height: h, palette } = spec;
  const parts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const x = r1(w * (0.35 + random() * 0.5));
    parts.push(
      `<path d="M${x} 0 L${r1(x + w * 0.08)} 0 L${r1(x - w * 0.12)} ${h} L${r1(x - w * 0.2)} ${h} Z" fill="#ffffff" opacity="${r1(0.03 + random() * 0.04)}"/>`,
    );
  }
  for (let i = 0; i < 6; i++) {
    const cx = r1(random() * w);
    const cy = r1(random() * h);
    const r = r1(h * (0.05 + random() * 0.18));
    parts.push(
      `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${palette.accent}" stroke-width="${r1(1 + random() * 2)}" opacity="${r1(0.08 + random() * 0.12)}"/>`,
    );
  }
  for (let i = 0; i < 18; i++) {
    const cx = r1(random() * w);
    const cy = r1(random() * h);
    const s = r1(2 + random() * 5);
    parts.push(
      `<path d="M${cx} ${r1(cy - s * 2)} Q${cx} ${cy} ${r1(cx + s * 2)} ${cy} Q${cx} ${cy} ${cx} ${r1(cy + s * 2)} Q${cx} ${cy} ${r1(cx - s * 2)} ${cy} Q${cx} ${cy} ${cx} ${r1(cy - s * 2)} Z" fill="#fff8e1" opacity="${r1(0.35 + random() * 0.5)}"/>`,
    );
  }
  return parts.join('');
}

/** The motif, drawn in a 100×100 design box scaled to `size` and centred at (cx, cy). */
function motif(spec: ArtworkSpec, cx: number, cy: number, size: number): string {
  const { accent } = spec.palette;
  const k = size / 100;
  const X = (x: number) => r1(cx + (x - 50) * k);
  const Y = (y: number) => r1(cy + (y - 50) * k);
  const P = (x: number, y: number) => `${X(x)} ${Y(y)}`;
  const L = (n: number) => r1(n * k);
  switch (spec.motif) {
    case 'coins':
      return [0, 1, 2, 3, 4]
        .map((i) => {
          const x = 50 + (i % 2) * 6 - 3;
          const y = 78 - i * 11;
          return `<ellipse cx="${X(x)}" cy="${Y(y)}" rx="${L(32)}" ry="${L(10)}" fill="url(#metal)" stroke="#8a6212" stroke-width="${L(1.5)}"/><ellipse cx="${X(x)}" cy="${Y(y - 2)}" rx="${L(24)}" ry="${L(6)}" fill="none" stroke="#fff3c4" stroke-width="${L(1.2)}" opacity="0.8"/>`;
        })
        .join('');
    case 'cricket':
      return `<rect x="${X(43)}" y="${Y(6)}" width="${L(14)}" height="${L(84)}" rx="${L(6)}" transform="rotate(-28 ${P(50, 50)})" fill="#e9c98f" stroke="#7a5224" stroke-width="${L(1.5)}"/><circle cx="${X(66)}" cy="${Y(64)}" r="${L(20)}" fill="#c8102e" stroke="#7d0a1c" stroke-width="${L(1.5)}"/><path d="M${P(52, 50)} Q${P(66, 64)} ${P(80, 78)}" stroke="#ffffff" stroke-width="${L(1.5)}" stroke-dasharray="${L(3)} ${L(2)}" fill="none"/>`;
    case 'cards':
      return (['♠', '♥', '♦'] as const)
        .map((suit, i) => {
          const angle = (i - 1) * 18;
          const colour = suit === '♠' ? '#111827' : '#c8102e';
          return `<g transform="rotate(${angle} ${P(50, 92)})"><rect x="${X(32)}" y="${Y(12)}" width="${L(36)}" height="${L(52)}" rx="${L(4)}" fill="#fdfdfd" stroke="#d1d5db" stroke-width="${L(1)}"/>${suitShape(suit, X(37), Y(22), L(6.5), colour)}${suitShape(suit, X(50), Y(40), L(14), colour)}</g>`;
        })
        .join('');
    case 'chips':
      return (
        [
          [34, 62, '#c8102e'],
          [66, 62, '#1d4ed8'],
          [50, 36, accent],
        ] as const
      )
        .map(
          ([x, y, colour]) =>
            `<circle cx="${X(x)}" cy="${Y(y)}" r="${L(18)}" fill="${colour}" stroke="#ffffff" stroke-width="${L(3)}" stroke-dasharray="${L(6)} ${L(5)}"/><circle cx="${X(x)}" cy="${Y(y)}" r="${L(10)}" fill="none" stroke="#ffffff" stroke-width="${L(1.5)}"/>`,
        )
        .join('');
    case 'dice': {
      const die = (x: number, y: number, angle: number, pips: readonly (readonly [number, number])[]) =>
        `<g transform="rotate(${angle} ${P(x + 17, y + 17)})"><rect x="${X(x)}" y="${Y(y)}" width="${L(34)}" height="${L(34)}" rx="${L(6)}" fill="#fdfdfd" stroke="#d1d5db"/>${pips
          .map(([px, py]) => `<circle cx="${X(x + px)}" cy="${Y(y + py)}" r="${L(3.2)}" fill="#111827"/>`)
          .join('')}</g>`;
      const three = [
        [9, 9],
        [17, 17],
        [25, 25],
      ] as const;
      const five = [
        [9, 9],
        [25, 9],
        [17, 17],
        [9, 25],
        [25, 25],
      ] as const;
      return die(14, 44, -12, three) + die(50, 26, 14, five);
    }
    case 'wheel': {
      const colours = ['#c8102e', accent, '#1d4ed8', '#ffffff', '#16a34a', accent, '#7c3aed', '#ffffff'];
      const radius = 40;
      const slices = colours
        .map((colour, i) => {
          const a0 = (i / colours.length) * Math.PI * 2;
          const a1 = ((i + 1) / colours.length) * Math.PI * 2;
          return `<path d="M${P(50, 50)} L${P(50 + radius * Math.cos(a0), 50 + radius * Math.sin(a0))} A${L(radius)} ${L(radius)} 0 0 1 ${P(50 + radius * Math.cos(a1), 50 + radius * Math.sin(a1))} Z" fill="${colour}" opacity="0.92"/>`;
        })
        .join('');
      return `${slices}<circle cx="${X(50)}" cy="${Y(50)}" r="${L(radius)}" fill="none" stroke="url(#metal)" stroke-width="${L(5)}"/><circle cx="${X(50)}" cy="${Y(50)}" r="${L(7)}" fill="url(#metal)"/><path d="M${P(50, 16)} L${P(44, 4)} L${P(56, 4)} Z" fill="#ffffff"/>`;
    }
    case 'gift':
      return `<rect x="${X(22)}" y="${Y(40)}" width="${L(56)}" height="${L(48)}" rx="${L(4)}" fill="#c8102e"/><rect x="${X(18)}" y="${Y(30)}" width="${L(64)}" height="${L(14)}" rx="${L(3)}" fill="#e11d48"/><rect x="${X(46)}" y="${Y(30)}" width="${L(8)}" height="${L(58)}" fill="url(#metal)"/><path d="M${P(50, 30)} C${P(30, 8)} ${P(18, 26)} ${P(50, 30)} C${P(82, 26)} ${P(70, 8)} ${P(50, 30)} Z" fill="none" stroke="url(#metal)" stroke-width="${L(4)}"/>`;
    case 'star': {
      const points: string[] = [];
      for (let i = 0; i < 10; i++) {
        const angle = -Math.PI / 2 + (i * Math.PI) / 5;
        const radius = i % 2 === 0 ? 44 : 19;
        points.push(P(50 + radius * Math.cos(angle), 54 + radius * Math.sin(angle)));
      }
      return `<path d="M${points.join(' L')} Z" fill="url(#metal)" stroke="#8a6212" stroke-width="${L(1.5)}" stroke-linejoin="round"/>`;
    }
    case 'trophy':
      return `<path d="M${P(30, 14)} L${P(70, 14)} L${P(66, 48)} C${P(62, 60)} ${P(38, 60)} ${P(34, 48)} Z" fill="url(#metal)"/><path d="M${P(30, 20)} C${P(12, 20)} ${P(14, 44)} ${P(35, 46)}" fill="none" stroke="url(#metal)" stroke-width="${L(4)}"/><path d="M${P(70, 20)} C${P(88, 20)} ${P(86, 44)} ${P(65, 46)}" fill="none" stroke="url(#metal)" stroke-width="${L(4)}"/><rect x="${X(45)}" y="${Y(58)}" width="${L(10)}" height="${L(16)}" fill="url(#metal)"/><rect x="${X(32)}" y="${Y(74)}" width="${L(36)}" height="${L(10)}" rx="${L(2)}" fill="#8a6212"/>`;
    case 'phone':
      return `<rect x="${X(30)}" y="${Y(6)}" width="${L(40)}" height="${L(80)}" rx="${L(7)}" fill="#111827" stroke="url(#metal)" stroke-width="${L(2.5)}"/><rect x="${X(34)}" y="${Y(14)}" width="${L(32)}" height="${L(62)}" rx="${L(3)}" fill="${accent}" opacity="0.85"/><path d="M${P(44, 38)} L${P(58, 45)} L${P(44, 52)} Z" fill="#111827"/><circle cx="${X(50)}" cy="${Y(81)}" r="${L(2.5)}" fill="#9ca3af"/>`;
  }
}

/** Text width estimate (no font metrics on the server): enough to keep lines inside the frame. */
function fitFontSize(text: string, preferred: number, maxWidth: number): number {
  const estimate = [...text].length * preferred * 0.56;
  return r1(estimate > maxWidth ? (preferred * maxWidth) / estimate : preferred);
}

export function renderArtwork(spec: ArtworkSpec, lang: LanguageCode): string {
  const { width: w, height: h, palette } = spec;
  const random = seededRandom(`${spec.kind}/${spec.key}`);
  const popup = spec.kind === 'popup';
  const textX = popup ? w / 2 : r1(w * 0.06);
  const anchor = popup ? 'middle' : 'start';
  const textWidth = popup ? w * 0.86 : w * 0.56;
  const headlineSize = fitFontSize(spec.headline[lang], h * (popup ? 0.11 : 0.15), textWidth);
  const subSize = fitFontSize(spec.sub[lang], h * (popup ? 0.055 : 0.072), textWidth);
  const ctaSize = r1(h * (popup ? 0.05 : 0.065));
  const ctaWidth = r1(Math.max([...spec.cta[lang]].length * ctaSize * 0.62 + ctaSize * 2.4, h * 0.36));
  const ctaHeight = r1(ctaSize * 2.2);
  const headlineY = r1(popup ? h * 0.62 : h * 0.42);
  const subY = r1(headlineY + headlineSize * 0.55 + subSize * 1.3);
  const ctaY = r1(subY + subSize * 0.9);
  const ctaX = popup ? r1(w / 2 - ctaWidth / 2) : textX;
  const motifSize = popup ? h * 0.42 : h * 0.78;
  const motifX = popup || spec.textless ? w / 2 : w * 0.8;
  const motifY = popup ? h * 0.27 : h * 0.5;
  const shadowDy = Math.max(2, r1(h * 0.01));

  return outlineTexts(
    [
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(spec.headline[lang])}">`,
      '<defs>',
      `<linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
      `<radialGradient id="glow" cx="${popup ? 0.5 : 0.8}" cy="${popup ? 0.3 : 0.5}" r="0.55"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
      '<linearGradient id="metal" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset="0.45" stop-color="#f5c542"/><stop offset="1" stop-color="#b7862a"/></linearGradient>',
      `<linearGradient id="cta" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="1" stop-color="#000000" stop-opacity="0.1"/></linearGradient>`,
      '</defs>',
      `<rect width="${w}" height="${h}" fill="url(#bg)"/>`,
      `<rect width="${w}" height="${h}" fill="url(#glow)"/>`,
      decoration(spec, random),
      motif(spec, motifX, motifY, motifSize),
      // Shadows are offset dark copies, not SVG filters: a blur filter costs a phone's main thread tens of
      // milliseconds each time the banner is painted.
      ...(spec.textless
        ? []
        : [
            `<text x="${textX}" y="${r1(headlineY + shadowDy)}" text-anchor="${anchor}" font-family="${FONT}" font-weight="700" font-size="${headlineSize}" fill="#000000" opacity="0.4">${escapeXml(spec.headline[lang])}</text>`,
            `<text x="${textX}" y="${headlineY}" text-anchor="${anchor}" font-family="${FONT}" font-weight="700" font-size="${headlineSize}" fill="#ffffff">${escapeXml(spec.headline[lang])}</text>`,
            `<text x="${textX}" y="${subY}" text-anchor="${anchor}" font-family="${FONT}" font-size="${subSize}" fill="#f8fafc" opacity="0.9">${escapeXml(spec.sub[lang])}</text>`,
            `<rect x="${ctaX}" y="${r1(ctaY + shadowDy)}" width="${ctaWidth}" height="${ctaHeight}" rx="${r1(ctaHeight / 2)}" fill="#000000" opacity="0.35"/>`,
            `<g><rect x="${ctaX}" y="${ctaY}" width="${ctaWidth}" height="${ctaHeight}" rx="${r1(ctaHeight / 2)}" fill="${palette.accent}"/><rect x="${ctaX}" y="${ctaY}" width="${ctaWidth}" height="${ctaHeight}" rx="${r1(ctaHeight / 2)}" fill="url(#cta)"/>`,
            `<text x="${r1(ctaX + ctaWidth / 2)}" y="${r1(ctaY + ctaHeight / 2)}" text-anchor="middle" dominant-baseline="central" font-family="${FONT}" font-weight="700" font-size="${ctaSize}" fill="#111827">${escapeXml(spec.cta[lang])}</text></g>`,
          ]),
      '</svg>',
    ].join(''),
  );
}
