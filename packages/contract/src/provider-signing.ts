import { createHmac, timingSafeEqual } from 'node:crypto';
import { providerSigningInput } from './provider-wallet.ts';

/**
 * Signing for the provider wallet API (Node only: the web never imports this).
 * Both the platform (verifying) and a provider such as apps/house (signing) use it.
 */

/** Lowercase hex HMAC-SHA256 of `${timestamp}.${rawBody}` keyed by the vendor's secret. */
export function signProviderRequest(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(providerSigningInput(timestamp, rawBody)).digest('hex');
}

/** Constant-time check of a signature header against the expected one. */
export function isValidProviderSignature(secret: string, timestamp: string, rawBody: string, signature: string): boolean {
  const expected = Buffer.from(signProviderRequest(secret, timestamp, rawBody), 'hex');
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The secret of one vendor served by the built-in house provider, derived from
 * the one house master secret both sides are configured with (HOUSE_PROVIDER_SECRET),
 * so adding a house-served vendor needs no new secret to be shared.
 */
export function deriveHouseVendorSecret(masterSecret: string, vendorCode: string): string {
  return createHmac('sha256', masterSecret).update(`playfront-house-vendor:${vendorCode}`).digest('hex');
}

/**
 * The secret of one vendor served by the built-in lottery provider (LOTT, ELOTT, TCG_LOTTO_VN, TCG_SEA), derived
 * from the same master secret as the house's (the platform's HOUSE_PROVIDER_SECRET, given to a standalone lottery
 * as LOTTERY_PROVIDER_SECRET) under its own label, so a lottery vendor's secret is never a house vendor's.
 */
export function deriveLotteryVendorSecret(masterSecret: string, vendorCode: string): string {
  return createHmac('sha256', masterSecret).update(`playfront-lottery-vendor:${vendorCode}`).digest('hex');
}

/**
 * The secret the platform signs its calls to the lottery's operator API with (console oversight: games on/off,
 * draws, voiding; decision 050), derived from the same master secret under its own label, so it is never a
 * vendor's wallet secret and a vendor's secret cannot call the operator API.
 */
export function deriveLotteryOperatorSecret(masterSecret: string): string {
  return createHmac('sha256', masterSecret).update('playfront-lottery-operator').digest('hex');
}

/** What an operator call to the lottery signs: the time, the method and the path with its query (calls carry no body). */
export function lotteryOperatorSigningInput(timestamp: string, method: string, pathWithQuery: string): string {
  return `${timestamp}.${method.toUpperCase()} ${pathWithQuery}`;
}

/** Lowercase hex HMAC-SHA256 of an operator call (lotteryOperatorSigningInput). */
export function signLotteryOperatorCall(secret: string, timestamp: string, method: string, pathWithQuery: string): string {
  return createHmac('sha256', secret)
    .update(lotteryOperatorSigningInput(timestamp, method, pathWithQuery))
    .digest('hex');
}

/** Constant-time check of an operator call's signature. */
export function isValidLotteryOperatorCall(
  secret: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  signature: string,
): boolean {
  if (!secret) return false;
  const expected = Buffer.from(signLotteryOperatorCall(secret, timestamp, method, pathWithQuery), 'hex');
  const given = /^[0-9a-f]{64}$/.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
