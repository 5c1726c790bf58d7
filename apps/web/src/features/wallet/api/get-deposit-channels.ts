import type { DepositChannel } from '@playfront/contract/funds';
import { FUNDS_PATHS } from '@playfront/contract/funds-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { walletKey } from './wallet-keys.ts';

export type DepositChannels = { currency: string; list: DepositChannel[] };

/** GET the brand's active deposit channels with their limits (names come in the call's language). */
export const getDepositChannels = (signal?: AbortSignal) => api<DepositChannels>(FUNDS_PATHS.depositChannels, { signal });

export const depositChannelsQueryOptions = (token: string | null, lang: string) =>
  queryOptions({
    queryKey: walletKey('depositChannels', token, lang),
    queryFn: ({ signal }) => getDepositChannels(signal),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

export const useDepositChannels = (token: string | null, lang: string) => useQuery(depositChannelsQueryOptions(token, lang));
