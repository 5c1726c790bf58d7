import type { ErrorEnvelope } from '@playfront/contract/envelope';
import { HEADERS } from '@playfront/contract/headers';
import { ApiError } from './api-client.ts';
import { currentLanguage, serverKey } from './i18n.ts';
import { session } from './storage.ts';

/**
 * GET a file the server gives only to the session that owns it (an image of the member's own upload): the token
 * travels in the header, never in a URL, so an <img> cannot ask for it by itself. Failures are ApiErrors as in
 * api(). Its own module with the same headers as api() (device, language, merchant, token), so the first bundle,
 * which holds api-client, does not grow by it.
 */
export async function apiBlob(path: string, signal?: AbortSignal, extraHeaders: Record<string, string> = {}): Promise<Blob> {
  const headers: Record<string, string> = { [HEADERS.device]: 'WEB', [HEADERS.language]: currentLanguage(), ...extraHeaders };
  const merchant = session.get('merchantCode');
  if (merchant) headers[HEADERS.merchant] = merchant;
  const token = session.get('token');
  if (token) headers[HEADERS.authorization] = token;
  let response: Response;
  try {
    response = await fetch(new URL(path, window.location.origin), { headers, signal: signal ?? AbortSignal.timeout(30_000) });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError('NETWORK', 'errors:network', 0);
  }
  if (!response.ok) {
    const error = (await response.json().catch(() => null)) as ErrorEnvelope | null;
    throw new ApiError(
      error?.code ?? 'UNKNOWN',
      error?.message ? serverKey(error.message) : 'errors:unknown',
      response.status,
      error ?? undefined,
    );
  }
  return response.blob();
}
