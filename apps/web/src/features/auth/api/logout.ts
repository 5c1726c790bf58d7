import { HEADERS } from '@playfront/contract/headers';
import { SESSION_PATHS } from '@playfront/contract/session';
import { api } from '../../../lib/api-client.ts';

/** DELETE /wps/session/logout. `token`: revoke a session that is not the stored one (a pending or replaced session). */
export const logout = (token?: string) =>
  api<null>(SESSION_PATHS.logout, { method: 'DELETE', headers: token ? { [HEADERS.authorization]: token } : {} });
