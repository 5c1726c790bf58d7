import { z } from 'zod';
import { MAX_AMOUNT_DIGITS } from './money.ts';

/**
 * The provider wallet API ("seamless wallet"): what a game vendor's server calls
 * on the platform to read a player's balance and to debit bets and credit wins.
 * The built-in house provider (apps/house) uses exactly this, over HTTP.
 * Import as `@playfront/contract/provider-wallet`.
 *
 * Transport
 * - POST `${PROVIDER_WALLET_BASE}/<vendorCode>/<call>` with a JSON body.
 * - Headers: `x-provider-timestamp` (Unix milliseconds) and `x-provider-signature`,
 *   the lowercase hex HMAC-SHA256, keyed by the vendor's secret, of
 *   `${timestamp}.${rawBody}` (the exact bytes sent). The platform refuses a
 *   timestamp further than PROVIDER_MAX_SKEW_MS from its clock.
 * - Amounts are integer minor units as decimal strings (e.g. "1050" = ৳10.50).
 * - Success: HTTP 200 with `{ status: 'OK', ... }`. Failure: the HTTP status and
 *   `status` code of PROVIDER_ERRORS, with `balance` when the platform knows it.
 *
 * Idempotency: each bet, win and rollback carries the vendor's `transactionId`.
 * A repeat with the same content returns the first answer with no second effect;
 * the same id with different content is TRANSACTION_CONFLICT.
 */
export const PROVIDER_WALLET_BASE = '/provider/v1';

export const PROVIDER_CALLS = ['authenticate', 'balance', 'bet', 'win', 'rollback'] as const;
export type ProviderCall = (typeof PROVIDER_CALLS)[number];

export const PROVIDER_HEADERS = {
  timestamp: 'x-provider-timestamp',
  signature: 'x-provider-signature',
} as const;

/** How far a request's timestamp may be from the platform's clock. */
export const PROVIDER_MAX_SKEW_MS = 5 * 60 * 1000;

/** Every refusal the provider API can give: a stable code and its own HTTP status. */
export const PROVIDER_ERRORS = {
  /** Body is not valid JSON or does not match the call's schema. */
  BAD_REQUEST: 400,
  /** Missing or wrong signature, or unknown vendor. */
  INVALID_SIGNATURE: 401,
  /** Timestamp missing or outside PROVIDER_MAX_SKEW_MS. */
  STALE_TIMESTAMP: 408,
  /**
   * The launch token is unknown; or, for authenticate/balance/bet, expired or ended with the member session
   * that launched it (logout, password change); or, for authenticate, already opened once (decision 025).
   */
  INVALID_TOKEN: 404,
  /** The currency differs from the launch session's currency. */
  WRONG_CURRENCY: 422,
  /** The bet is more than the balance; the answer carries the balance. */
  INSUFFICIENT_FUNDS: 402,
  /** The game code is not one of this vendor's games, or not the launched game. */
  UNKNOWN_GAME: 410,
  /** The member is disabled (or not a real-money member). */
  MEMBER_DISABLED: 403,
  /** The transactionId was used before with a different content. */
  TRANSACTION_CONFLICT: 409,
  /** A bet on a round that a win or rollback already closed. */
  ROUND_CLOSED: 425,
  /** A bet whose transactionId was rolled back before it arrived (tombstone). */
  TRANSACTION_ROLLED_BACK: 423,
  /** A win or rollback that references no bet of this round (win) or is otherwise not applicable. */
  BET_NOT_FOUND: 412,
  /**
   * The vendor is configured for the transfer wallet: it plays from its own vendor wallet, filled and
   * emptied by the member's GCS_walletTransfer, so authenticate, balance and bet are refused. Wins and
   * rollbacks of rounds begun while it was seamless still settle.
   */
  WALLET_MODE_TRANSFER: 405,
  /** The stake is over the maximum bet of the bonus the member is wagering (decision 026); nothing was taken. */
  BET_LIMIT: 406,
  /** The stake would go over the member's own wager or loss limit (issue 18); nothing was taken. */
  PLAYER_LIMIT: 417,
  /** The member is in a cool-off or self-exclusion (issue 18): no stakes; wins and rollbacks still settle. */
  PLAYER_EXCLUDED: 451,
} as const satisfies Record<string, number>;
export type ProviderErrorCode = keyof typeof PROVIDER_ERRORS;

