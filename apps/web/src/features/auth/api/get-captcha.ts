import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { api } from '../../../lib/api-client.ts';

export type Captcha = { captchaId: string; image: string; expiresInSeconds: number };

/** GET /wps/captcha: a new single-use image captcha. Not cached: every answer burns it. */
export const getCaptcha = () => api<Captcha>(SYSTEM_PATHS.captcha);
