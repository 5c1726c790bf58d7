import { HEADERS } from '@playfront/contract/headers';

/**
 * A call the page's boot script asked while the HTML was being parsed (server boot-screen.ts MEMBER_BOOT_SCRIPT: a
 * tab with a session asks member info, and a page drawn from its data its first call, contract early-calls.ts): its
 * address, the headers it went with, when, and its answer (null when the network failed it).
 */
export type EarlyCall = { url: string; headers: Record<string, string>; at: number; response: Promise<Response | null> };

declare global {
  interface Window {
    __pfEarly?: EarlyCall[];
  }
}

/** An early answer older than this is not used: it was meant for the page's first screen, not a later visit. */
export const EARLY_ANSWER_MS = 15_000;

/** The headers that make an answer the member's own, in the member's language. */
const SAME_HEADERS = [HEADERS.authorization, HEADERS.language, HEADERS.merchant] as const;

/** A query in a fixed order, so two addresses compare whatever order each wrote it in. */
const sortedQuery = (url: URL) =>
  [...url.searchParams]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('&');

/**
 * The early answer for this call, taken (once), if the boot script asked this very call: a GET of the same address
 * with the same token, language and merchant, recently. A GET of the same path that does not match drops it (the page
 * asked something else) and lets its body go. Undefined: ask the network.
 */
export function takeEarlyAnswer(url: URL, method: string, headers: Record<string, string>): Promise<Response | null> | undefined {
  const calls = window.__pfEarly;
  if (!calls || method !== 'GET') return undefined;
  const index = calls.findIndex((call) => new URL(call.url, window.location.origin).pathname === url.pathname);
  const early = calls[index];
  if (!early) return undefined;
  calls.splice(index, 1);
  const matches =
    sortedQuery(new URL(early.url, window.location.origin)) === sortedQuery(url) &&
    SAME_HEADERS.every((name) => (early.headers[name] ?? null) === (headers[name] ?? null)) &&
    Date.now() - early.at < EARLY_ANSWER_MS;
  if (matches) return early.response;
  // Nobody will read it: its body is let go, so the browser frees the request instead of holding it until the timeout.
  void early.response.then((response) => response?.body?.cancel()).catch(() => undefined);
  return undefined;
}
