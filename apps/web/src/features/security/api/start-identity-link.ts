import { SOCIAL_PATHS } from '@playfront/contract/social-paths';
import { api } from '../../../lib/api-client.ts';

/** POST (session): a linking flow with the provider; the URL to send the browser to. */
export function startIdentityLink(provider: string): Promise<{ authorizationUrl: string }> {
  return api<{ authorizationUrl: string }>(SOCIAL_PATHS.linkStart, { method: 'POST', body: { provider } });
}
