import { LOTTERY_SESSION_HEADER } from '@playfront/contract/lottery';

/** The lottery's JSON API (LOTTERY_PATHS), as the page calls it. */
export type ApiAnswer<T> = ({ ok: true } & T) | { ok: false; code: string; message?: string; balance?: string };

export async function api<T>(path: string, session: string | null, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        accept: 'application/json',
        ...(session ? { [LOTTERY_SESSION_HEADER]: session } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
      cache: 'no-store',
    });
    const json = (await response.json().catch(() => null)) as ApiAnswer<T> | null;
    if (json && typeof json === 'object' && 'ok' in json) return json;
    return { ok: false, code: response.status === 429 || response.status >= 500 ? 'WALLET_UNAVAILABLE' : 'BAD_REQUEST' };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}

/** A fresh idempotency key for a slip (LotterySlipRequest.requestId: 8..64 of A-Z a-z 0-9 _ -). */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `slip-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}
