import type { SmsNoLoginRequestSchema, SmsRegisterRequestSchema } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** expiredMinutes: the resend countdown (spec section 4); validMinutes: how long the code works (issue 22). */
export type SmsSent = { expiredMinutes: number; validMinutes?: number };

/** POST /wps/verification/sms/noLogin: a code for SMS login or for a password reset by phone (needs a captcha). */
export const sendNoLoginCode = (body: z.input<typeof SmsNoLoginRequestSchema>) =>
  api<SmsSent>(SESSION_PATHS.smsNoLogin, { method: 'POST', body });

/** POST /wps/verification/sms/register: a code for registration (needs a captcha). */
export const sendRegisterCode = (body: z.input<typeof SmsRegisterRequestSchema>) =>
  api<SmsSent>(SESSION_PATHS.smsRegister, { method: 'POST', body });
