import type { DepositOffersResponseSchema } from '@playfront/contract/promotions';
import { PROMOTION_PATHS } from '@playfront/contract/promotions-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { PROMOTIONS_KEY } from './promotion-keys.ts';

export type DepositOffers = z.infer<typeof DepositOffersResponseSchema>['value'];
export type DepositOffer = DepositOffers['list'][number];

/** GET the deposit promotions this member may take with a deposit of `amount` (minor units), each with its bonus. */
export const getDepositOffers = (amount: bigint | null, signal?: AbortSignal) =>
  api<DepositOffers>(PROMOTION_PATHS.depositOffers, { query: { amount: amount === null ? undefined : amount.toString() }, signal });

export const depositOffersQueryOptions = (amount: bigint | null, token: string | null, lang: string) =>
  queryOptions({
    queryKey: [...PROMOTIONS_KEY, 'deposit-offers', amount === null ? null : amount.toString(), lang, token],
    queryFn: ({ signal }) => getDepositOffers(amount, signal),
    enabled: Boolean(token),
    // While the member types, the offers of the last amount stay on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useDepositOffers = (amount: bigint | null, token: string | null, lang: string) =>
  useQuery(depositOffersQueryOptions(amount, token, lang));
