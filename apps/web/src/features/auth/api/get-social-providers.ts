import type { SocialProvider } from '@playfront/contract/social';
import { SOCIAL_PATHS } from '@playfront/contract/social-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET the brand's sign-in providers (empty while the brand has social login off). */
export const getSocialProviders = (signal?: AbortSignal) => api<SocialProvider[]>(SOCIAL_PATHS.providers, { signal });

export const socialProvidersQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'socialProviders'], queryFn: ({ signal }) => getSocialProviders(signal), staleTime: 60_000 });

export const useSocialProviders = () => useQuery(socialProvidersQueryOptions());
