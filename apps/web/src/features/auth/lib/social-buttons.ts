import type { SocialProvider } from '@playfront/contract/social';

/** Where the buttons sit: the login popup offers every provider; the register popup only those that make accounts. */
export type SocialButtonsPlace = 'login' | 'register';

export function providersFor(providers: readonly SocialProvider[] | undefined, place: SocialButtonsPlace): SocialProvider[] {
  return (providers ?? []).filter((p) => place === 'login' || p.registration);
}
