/**
 * What staff type and what the API takes: taka with up to two decimals ↔ minor units, percentages ↔ basis points.
 * Exact string and bigint arithmetic, never a float on money.
 */

/** Minor units as taka text: "50000" → "500", "12345" → "123.45"; null or empty → "". */
export function minorToMajor(minor: string | null | undefined): string {
  if (minor === null || minor === undefined || minor === '') return '';
  const v = BigInt(minor);
  const cents = v % 100n;
  return cents === 0n ? (v / 100n).toString() : `${v / 100n}.${cents.toString().padStart(2, '0')}`;
}

/** Taka text (commas allowed, at most two decimals, zero allowed) as minor units; null when it is not one. */
export function majorToMinor(text: string): string | null {
  const cleaned = text.trim().replace(/[,\s]/g, '');
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  return (BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0') || '0')).toString();
}

/** Basis points as percentage text: 1250 → "12.5", 5 → "0.05". */
export function bpsToPercent(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const rest = bps % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}

/** A percentage with at most two decimals as basis points; null when it is not one. */
export function percentToBps(text: string): number | null {
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0') || '0');
}

/** A whole number typed by staff, or NaN (the contract schema then refuses it). */
export const wholeNumber = (text: string): number => (/^-?\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The fields a zod error names, keyed by their dotted path (first message wins). */
export function issuesByPath(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) out[issue.path.map(String).join('.')] ??= issue.message;
  return out;
}
