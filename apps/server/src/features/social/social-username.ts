import { randomInt } from 'node:crypto';

/**
 * Usernames to try for a member a social sign-in registers: from the identity's preferred username, e-mail name or
 * name, reduced to lower-case letters and digits starting with a letter (what every username pattern accepts), then
 * the same with digits, then a random one. The caller keeps the first the brand's username rule accepts and nobody has.
 */
export function usernameCandidates(
  source: { preferredUsername: string | null; email: string | null; name: string | null },
  limits: { min: number; max: number },
  random: (below: number) => number = randomInt,
): string[] {
  const raw = source.preferredUsername ?? source.email?.split('@')[0] ?? source.name ?? '';
  let base = raw
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  if (!/^[a-z]/.test(base)) base = `u${base}`;
  const digits = (n: number) => Array.from({ length: n }, () => String(random(10))).join('');
  // The name as it is, then with 2-4 digits (the name shortened to make room).
  const withDigits = (n: number) => `${base.slice(0, Math.max(limits.max - n, 1))}${digits(n)}`;
  const letters = 'abcdefghijkmnpqrstuvwxyz';
  const randomName = () =>
    `${Array.from({ length: 4 }, () => letters[random(letters.length)]).join('')}${digits(Math.max(limits.min - 4, 4))}`;
  const out = [base, withDigits(2), withDigits(3), withDigits(4), withDigits(4), withDigits(4), randomName(), randomName()];
  // Too short for the brand: pad with digits up to its minimum.
  return [...new Set(out.map((c) => (c.length < limits.min ? c + digits(limits.min - c.length) : c).slice(0, limits.max)))];
}
