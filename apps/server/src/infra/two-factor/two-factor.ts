import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator-app codes (TOTP, RFC 6238: SHA-1, 6 digits, 30 s; what Google Authenticator and its kin read) and
 * recovery codes, shared by the members' two-step login and the staff console. The stores keep the secret sealed
 * (encryptAtRest) and the last accepted time step: a code is accepted only for a step above it, so a code seen once
 * cannot be replayed inside its window (the caller moves the step in the same statement that checks it).
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count (clock drift of the phone). */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, issuer = 'Playfront', label = 'account'): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://` URI an authenticator app reads from the enrolment QR code. */
export function totpUri(secretBase32: string, issuer: string, label: string): string {
  return totp(secretBase32, issuer, label).toString();
}

/** The code for a moment (tests, and a person's phone in the browser journeys). */
export function totpCodeAt(secretBase32: string, at: number = Date.now()): string {
  return totp(secretBase32).generate({ timestamp: at });
}

/**
 * The time step a code belongs to when it is valid now (± TOTP_WINDOW), or null. The caller accepts it only if the
 * step is above the last one it accepted for that secret, and records it.
 */
export function totpStepOf(secretBase32: string, code: string, at: number = Date.now()): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: at, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(at / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A recovery code as shown: `xxxxx-xxxxx`, 50 bits, letters and digits that cannot be misread. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** A code as typed (case, spaces and dashes ignored), hashed for storage; the codes are random, so SHA-256 suffices. */
export function recoveryCodeHash(code: string): string {
  const normal = code.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(`playfront-recovery:${normal}`).digest('hex');
}

/** Fresh recovery codes to show once, and their hashes to store (each used at most once). */
export function newRecoveryCodes(count: number = RECOVERY_CODE_COUNT): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: count }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
