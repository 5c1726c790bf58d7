/** Basis points (10,000 = 100 %) as a percentage text, at most two decimals: 150 → "1.5%". */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return rest === 0 ? `${whole}%` : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}%`;
}

/** A percentage typed by the agent ("1.5", "2") as basis points; null when it is not a number with at most 2 decimals in 0–100. */
export function percentToBps(text: string): number | null {
  const m = /^\s*(\d{1,3})(?:[.,](\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || 0);
  return bps <= 10_000 ? bps : null;
}

/** Minor-unit strings as a number for a chart axis only (never for sums shown to people); 2 decimals. */
export const minorToChartNumber = (minor: string) => Number(minor) / 100;

/** The sign of a minor-unit amount: 'up' above 0, 'down' below, 'flat' at 0 (colours a P&L figure). */
export function trend(minor: string): 'up' | 'down' | 'flat' {
  const v = BigInt(minor);
  return v > 0n ? 'up' : v < 0n ? 'down' : 'flat';
}
