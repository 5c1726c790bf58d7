import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from '../../../lib/api-client.ts';

/**
 * DELETE /wps/session/logout. `token`: revoke a session that is not the stored one (a pending or replaced session, or
 * a withdrawal-only access); it is sent instead of the stored one.
 */
export const logout = (token?: string) => api<null>(SESSION_PATHS.logout, { method: 'DELETE', token });
