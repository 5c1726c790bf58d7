import type { GameKind } from '../games/play-round.ts';
import type { MessageKey } from '../i18n/messages.ts';

/** What the server put in the page (http/pages.ts and http/house-plugin.ts). */
export interface BootBase {
  lang: 'EN' | 'BN';
  strings: Record<MessageKey, string>;
  backUrl: string | null;
}

export type GameKindName = GameKind;

export interface FairState {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface PlayBoot extends BootBase {
  page: 'play';
  session: string;
  game: GameKindName;
  mode: 'real' | 'demo';
  vendor: string;
  gameCode: string;
  gameName: string;
  image: string | null;
  displayName: string;
  currency: string;
  symbol: string;
  balance: string;
  bets: string[];
  fair: FairState;
  crash: { min: string; max: string };
  slot: {
    symbols: string[];
    paylines: number[][];
    linePays: Record<string, [number, number, number]>;
    scatterPays: [number, number, number];
  };
}

export interface VerifyBoot extends BootBase {
  page: 'verify';
  prefill: Record<'serverSeed' | 'serverSeedHash' | 'clientSeed' | 'nonce' | 'game' | 'bet' | 'side' | 'target' | 'pick', string>;
  bets: Record<GameKindName, string[]>;
  slot: { symbols: string[] };
}

export interface ErrorBoot extends BootBase {
  page: 'error';
  code: string;
}

export type Boot = PlayBoot | VerifyBoot | ErrorBoot;

export function readBoot(): Boot {
  const el = document.getElementById('house-boot');
  return JSON.parse(el?.textContent ?? '{}') as Boot;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(strings: Record<MessageKey, string>): Translate {
  return (key, values = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** `123456` minor units → `৳1,234.56`; no float ever holds the amount. */
export function money(minor: string | bigint, symbol: string): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

const THEME_KEY = 'playfront-house-theme';

/** The page follows the system theme unless the player chose one (kept in this browser only). */
export function applyStoredTheme(): void {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === 'light' || stored === 'dark') document.documentElement.dataset.theme = stored;
  } catch {
    // Storage blocked (private mode, sandboxed frame): the system theme applies.
  }
}

export function toggleTheme(): void {
  const root = document.documentElement;
  const current = root.dataset.theme ?? (window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark');
  const next = current === 'light' ? 'dark' : 'light';
  root.dataset.theme = next;
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // Not kept: the choice lasts for this page.
  }
}
