import type { LanguageCode } from '@playfront/contract/constants';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from './api-client.ts';
import { changeLanguage, currentLanguage } from './i18n.ts';
import { languageToApply, savesToAccount } from './member-language-rules.ts';
import { useSession } from './session-store.ts';

/** PUT the member's language choice on the account (issue 15), when a real member is logged in. */
export async function saveMemberLanguage(code: LanguageCode): Promise<void> {
  if (!savesToAccount(useSession.getState())) return;
  try {
    await api<{ language: LanguageCode }>(SESSION_PATHS.memberLanguage, { method: 'PUT', body: { language: code } });
  } catch {
    // The page already shows the choice and this browser remembers it; the next choice saves again.
  }
}

/** The language selector's choice: shown at once, remembered in this browser, saved on the account. */
export async function chooseLanguage(code: LanguageCode): Promise<void> {
  await changeLanguage(code);
  await saveMemberLanguage(code);
}

/** After login or member info: show the account's saved language (not saved back: it is the account's already). */
export function applySavedLanguage(saved: LanguageCode | null | undefined): void {
  const next = languageToApply(saved, currentLanguage());
  if (next) void changeLanguage(next);
}