const Minor = z.string().regex(new RegExp(`^\\d{1,${MAX_AMOUNT_DIGITS}}$`));
// Ids and tokens are printable text: a control character (NUL above all, which PostgreSQL text
// cannot hold) is refused here as BAD_REQUEST rather than failing in the database.
const printable = (s: string) => !/\p{Cc}/u.test(s);
const Id = z.string().min(1).max(100).refine(printable, 'control characters are not allowed');
const Token = z.string().min(16).max(200).refine(printable, 'control characters are not allowed');
const Currency = z.string().regex(/^[A-Z]{3}$/);

export const ProviderAuthenticateRequestSchema = z.object({ token: Token });
export const ProviderBalanceRequestSchema = z.object({ token: Token });

export const ProviderBetRequestSchema = z.object({
  token: Token,
  transactionId: Id,
  roundId: Id,
  gameCode: Id,
  amount: Minor,
  currency: Currency,
});

export const ProviderWinRequestSchema = z.object({
  token: Token,
  transactionId: Id,
  roundId: Id,
  gameCode: Id,
  /** May be "0": a zero win closes a lost round. */
  amount: Minor,
  currency: Currency,
  /** True when this is the round's last call; later bets on the round are ROUND_CLOSED. Default true. */
  closeRound: z.boolean().optional(),
});

export const ProviderRollbackRequestSchema = z.object({
  token: Token,
  transactionId: Id,
  roundId: Id,
  gameCode: Id,
  /** The transactionId of the bet to refund. Unknown: a tombstone is left and the answer is OK. */
  betTransactionId: Id,
});

export type ProviderAuthenticateRequest = z.infer<typeof ProviderAuthenticateRequestSchema>;
export type ProviderBalanceRequest = z.infer<typeof ProviderBalanceRequestSchema>;
export type ProviderBetRequest = z.infer<typeof ProviderBetRequestSchema>;
export type ProviderWinRequest = z.infer<typeof ProviderWinRequestSchema>;
export type ProviderRollbackRequest = z.infer<typeof ProviderRollbackRequestSchema>;

export const ProviderOkSchema = z.object({
  status: z.literal('OK'),
  balance: Minor,
  currency: Currency,
});

export const ProviderAuthenticateResponseSchema = ProviderOkSchema.extend({
  /** Stable, opaque player id for the vendor (never the username). */
  playerId: z.string(),
  /** Masked display name, e.g. "de***er". */
  displayName: z.string(),
  gameCode: z.string(),
  language: z.string(),
  /** The member's brand (its merchant code): a vendor may configure odds and limits per brand. */
  brand: z.string().optional(),
});

export const ProviderTransactionResponseSchema = ProviderOkSchema.extend({
  /** The platform's id of the posting (the same for a repeat). */
  platformTransactionId: z.string(),
});

export const ProviderErrorResponseSchema = z.object({
  status: z.enum(Object.keys(PROVIDER_ERRORS) as [ProviderErrorCode, ...ProviderErrorCode[]]),
  message: z.string(),
  balance: Minor.optional(),
  currency: Currency.optional(),
});

export type ProviderOk = z.infer<typeof ProviderOkSchema>;
export type ProviderAuthenticateResponse = z.infer<typeof ProviderAuthenticateResponseSchema>;
export type ProviderTransactionResponse = z.infer<typeof ProviderTransactionResponseSchema>;
export type ProviderErrorResponse = z.infer<typeof ProviderErrorResponseSchema>;

/** The string both sides sign. */
export function providerSigningInput(timestamp: string, rawBody: string): string {
  return `${timestamp}.${rawBody}`;
}
