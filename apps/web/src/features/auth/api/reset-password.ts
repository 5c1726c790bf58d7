import type { ResetByEmailSchema, ResetByPhoneSchema } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import type { z } from 'zod';
import { sealedRequest } from './sealed-request.ts';

type ResetResult = { username: string };

/** PUT /wps/member/password/verification (E): a new password with the SMS code. Answers the username to log in with. */
export const resetByPhone = (payload: z.input<typeof ResetByPhoneSchema>) =>
  sealedRequest<ResetResult>(SESSION_PATHS.passwordVerification, payload, { method: 'PUT' });

/** PUT /wps/member/password/email/reset (E): a new password with the code the e-mail carried. */
export const resetByEmail = (payload: z.input<typeof ResetByEmailSchema>) =>
  sealedRequest<ResetResult>(SESSION_PATHS.passwordEmailReset, payload, { method: 'PUT' });
