import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Where the generated operator key lives when OPERATOR_API_KEY is not set. */
export const operatorKeyPath = (dataDir: string) => path.join(dataDir, 'operator-key');

export type OperatorKeyFile = { key: string; path: string; created: boolean };

/**
 * The operator key when none is configured: read from `<dataDir>/operator-key`
 * if an earlier start wrote one (so `npm run ops` keeps working across
 * restarts), else a fresh random key written there readable by the owner only.
 */
export function ensureOperatorKeyFile(dataDir: string): OperatorKeyFile {
  const file = operatorKeyPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      // Tighten a file someone loosened by hand.
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
      return { key: existing, path: file, created: false };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already existed (e.g. an empty one).
  fs.chmodSync(file, 0o600);
  return { key, path: file, created: true };
}

/**
 * Constant-time key check. Both sides are hashed first so the comparison takes
 * the same time whatever the length of the guess.
 */
export function operatorKeyMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}
