import type { MissionGoal } from '@playfront/contract/missions-paths';

/** Goals counted in money (minor units) rather than in rounds or games. */
export const isMoneyGoal = (goal: MissionGoal) => goal === 'wager' || goal === 'deposit';

/**
 * The figures under a mission's bar, e.g. `৳300.00 / ৳500.00` or `2 / 3`: money goals in the brand's currency,
 * the others as plain counts. `money` is the page's formatter (symbol, separators, no float).
 */
export function missionFigures(
  m: { goal: MissionGoal; progress: string; target: string },
  money: (minor: string) => string,
): { value: string; target: string } {
  if (isMoneyGoal(m.goal)) return { value: money(m.progress), target: money(m.target) };
  return { value: String(BigInt(m.progress)), target: String(BigInt(m.target)) };
}

/** Time left until `endsAt`, in whole days, hours and minutes (rounded up to the minute, never negative), for "resets in". */
export function timeLeft(endsAt: string, now: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, new Date(endsAt).getTime() - now);
  const total = Math.ceil(ms / 60_000);
  return { days: Math.floor(total / 1_440), hours: Math.floor(total / 60) % 24, minutes: total % 60 };
}
