import type { ClientMessageKey } from '../i18n/client-messages.ts';

/** What the server put in the page (http/pages.ts renderLotteryPage). */
interface BootBase {
  lang: 'EN' | 'BN';
  strings: Record<ClientMessageKey, string>;
  backUrl: string | null;
}

export interface PlayBoot extends BootBase {
  page: 'play';
  vendor: string;
  token: string | null;
  view: 'betting' | 'lobby';
  game: string | null;
  prizeMode: string | null;
}

export interface VerifyBoot extends BootBase {
  page: 'verify';
  drawId: string | null;
}

export interface ErrorBoot extends BootBase {
  page: 'error';
  code: string;
}

export type Boot = PlayBoot | VerifyBoot | ErrorBoot;

export function readBoot(): Boot {
  const el = document.getElementById('lotto-boot');
  return JSON.parse(el?.textContent ?? '{}') as Boot;
}

export type Translate = (key: ClientMessageKey, values?: Record<string, string | number>) => string;

export function translator(strings: Record<ClientMessageKey, string>): Translate {
  return (key, values = {}) =>
    (strings[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** An error code of the API (or NETWORK) in the player's language. */
export function errorText(t: Translate, code: string): string {
  const key = `error.${code}` as ClientMessageKey;
  const text = t(key);
  return text === key ? t('error.BAD_REQUEST') : text;
}

/** `123456` minor units → `৳1,234.56`; no float ever holds the amount. */
export function money(minor: string | bigint, symbol: string): string {
  const value = typeof minor === 'bigint' ? minor : BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${symbol}${whole}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** `"10"`, `"10.5"`, `"10.50"` → 1050n minor units; anything else → null. */
export function parseStake(text: string): bigint | null {
  const match = /^\s*(\d{1,12})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return BigInt(match[1] as string) * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
}

/** 1050n → `"10.50"` (for a stake input). */
export function stakeText(minor: bigint): string {
  return `${minor / 100n}.${(minor % 100n).toString().padStart(2, '0')}`;
}

/** Latin digits in both languages, as the platform's site shows them. */
export const localeOf = (lang: 'EN' | 'BN') => (lang === 'BN' ? 'bn-BD-u-nu-latn' : 'en-GB');

/** `hh:mm:ss` (or `mm:ss` under an hour, `Nd hh:mm:ss` over a day) of a duration; never negative. */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  const clock = hours > 0 || days > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
  return days > 0 ? `${days}d ${clock}` : clock;
}

const THEME_KEY = 'playfront-lottery-theme';

/** A theme the player chose inside the lottery (kept in this browser only) wins over the launch's. */
export function applyStoredTheme(): void {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    if (stored === 'light' || stored === 'dark') document.documentElement.dataset.theme = stored;
  } catch {
    // Storage blocked (private mode, sandboxed frame): the launch's theme applies.
  }
}

export function toggleTheme(): void {
  const root = document.documentElement;
  const next = root.dataset.theme === 'light' ? 'dark' : 'light';
  root.dataset.theme = next;
  try {
    localStorage.setItem(THEME_KEY, next);
  } catch {
    // Not kept: the choice lasts for this page.
  }
}
