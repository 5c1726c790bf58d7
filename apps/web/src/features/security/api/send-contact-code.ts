import type { EmailCodeRequest, MobileCodeRequest } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { api } from '../../../lib/api-client.ts';

/** POST an SMS code to a new mobile or to the bound one; the answer is the code's minutes. */
export const sendMobileCode = (body: MobileCodeRequest) =>
  api<{ expiredMinutes: number }>(SECURITY_PATHS.mobileCode, { method: 'POST', body });

/** POST an e-mail code to a new address or to the bound one. */
export const sendEmailCode = (body: EmailCodeRequest) =>
  api<{ expiredMinutes: number }>(SECURITY_PATHS.emailCode, { method: 'POST', body });
