import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import { serverSecret } from '../../../infra/server-secret/server-secret.ts';

/**
 * A guest's chat token (decision 052): 32 random bytes and the server's HMAC-SHA256 of them under the brand, both
 * base64url, `<nonce>.<tag>`. Only a token the server gave (openChat) can start a conversation, a made-up or altered
 * one is refused before the database is asked, and one brand's token means nothing on another. The conversation
 * keeps only the token's SHA-256, so its row cannot be turned back into a token either.
 */
const PART = /^[A-Za-z0-9_-]{43}$/;

const tagOf = (key: Buffer, brandId: number, nonce: string) =>
  createHmac('sha256', key).update(`chat-guest:v1:${brandId}:${nonce}`, 'utf8').digest();

export async function issueGuestToken(db: Db, brandId: number): Promise<string> {
  const nonce = randomBytes(32).toString('base64url');
  return `${nonce}.${tagOf(await serverSecret(db, 'chat-guest-token'), brandId, nonce).toString('base64url')}`;
}

/** Whether the token is one this deployment signed for this brand. */
export async function isSignedGuestToken(db: Db, brandId: number, token: string): Promise<boolean> {
  const [nonce, tag, ...rest] = token.split('.');
  if (!nonce || !tag || rest.length > 0 || !PART.test(nonce) || !PART.test(tag)) return false;
  // Compared as text, so the one spelling the server gave is the only one that counts.
  const expected = tagOf(await serverSecret(db, 'chat-guest-token'), brandId, nonce).toString('base64url');
  return timingSafeEqual(Buffer.from(tag, 'utf8'), Buffer.from(expected, 'utf8'));
}

/**
 * The unsigned 43-character tokens given before decision 052: still good for the conversation they already hold (their
 * 256 random bits were never guessable), never for starting a new one.
 */
export const isLegacyGuestToken = (token: string) => PART.test(token);
