import type { LoginResult, LoginTwoStep } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from '../../../lib/api-client.ts';

/** POST the login's second step: the challenge a right password earned and an authenticator or recovery code. */
export const loginTwoStep = (payload: LoginTwoStep) => api<LoginResult>(SESSION_PATHS.loginTwoStep, { method: 'POST', body: payload });
