import type { SOCIAL_PROVIDERS } from '@playfront/contract/session';

/**
 * Social login (Facebook, Google) behind a provider interface. None is enabled:
 * this build makes no network call to any provider, and the social login call
 * answers FEATURE_DISABLED unless the brand's SOCIAL_LOGIN flag is on AND a
 * provider is configured here. A real provider would verify the id token
 * against the provider's published keys and return the stable subject id.
 */
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];

export interface SocialLoginProvider {
  readonly name: SocialProviderName;
  /** Verifies an id token; resolves the provider's stable user id, or null when the token is not valid. */
  verify(idToken: string): Promise<{ subject: string; email?: string } | null>;
}

export type SocialProviders = Partial<Record<SocialProviderName, SocialLoginProvider>>;

/** No provider by default: social login stays off until one is written and configured. */
export function socialProvidersFromConfig(): SocialProviders {
  return {};
}
