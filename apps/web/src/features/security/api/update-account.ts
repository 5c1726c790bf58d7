import type { AccountInfo, AccountUpdate } from '@playfront/contract/security';
import { SECURITY_PATHS } from '@playfront/contract/security-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { securityKey } from './security-keys.ts';

/** PUT the changed account fields; the answer is the account as now stored. */
export const updateAccount = (input: AccountUpdate) => api<AccountInfo>(SECURITY_PATHS.account, { method: 'PUT', body: input });

export function useUpdateAccount(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAccount,
    onSuccess: (account) => {
      client.setQueryData(securityKey('account', token), account);
      // The header shows the nickname and avatar: it follows at once.
      const { member, setMember } = useSession.getState();
      if (member) setMember({ ...member, nickname: account.nickname, avatar: account.avatar });
    },
  });
}
