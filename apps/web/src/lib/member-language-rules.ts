import type { LanguageCode } from '@playfront/contract/constants';

/**
 * The language saved on the account (issue 15; spec section 7, language update), as pure rules so they are tested
 * without a browser. The effects are in member-language.ts.
 */

/** Who may save a choice on the account: a logged-in real member (trial accounts have no account settings). */
export function savesToAccount(session: { token: string | null; loggedIn: boolean; isTrial: boolean }): boolean {
  return Boolean(session.token) && session.loggedIn && !session.isTrial;
}

/**
 * After a login (or member info on a new device): the account's saved language wins over this browser's, so the
 * choice follows the member; nothing saved, or the same one showing, changes nothing.
 */
export function languageToApply(saved: LanguageCode | null | undefined, showing: LanguageCode): LanguageCode | null {
  return saved && saved !== showing ? saved : null;
}
