import type { LoginRequest, LoginResult } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { sealedRequest } from './sealed-request.ts';

/** POST /wps/session/login (E): username/password (member or agent site) or SMS code. */
export const login = (payload: LoginRequest) => sealedRequest<LoginResult>(SESSION_PATHS.login, payload, { method: 'POST' });
