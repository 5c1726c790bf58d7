import { LIMITS } from '@playfront/contract/constants';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { cookies } from '../../../lib/storage.ts';

/**
 * The remembered login (spec section 3): the last username and the SMS mobile, each a cookie for 24 hours,
 * written only when remember-me is ticked and removed when it is not. Never the password (issue 21 item 7): a
 * password in a cookie a script can read is exposed to any XSS on the origin and sent with every request.
 * The browser's own password manager offers that, kept where scripts cannot read it.
 */
export type RememberedLogin = { username: string; smsMobile: { countryDialingCode: string; mobileNum: string } | null };

export function readRemembered(): RememberedLogin {
  // Versions before this one kept the password: a visitor who still has that cookie loses it on the first read.
  // (Only then: a cookie write is a synchronous round trip to the browser's cookie store, and this runs as the login
  // form renders; `cookies.get` answers null for an absent cookie, so the check was true on every read before.)
  if (cookies.get(COOKIE_KEYS.legacyRememberedPassword) !== null) cookies.remove(COOKIE_KEYS.legacyRememberedPassword);
  const sms = cookies.get(COOKIE_KEYS.smsMobile);
  const [countryDialingCode, mobileNum] = sms?.split(' ') ?? [];
  return {
    username: cookies.get(COOKIE_KEYS.lastUsername) ?? '',
    smsMobile: countryDialingCode && mobileNum ? { countryDialingCode, mobileNum } : null,
  };
}

export function rememberUsername(username: string, remember: boolean) {
  if (remember) cookies.set(COOKIE_KEYS.lastUsername, username, LIMITS.rememberLoginMs);
  else cookies.remove(COOKIE_KEYS.lastUsername);
}

export function rememberSmsMobile(countryDialingCode: string, mobileNum: string, remember: boolean) {
  if (remember) cookies.set(COOKIE_KEYS.smsMobile, `${countryDialingCode} ${mobileNum}`, LIMITS.rememberLoginMs);
  else cookies.remove(COOKIE_KEYS.smsMobile);
}
