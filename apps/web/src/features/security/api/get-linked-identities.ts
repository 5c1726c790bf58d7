import type { LinkedIdentity, SocialProvider } from '@playfront/contract/social';
import { SOCIAL_PATHS } from '@playfront/contract/social-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** GET the member's linked identities and the brand's providers (to offer the ones not linked yet). */
export async function getLinkedIdentities(signal?: AbortSignal): Promise<{ linked: LinkedIdentity[]; providers: SocialProvider[] }> {
  const [linked, providers] = await Promise.all([
    api<LinkedIdentity[]>(SOCIAL_PATHS.identities, { signal }),
    api<SocialProvider[]>(SOCIAL_PATHS.providers, { signal }),
  ]);
  return { linked, providers };
}

export const linkedIdentitiesQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: securityKey('identities', token),
    queryFn: ({ signal }) => getLinkedIdentities(signal),
    enabled: Boolean(token),
  });

export const useLinkedIdentities = (token: string | null) => useQuery(linkedIdentitiesQueryOptions(token));
