/** Browser storage keys of spec section 3, named once. */
export const SESSION_KEYS = [
  'token',
  'nickname',
  'account',
  'username',
  'customerId',
  'isAgent',
  'merchant',
  'merchantCode',
  'gameVendor',
  'validate',
  'merchantWallet',
  'consolidated',
  'enableSalary',
  'enableContract',
  // Notice popups closed in this session (spec section 4: separate keys for logged-in and anonymous visitors).
  'noticePopupsMember',
  'noticePopupsGuest',
  // The support chat's guest token (issue 15): a visitor's conversation survives a reload of the tab, not the tab.
  'supportChatGuest',
  // Where "Back to the lobby" returns (issue 22): the lobby page, section, vendor, page and scroll of the last launch.
  'lobbyReturn',
  // A self-excluded or cooling-off member's withdrawal-only access (decision 056): { token, expiresAt }, this tab only.
  'withdrawOnly',
] as const;
export type SessionKey = (typeof SESSION_KEYS)[number];

/** Keys that survive logout: the session is cleared, then these are restored. */
export const MERCHANT_SESSION_KEYS = ['merchant', 'merchantCode'] as const satisfies readonly SessionKey[];

export const LOCAL_KEYS = [
  'merchantCode',
  'lang',
  'hisLang',
  'theme',
  // When a tab of the site last had a session (a time, never the token): a new tab waits for that tab's answer only
  // while it is fresh (web lib/tab-sync.ts).
  'sessionTabAt',
] as const;
export type LocalKey = (typeof LOCAL_KEYS)[number];

export const COOKIE_KEYS = {
  lastUsername: 'pf_last_username',
  /** Only ever removed: older versions remembered the password here (issue 21 item 7). */
  legacyRememberedPassword: 'pf_remembered_password',
  smsMobile: 'pf_sms_mobile',
  /** The visit's language, so the server draws the home page's boot screen (its first banner) in it. */
  language: 'pf_lang',
  /** The chosen theme, so the server sends index.html already in it (no dark flash for a light-theme visitor). */
  theme: 'pf_theme',
} as const;
