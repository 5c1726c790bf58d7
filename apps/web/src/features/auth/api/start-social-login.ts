import { SOCIAL_PATHS } from '@playfront/contract/social-paths';
import { api } from '../../../lib/api-client.ts';

/** POST: a sign-in flow with the provider; the URL to send the browser to. */
export function startSocialLogin(provider: string, referralCode?: string): Promise<{ authorizationUrl: string }> {
  return api<{ authorizationUrl: string }>(SOCIAL_PATHS.start, {
    method: 'POST',
    body: { provider, ...(referralCode ? { referralCode } : {}) },
  });
}
