import type { ForgotByEmailSchema } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /wps/member/password/email. The spec calls it a form post; the server
 * takes JSON on the same route, which api() sends. Same answer whether or not
 * the account exists.
 */
export const forgotByEmail = (body: z.input<typeof ForgotByEmailSchema>) =>
  api<{ expiredMinutes: number }>(SESSION_PATHS.passwordEmail, { method: 'POST', body });
