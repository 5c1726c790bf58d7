/** What is left until a bonus expires, split for display. */
export type TimeLeft = { expired: boolean; days: number; hours: number; minutes: number; seconds: number };

export function timeLeft(expiresAt: string, now: number): TimeLeft {
  const ms = new Date(expiresAt).getTime() - now;
  if (!(ms > 0)) return { expired: true, days: 0, hours: 0, minutes: 0, seconds: 0 };
  const total = Math.floor(ms / 1000);
  return {
    expired: false,
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

/** Two digits, for the clock form of the last day ("05:09:03"). */
export const pad2 = (n: number) => String(n).padStart(2, '0');
