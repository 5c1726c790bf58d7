import {
  type COOKIE_KEYS,
  LOCAL_KEYS,
  type LocalKey,
  MERCHANT_SESSION_KEYS,
  SESSION_KEYS,
  type SessionKey,
} from '@playfront/contract/storage-keys';

/**
 * The one place that touches browser storage (spec section 3 keys). Storage
 * can throw (private mode, quota), so every access degrades to "absent".
 */
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const session = {
  get: (key: SessionKey): string | null => safe(() => sessionStorage.getItem(key), null),
  set: (key: SessionKey, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: SessionKey) => safe(() => sessionStorage.removeItem(key), undefined),
  /** Logout: clear every session key, then restore the merchant keys. */
  clearKeepingMerchant() {
    const kept = MERCHANT_SESSION_KEYS.map((k) => [k, session.get(k)] as const);
    for (const key of SESSION_KEYS) session.remove(key);
    safe(() => sessionStorage.clear(), undefined);
    for (const [k, v] of kept) if (v !== null) session.set(k, v);
  },
};

export const local = {
  get: (key: LocalKey): string | null => safe(() => localStorage.getItem(key), null),
  set: (key: LocalKey, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: LocalKey) => safe(() => localStorage.removeItem(key), undefined),
};

// Reference the list so a key added to the contract is visible here in review.
export const ALL_LOCAL_KEYS = LOCAL_KEYS;

/** How long a remembered preference (language, theme) is kept. */
export const PREFERENCE_COOKIE_MS = 365 * 24 * 3600 * 1000;

export type CookieName = (typeof COOKIE_KEYS)[keyof typeof COOKIE_KEYS];

/**
 * Cookies (spec section 3: the remembered login). Path=/ so every page reads
 * them; SameSite=Strict so no other site's request carries them; Secure
 * wherever the page is a secure context (https, localhost), since a Secure
 * cookie set from plain http would be silently dropped.
 */
export const cookies = {
  get(name: CookieName): string | null {
    return safe(() => {
      for (const part of document.cookie.split('; ')) {
        const eq = part.indexOf('=');
        if (eq > 0 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1));
      }
      return null;
    }, null);
  },
  set(name: CookieName, value: string, maxAgeMs: number) {
    const secure = safe(() => window.isSecureContext, false) ? '; Secure' : '';
    const maxAge = Math.max(0, Math.floor(maxAgeMs / 1000));
    safe(() => {
      // biome-ignore lint/suspicious/noDocumentCookie: the async Cookie Store API is missing in older Safari; the form reads these synchronously.
      document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAge}; SameSite=Strict${secure}`;
    }, undefined);
  },
  remove(name: CookieName) {
    cookies.set(name, '', 0);
  },
};
