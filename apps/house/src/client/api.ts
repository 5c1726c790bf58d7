/** The game API of the house (http/house-plugin.ts), as the page calls it. */
export type ApiAnswer<T> = ({ ok: true } & T) | { ok: false; code: string; balance?: string };

export async function api<T>(path: string, session: string | null, body?: unknown): Promise<ApiAnswer<T>> {
  try {
    const response = await fetch(`/house/api/${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(session ? { 'x-house-session': session } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      credentials: 'same-origin',
    });
    const json = (await response.json().catch(() => null)) as ApiAnswer<T> | null;
    if (json && typeof json === 'object' && 'ok' in json) return json;
    return { ok: false, code: response.status === 429 ? 'WALLET_UNAVAILABLE' : 'BAD_REQUEST' };
  } catch {
    return { ok: false, code: 'NETWORK' };
  }
}
