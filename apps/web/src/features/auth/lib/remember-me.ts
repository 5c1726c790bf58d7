import { LIMITS } from '@playfront/contract/constants';
import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { cookies } from '../../../lib/storage.ts';

/**
 * The remembered login of spec section 3: last username, remembered password
 * and the SMS mobile, each a cookie for 24 hours, written only when
 * remember-me is ticked and removed when it is not.
 */
export type RememberedLogin = { username: string; password: string; smsMobile: { countryDialingCode: string; mobileNum: string } | null };

export function readRemembered(): RememberedLogin {
  const sms = cookies.get(COOKIE_KEYS.smsMobile);
  const [countryDialingCode, mobileNum] = sms?.split(' ') ?? [];
  return {
    username: cookies.get(COOKIE_KEYS.lastUsername) ?? '',
    password: cookies.get(COOKIE_KEYS.rememberedPassword) ?? '',
    smsMobile: countryDialingCode && mobileNum ? { countryDialingCode, mobileNum } : null,
  };
}

export function rememberPasswordLogin(username: string, password: string, remember: boolean) {
  if (!remember) {
    cookies.remove(COOKIE_KEYS.lastUsername);
    cookies.remove(COOKIE_KEYS.rememberedPassword);
    return;
  }
  cookies.set(COOKIE_KEYS.lastUsername, username, LIMITS.rememberLoginMs);
  // Risk: a password in a script-readable cookie is exposed to any XSS on this origin and to anyone using this
  // browser profile; the spec requires it, so it is written only on an explicit tick, Secure + SameSite=Strict, for 24 h.
  cookies.set(COOKIE_KEYS.rememberedPassword, password, LIMITS.rememberLoginMs);
}

export function rememberSmsMobile(countryDialingCode: string, mobileNum: string, remember: boolean) {
  if (remember) cookies.set(COOKIE_KEYS.smsMobile, `${countryDialingCode} ${mobileNum}`, LIMITS.rememberLoginMs);
  else cookies.remove(COOKIE_KEYS.smsMobile);
}

/** Free play and password changes make a remembered password stale: drop it. */
export function forgetRememberedPassword() {
  cookies.remove(COOKIE_KEYS.rememberedPassword);
}
