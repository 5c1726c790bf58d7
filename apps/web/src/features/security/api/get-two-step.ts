import type { TwoStepStatus } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** GET whether two-step login is on, and the recovery codes left. */
export const getTwoStep = (signal?: AbortSignal) => api<TwoStepStatus>(SECURITY_PATHS.twoStep, { signal });

export const twoStepQueryOptions = (token: string | null) =>
  queryOptions({ queryKey: securityKey('two-step', token), queryFn: ({ signal }) => getTwoStep(signal), enabled: Boolean(token) });

export const useTwoStep = (token: string | null) => useQuery(twoStepQueryOptions(token));
