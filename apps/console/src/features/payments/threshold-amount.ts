/** Minor units as the amount staff type ("10000.00"). */
export const minorToThresholdText = (minor: string) => `${BigInt(minor) / 100n}.${(BigInt(minor) % 100n).toString().padStart(2, '0')}`;

/**
 * A typed threshold as minor units, or null. Unlike an amount to move, 0 is allowed (every amount then needs two
 * people). Never goes through a float.
 */
export function thresholdToMinor(text: string): string | null {
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim().replace(/[,\s]/g, ''));
  if (!m) return null;
  return (BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0')).toString();
}
