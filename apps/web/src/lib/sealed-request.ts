import { importServerPublicKey, type PayloadKey, sealForServer } from '@playfront/contract/encrypted-payload';
import { HEADERS } from '@playfront/contract/headers';
import type { PublicKey } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { ApiError, api } from './api-client.ts';

type ServerKey = { key: PayloadKey; skewMs: number };

// One public key per page: fetched on the first sealed call, dropped when the server stops accepting it.
let serverKey: Promise<ServerKey> | undefined;

function loadServerKey(): Promise<ServerKey> {
  serverKey ??= (async () => {
    if (!globalThis.crypto?.subtle) throw new ApiError('ENCRYPTION_REQUIRED', 'errors:encryptionRequired', 0);
    const answer = await api<PublicKey>(SESSION_PATHS.publicKey);
    // The sealed timestamp uses the server's clock, so a phone with a wrong clock still gets in.
    return { key: await importServerPublicKey(answer.publicKey), skewMs: answer.serverTime - Date.now() };
  })();
  serverKey.catch(() => {
    serverKey = undefined;
  });
  return serverKey;
}

/** Codes after which a fresh key (and a fresh seal) may succeed: key rotated, or a clock far off. */
const RETRYABLE = new Set(['ENCRYPTION_INVALID', 'PAYLOAD_EXPIRED']);

export type SealedOptions = {
  method: 'POST' | 'PUT';
  /**
   * A token that is not (yet) in session storage: the pending session of a forced password change, or a blocked
   * member's withdrawal-only access (decision 056). Sent instead of the stored one.
   */
  token?: string | undefined;
};

/** An "E" call of spec section 7: the payload sealed with the server's public key (WebCrypto), sent as `{ value }`. */
export async function sealedRequest<T>(path: string, payload: unknown, options: SealedOptions): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const { key, skewMs } = await loadServerKey();
    const sealed = await sealForServer(key, payload, { path, now: Date.now() + skewMs });
    const headers: Record<string, string> = { [HEADERS.encryption]: sealed.header };
    try {
      return await api<T>(path, { method: options.method, body: sealed.body, headers, token: options.token });
    } catch (err) {
      if (attempt === 0 && err instanceof ApiError && RETRYABLE.has(err.code)) {
        serverKey = undefined;
        continue;
      }
      throw err;
    }
  }
}
