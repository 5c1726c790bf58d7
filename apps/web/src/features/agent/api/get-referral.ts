import type { Referral } from '@playfront/contract/agent-team';
import { AGENT_TEAM_PATHS } from '@playfront/contract/agent-team-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { agentKey } from './agent-keys.ts';

/** GET my affiliate code and the registration link that carries it. */
export const getReferral = (signal?: AbortSignal) => api<Referral>(AGENT_TEAM_PATHS.referral, { signal });

export const referralQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: agentKey(token, 'referral'),
    queryFn: ({ signal }) => getReferral(signal),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useReferral = (token: string | null) => useQuery(referralQueryOptions(token));
