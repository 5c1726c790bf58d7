import type { SocialCompleteResult } from '@playfront/contract/social';
import { SOCIAL_PATHS } from '@playfront/contract/social-paths';
import { api } from '../../../lib/api-client.ts';

/** POST the provider's answer (the callback page's query): a login, a new account, or a linked identity. */
export function completeSocialLogin(query: string): Promise<SocialCompleteResult> {
  return api<SocialCompleteResult>(SOCIAL_PATHS.complete, { method: 'POST', body: { query } });
}
