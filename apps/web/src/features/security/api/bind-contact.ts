import type { AccountInfo, BindEmail, BindMobile } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { securityKey } from './security-keys.ts';

/** PUT the mobile with its code (and the bound one's code for a change); the answer is the account as stored. */
export const bindMobile = (body: BindMobile) => api<AccountInfo>(SECURITY_PATHS.mobile, { method: 'PUT', body });
/** PUT the e-mail with its code (and the bound one's code for a change). */
export const bindEmail = (body: BindEmail) => api<AccountInfo>(SECURITY_PATHS.email, { method: 'PUT', body });

export function useBindContact(token: string | null) {
  const client = useQueryClient();
  const onSuccess = (account: AccountInfo) => client.setQueryData(securityKey('account', token), account);
  return {
    mobile: useMutation({ mutationFn: bindMobile, onSuccess }),
    email: useMutation({ mutationFn: bindEmail, onSuccess }),
  };
}
