import type { ChangePasswordSchema } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import type { z } from 'zod';
import { sealedRequest } from './sealed-request.ts';

/** PUT /wps/member/password (token, E). `token`: the pending session of a forced change, not yet stored. */
export const changePassword = (payload: z.input<typeof ChangePasswordSchema>, token?: string) =>
  sealedRequest<null>(SESSION_PATHS.password, payload, token ? { method: 'PUT', token } : { method: 'PUT' });
