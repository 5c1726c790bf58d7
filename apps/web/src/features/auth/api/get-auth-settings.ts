import type { RegisterSettings, RegValidata, Whitelabel } from '@playfront/contract/system';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * The brand settings the account forms read: whitelabel flags (which tabs and
 * buttons exist), register settings (countries, mobile rule, minimum age) and
 * regValidata (each registration field's rule). Three calls, cached together
 * for a minute so the forms see operator changes soon.
 */
export type AuthSettings = { whitelabel: Whitelabel; register: RegisterSettings; rules: RegValidata };

export async function getAuthSettings(signal?: AbortSignal): Promise<AuthSettings> {
  const [whitelabel, register, rules] = await Promise.all([
    api<Whitelabel>(SYSTEM_PATHS.whitelabel, { signal }),
    api<RegisterSettings>(SYSTEM_PATHS.registerSettings, { signal }),
    api<RegValidata>(SYSTEM_PATHS.regValidata, { signal }),
  ]);
  return { whitelabel, register, rules };
}

export const authSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'settings'], queryFn: ({ signal }) => getAuthSettings(signal), staleTime: 60_000 });

export const useAuthSettings = () => useQuery(authSettingsQueryOptions());
