import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The sandbox gateway's webhook signature, shared by both sides (the gateway
 * signs, the platform verifies): HMAC-SHA256 over `<unix seconds>.<raw body>`,
 * hex, with the timestamp in its own header so a captured call cannot be
 * replayed later with a fresh timestamp.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_TIMESTAMP_HEADER = 'x-sandbox-timestamp';

export function signSandbox(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

export function sandboxSignatureMatches(secret: string, timestamp: string, rawBody: Buffer, given: string): boolean {
  const expected = Buffer.from(signSandbox(secret, timestamp, rawBody), 'hex');
  const actual = /^[0-9a-f]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
