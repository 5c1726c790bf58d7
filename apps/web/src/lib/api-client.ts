import type { ErrorEnvelope } from '@playfront/contract/envelope';
import { HEADERS } from '@playfront/contract/headers';
import { takeEarlyAnswer } from './early-answer.ts';
import { currentLanguage, serverKey } from './i18n.ts';
import { session } from './storage.ts';

/**
 * The one HTTP client. Sends the token and the Merchant, Device and Language
 * headers on every call, unwraps `{ success, message, value }` and turns any
 * failure into an ApiError carrying the catalogue key to show.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly messageKey: string,
    readonly status: number,
    readonly body?: ErrorEnvelope,
  ) {
    super(code);
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * A token that is not the stored session's, sent instead of it: the withdrawal-only access of a blocked member
   * (decision 056), which only its own screen uses and the rest of the site never sees.
   */
  token?: string | undefined;
};

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {
    [HEADERS.device]: 'WEB',
    [HEADERS.language]: currentLanguage(),
    ...options.headers,
  };
  const merchant = session.get('merchantCode');
  if (merchant) headers[HEADERS.merchant] = merchant;
  const token = options.token ?? session.get('token');
  if (token) headers[HEADERS.authorization] = token;
  // A FormData body (file uploads) sets its own multipart boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';

  const method = options.method ?? 'GET';
  let response: Response;
  try {
    // The page's first call may already have been asked by its boot script (lib/early-answer.ts).
    const early = await takeEarlyAnswer(url, method, headers);
    response =
      early ??
      (await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? null : isForm ? (options.body as FormData) : JSON.stringify(options.body),
        signal: options.signal ?? AbortSignal.timeout(30_000),
      }));
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError') throw new ApiError('TIMEOUT', 'errors:timeout', 0);
    throw new ApiError('NETWORK', 'errors:network', 0);
  }
  const json = (await response.json().catch(() => null)) as { success: true; value: T } | ErrorEnvelope | null;
  if (!response.ok || !json || json.success !== true) {
    const error = json?.success === false ? json : undefined;
    const key = error?.message ? serverKey(error.message) : 'errors:unknown';
    throw new ApiError(error?.code ?? 'UNKNOWN', key, response.status, error);
  }
  return json.value;
}
