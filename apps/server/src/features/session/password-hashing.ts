import { timingSafeEqual } from 'node:crypto';
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// `Algorithm` is an ambient const enum (not importable as a value under verbatimModuleSyntax): Argon2id is 2.
const ARGON2ID: Algorithm.Argon2id = 2;

/**
 * Argon2id for login and payment passwords. `owasp` is the OWASP
 * recommendation (19 MiB, 2 passes, 1 lane) and is the default and what the
 * demo seed uses; `strong` (64 MiB, 3 passes) is for operators who want more;
 * `test` is a cheap set the test suite may choose through
 * ARGON2_PROFILE=test (refused in production, see config.ts). Verification
 * reads the parameters from the stored hash, so hashes of either profile verify
 * anywhere, and a login re-hashes a password stored with weaker parameters.
 */
export const ARGON2_PROFILES = {
  owasp: { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 },
  strong: { algorithm: ARGON2ID, memoryCost: 65_536, timeCost: 3, parallelism: 1 },
  test: { algorithm: ARGON2ID, memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;
export type Argon2Profile = keyof typeof ARGON2_PROFILES;

export function hashPassword(password: string, profile: Argon2Profile = 'owasp'): Promise<string> {
  return hash(password, ARGON2_PROFILES[profile]);
}

/** Never throws: a malformed stored hash simply does not verify. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** True when the stored hash is not Argon2id or uses less memory or fewer passes than the profile. */
export function needsRehash(storedHash: string, profile: Argon2Profile): boolean {
  const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(storedHash);
  if (!match) return true;
  const want = ARGON2_PROFILES[profile];
  return Number(match[1]) < want.memoryCost || Number(match[2]) < want.timeCost;
}

const dummyHashes = new Map<Argon2Profile, Promise<string>>();
/**
 * A hash of a random secret, verified when the username is unknown so that an
 * unknown user costs the same Argon2 work as a wrong password.
 */
export function dummyHash(profile: Argon2Profile): Promise<string> {
  let h = dummyHashes.get(profile);
  if (!h) {
    h = hashPassword(crypto.randomUUID(), profile);
    dummyHashes.set(profile, h);
  }
  return h;
}

/** Constant-time string equality (for comparing a typed password with the default one). */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
