import type { RainState } from '@playfront/contract/envelopes';
import { ENVELOPE_PATHS } from '@playfront/contract/envelopes-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { refetchDelay } from '../lib/countdown.ts';
import { envelopeKeys } from './envelopes-keys.ts';

export const getRain = (signal?: AbortSignal) => api<RainState>(ENVELOPE_PATHS.rain, { signal });

export const rainQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: envelopeKeys.rain(token),
    queryFn: ({ signal }) => getRain(signal),
    staleTime: 2_000,
    refetchInterval: (query) => refetchDelay(query.state.data),
  });

export const useRain = (token: string | null) => useQuery(rainQueryOptions(token));
