import type { LoginResult, RegisterRequest } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { sealedRequest } from './sealed-request.ts';

export type RegisterMode = 'username' | 'mobile';

/** PUT /wps/member/register or /wps/member/register/mobile (E). Success is a login. */
export const register = (mode: RegisterMode, payload: RegisterRequest) =>
  sealedRequest<LoginResult>(mode === 'mobile' ? SESSION_PATHS.registerMobile : SESSION_PATHS.register, payload, { method: 'PUT' });
