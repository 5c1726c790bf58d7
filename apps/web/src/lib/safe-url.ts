/**
 * Links that come from configuration (customer service, social, app download)
 * end up in href attributes: only web, mail and phone links, or paths on this
 * site, are allowed, so a bad entry can never become a `javascript:` link.
 */
const ALLOWED = new Set(['http:', 'https:', 'mailto:', 'tel:']);

export function safeUrl(raw: string | null | undefined, base = 'https://invalid.localhost'): string | undefined {
  const value = raw?.trim();
  if (!value) return undefined;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  try {
    const url = new URL(value, base);
    return ALLOWED.has(url.protocol) && !value.startsWith('//') ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Adds query parameters to a configured link, keeping any it already has (relative links stay relative). */
export function withQuery(link: string, params: Record<string, string | null | undefined>): string {
  const relative = link.startsWith('/');
  const url = new URL(link, 'https://relative.localhost');
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
}
