import type { CountryCodes } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** GET the brand's country dialing codes (getCountryCode) for the mobile field. */
export const getCountryCodes = (signal?: AbortSignal) => api<CountryCodes>(SYSTEM_PATHS.countryCode, { signal });

export const countryCodesQueryOptions = () =>
  queryOptions({ queryKey: securityKey('country-codes'), queryFn: ({ signal }) => getCountryCodes(signal), staleTime: 60 * 60_000 });

export const useCountryCodes = (enabled: boolean) => useQuery({ ...countryCodesQueryOptions(), enabled });
