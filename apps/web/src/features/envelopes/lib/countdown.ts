import type { RainState } from '@playfront/contract/envelopes';
/** `mm:ss` (or `h:mm:ss` from an hour) of the milliseconds left, never negative. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

/** The server's clock minus the device's, from an answer's `now`: countdowns follow the server, not a wrong device clock. */
export const clockOffset = (serverNow: string, receivedAt: number) => Date.parse(serverNow) - receivedAt;

export type RainFace = 'open' | 'login' | 'opened' | 'empty' | 'notEligible' | 'hidden';

/**
 * What the overlay shows for a running rain before any tap: envelopes to open, or why not. A rain the member already
 * opened, or that has none left, or is above their VIP level, does not pop up by itself.
 */
export function rainFace(rain: { opened: string | null; remaining: number; eligible: boolean | null } | null, loggedIn: boolean): RainFace {
  if (!rain) return 'hidden';
  if (rain.opened !== null) return 'opened';
  if (rain.remaining === 0) return 'empty';
  if (!loggedIn) return 'login';
  if (rain.eligible === false) return 'notEligible';
  return 'open';
}

/** How long after a scheduled start to ask again: the server starts a rain within a couple of seconds. */
const START_SLACK_MS = 2_500;
const RUNNING_POLL_MS = 5_000;
const IDLE_POLL_MS = 5 * 60_000;

/**
 * When to ask again, with no live socket to say so (guests, or a socket between reconnects): every few seconds while
 * a rain runs (envelopes left), just after the next start, else every five minutes.
 */
export function refetchDelay(state: RainState | undefined): number {
  if (!state) return IDLE_POLL_MS;
  if (state.current) return RUNNING_POLL_MS;
  if (!state.next) return IDLE_POLL_MS;
  const untilStart = Date.parse(state.next.startsAt) - Date.parse(state.now);
  return Math.min(IDLE_POLL_MS, Math.max(1_000, untilStart + START_SLACK_MS));
}
