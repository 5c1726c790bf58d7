/**
 * How a promotion's terms read: percentages from basis points and multipliers from their decimal text, without a
 * float ever holding them (the same rule as money).
 */

/** 10000 → "100", 2550 → "25.5", 1234 → "12.34". */
export function percentOfBps(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = Math.abs(bps % 100);
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** "20.00" → "20", "1.50" → "1.5", "0.25" → "0.25". */
export function multiplierText(multiplier: string): string {
  return multiplier.includes('.') ? multiplier.replace(/0+$/, '').replace(/\.$/, '') : multiplier;
}

/** Contribution entries worth showing, largest share first, then by name (the table of game categories). */
export function contributionRows(contribution: Record<string, number>): { category: string; percent: number }[] {
  return Object.entries(contribution)
    .map(([category, percent]) => ({ category, percent }))
    .sort((a, b) => b.percent - a.percent || a.category.localeCompare(b.category));
}
