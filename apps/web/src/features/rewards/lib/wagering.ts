/**
 * Wagering progress of a bonus, from integer minor units (never a float): the percentage shown is rounded down, so
 * the bar reads 100 % only once the requirement is really met.
 */
export type WageringProgress = {
  /** 0–100, whole percent, rounded down. */
  percent: number;
  /** Still to wager (0 once met). */
  left: bigint;
  met: boolean;
};

export function wageringProgress(wagered: string | bigint, required: string | bigint): WageringProgress {
  const done = BigInt(wagered);
  const need = BigInt(required);
  if (need <= 0n) return { percent: 100, left: 0n, met: true };
  const met = done >= need;
  const percent = met ? 100 : Number((done * 100n) / need);
  return { percent: Math.max(0, percent), left: met ? 0n : need - done, met };
}
