/**
 * Query parameters whose values are secrets (session tokens, launch tokens, sign-in and
 * verification codes, signatures): a URL is written to logs only with these values replaced.
 */
const SECRET_PARAMS = /^(token|code|verificationcode|password|secret|signature|sign|key|session|otp|ticket|auth)$/i;

/** The URL with every secret query value replaced by `[redacted]`; paths and other parameters unchanged. */
export function redactUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hash = url.indexOf('#', at);
  const query = url.slice(at + 1, hash < 0 ? undefined : hash);
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_PARAMS.test(name.trim()) ? `${rawName}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, at)}?${redacted}`;
}
