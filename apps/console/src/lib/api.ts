import { STAFF_SESSION_HEADER } from '@playfront/contract/console-paths';
import type { ErrorEnvelope } from '@playfront/contract/envelope';
import { currentLanguage } from './i18n.ts';
import { endSession, getSession } from './session.ts';

/** A failed console call: the server's machine code and the catalogue key to show (`errors.xxx`). */
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

export type Query = Record<string, string | number | boolean | undefined | null>;
export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  /** Send this token instead of the stored session's (the second-factor step). */
  token?: string;
  signal?: AbortSignal;
};

export function buildUrl(path: string, query: Query = {}): URL {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { language: currentLanguage().toUpperCase(), device: 'WEB' };
  const token = options.token ?? getSession()?.token;
  if (token) headers[STAFF_SESSION_HEADER] = token;
  // FormData (an upload) sets its own multipart content type with the boundary.
  const form = options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : form ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal ?? AbortSignal.timeout(30_000),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'TimeoutError') throw new ApiError('TIMEOUT', 'errors.timeout', 0);
    throw new ApiError('NETWORK', 'errors.network', 0);
  }
}

function failure(response: Response, json: unknown): ApiError {
  const error = (json as ErrorEnvelope | null)?.success === false ? (json as ErrorEnvelope) : undefined;
  // A session the server no longer knows (idle, absolute expiry, logged out elsewhere): back to the login page.
  if (response.status === 401 && getSession() && !error?.code?.startsWith('INVALID_')) endSession('expired');
  return new ApiError(error?.code ?? 'UNKNOWN', error?.message ?? 'errors.unknown', response.status, error);
}

/** One console API call: unwraps `{ success, value }`; any failure is an ApiError carrying the catalogue key. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  const json = (await response.json().catch(() => null)) as { success: true; value: T } | ErrorEnvelope | null;
  if (!response.ok || !json || json.success !== true) throw failure(response, json);
  return json.value;
}

/** A binary answer (a stored proof image) as a Blob: the session travels in a header, so an <img src> cannot fetch it. */
export async function fetchBlob(path: string): Promise<Blob> {
  const response = await send(path, {});
  if (!response.ok) throw failure(response, await response.json().catch(() => null));
  return response.blob();
}

/** Downloads a CSV answer (the session travels in a header, so a plain link cannot fetch it). */
export async function downloadCsv(path: string, query: Query, fallbackName: string): Promise<void> {
  const response = await send(path, { query });
  if (!response.ok) throw failure(response, await response.json().catch(() => null));
  const blob = await response.blob();
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? fallbackName;
  saveBlob(blob, name);
}

export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}
