import type { z } from 'zod';
import { signProviderRequest } from './provider-signing.ts';
import {
  PROVIDER_ERRORS,
  PROVIDER_HEADERS,
  type ProviderAuthenticateRequest,
  ProviderAuthenticateResponseSchema,
  type ProviderBalanceRequest,
  type ProviderBetRequest,
  type ProviderCall,
  type ProviderErrorCode,
  ProviderErrorResponseSchema,
  type ProviderOk,
  ProviderOkSchema,
  type ProviderRollbackRequest,
  ProviderTransactionResponseSchema,
  type ProviderWinRequest,
} from './provider-wallet.ts';

/**
 * A game provider's client of the platform's provider wallet API (the built-in house and lottery use it), exactly
 * as an outside vendor would call it: signed JSON over HTTP, nothing else.
 *
 * Every answer is one of three kinds, because money code must tell them apart:
 * - ok: the platform accepted the call;
 * - refused: the platform answered with one of the contract's error codes (no effect);
 * - unknown: no usable answer (network error, time-out, 5xx, unreadable body) — the
 *   call may or may not have taken effect, so the caller repeats it with the same
 *   transaction id or rolls it back.
 */
export type WalletResult<T> =
  | { kind: 'ok'; value: T }
  | { kind: 'refused'; code: ProviderErrorCode; httpStatus: number; balance?: string; currency?: string }
  | { kind: 'unknown'; reason: string };

export interface WalletClientOptions {
  /**
   * e.g. http://127.0.0.1:3000/provider/v1, or a function giving it at call time
   * (the mounting server's own address is only known once it listens).
   */
  walletBaseUrl: string | (() => string);
  secretForVendor: (vendorCode: string) => string;
  fetch?: typeof fetch;
  /** Per-call time-out; default 5 s. */
  timeoutMs?: number;
  now?: () => number;
}

export type AuthenticateAnswer = z.infer<typeof ProviderAuthenticateResponseSchema>;
export type TransactionAnswer = z.infer<typeof ProviderTransactionResponseSchema>;

export class WalletClient {
  private readonly fetchImpl: typeof fetch;

  constructor(private readonly options: WalletClientOptions) {
    this.fetchImpl = options.fetch ?? fetch;
  }

  private base(): string {
    const { walletBaseUrl } = this.options;
    return (typeof walletBaseUrl === 'function' ? walletBaseUrl() : walletBaseUrl).replace(/\/+$/, '');
  }

  authenticate(vendor: string, body: ProviderAuthenticateRequest): Promise<WalletResult<AuthenticateAnswer>> {
    return this.call(vendor, 'authenticate', body, ProviderAuthenticateResponseSchema);
  }

  balance(vendor: string, body: ProviderBalanceRequest): Promise<WalletResult<ProviderOk>> {
    return this.call(vendor, 'balance', body, ProviderOkSchema);
  }

  bet(vendor: string, body: ProviderBetRequest): Promise<WalletResult<TransactionAnswer>> {
    return this.call(vendor, 'bet', body, ProviderTransactionResponseSchema);
  }

  win(vendor: string, body: ProviderWinRequest): Promise<WalletResult<TransactionAnswer>> {
    return this.call(vendor, 'win', body, ProviderTransactionResponseSchema);
  }

  rollback(vendor: string, body: ProviderRollbackRequest): Promise<WalletResult<TransactionAnswer>> {
    return this.call(vendor, 'rollback', body, ProviderTransactionResponseSchema);
  }

  private async call<S extends z.ZodType>(vendor: string, call: ProviderCall, body: unknown, schema: S): Promise<WalletResult<z.infer<S>>> {
    const rawBody = JSON.stringify(body);
    const timestamp = String((this.options.now ?? Date.now)());
    let secret: string;
    try {
      secret = this.options.secretForVendor(vendor);
    } catch {
      return { kind: 'refused', code: 'INVALID_SIGNATURE', httpStatus: PROVIDER_ERRORS.INVALID_SIGNATURE };
    }
    let response: Response;
    try {
      // Inside the try: a base URL that cannot be known yet is an unknown outcome like a network error.
      response = await this.fetchImpl(`${this.base()}/${encodeURIComponent(vendor)}/${call}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [PROVIDER_HEADERS.timestamp]: timestamp,
          [PROVIDER_HEADERS.signature]: signProviderRequest(secret, timestamp, rawBody),
        },
        body: rawBody,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
    } catch (error) {
      return { kind: 'unknown', reason: error instanceof Error ? error.name : 'fetch failed' };
    }
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      return { kind: 'unknown', reason: `unreadable answer (HTTP ${response.status})` };
    }
    if (response.status === 200) {
      const ok = schema.safeParse(json);
      return ok.success ? { kind: 'ok', value: ok.data } : { kind: 'unknown', reason: 'unexpected answer shape' };
    }
    const refusal = ProviderErrorResponseSchema.safeParse(json);
    if (refusal.success && PROVIDER_ERRORS[refusal.data.status] === response.status) {
      return {
        kind: 'refused',
        code: refusal.data.status,
        httpStatus: response.status,
        ...(refusal.data.balance !== undefined ? { balance: refusal.data.balance } : {}),
        ...(refusal.data.currency !== undefined ? { currency: refusal.data.currency } : {}),
      };
    }
    // A 5xx, or a status that is not the contract's: we cannot know whether it took effect.
    return { kind: 'unknown', reason: `HTTP ${response.status}` };
  }
}
