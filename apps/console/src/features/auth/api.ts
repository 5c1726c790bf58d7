import type { EnrolInfo, EnrolStart, StaffLoginStep, StaffMe, StaffPermission, StaffSession } from '@playfront/contract/console';
import { CONSOLE_PATHS } from '@playfront/contract/console-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.ts';

export const login = (username: string, password: string) =>
  api<StaffLoginStep>(CONSOLE_PATHS.login, { method: 'POST', body: { username, password } });

export const enrolInfo = (token: string) => api<EnrolInfo>(CONSOLE_PATHS.enrolInfo, { query: { token } });

export const enrolStart = (token: string, password?: string) =>
  api<EnrolStart>(CONSOLE_PATHS.enrolStart, { method: 'POST', body: password ? { token, password } : { token } });

export const enrolConfirm = (token: string, code: string) =>
  api<StaffSession>(CONSOLE_PATHS.enrolConfirm, { method: 'POST', body: { token, code } });

export const secondFactor = (token: string, body: { code: string } | { recoveryCode: string }) =>
  api<StaffSession>(CONSOLE_PATHS.secondFactor, { method: 'POST', body, token });

export const logout = () => api<{ ok: true }>(CONSOLE_PATHS.logout, { method: 'POST', body: {} });

export const meQuery = (token: string | undefined) =>
  queryOptions({
    queryKey: ['me', token],
    queryFn: () => api<StaffMe>(CONSOLE_PATHS.me),
    enabled: Boolean(token),
    staleTime: 60_000,
  });

/** The signed-in staff member (undefined while loading or signed out). */
export function useMe() {
  const session = useSession();
  return useQuery(meQuery(session?.secondFactor === 'passed' ? session.token : undefined));
}

/** Whether the signed-in staff member's role holds a permission (the SPA hides; the server decides). */
export function useCan(): (permission: StaffPermission) => boolean {
  const me = useMe().data;
  return (permission) => Boolean(me?.permissions.includes(permission));
}
