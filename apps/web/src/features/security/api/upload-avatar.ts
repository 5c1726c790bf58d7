import { AVATAR_PATHS } from '@playfront/contract/avatar-paths';
import type { AccountInfo } from '@playfront/contract/security';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session-store.ts';
import { securityKey } from './security-keys.ts';

/** POST multipart `avatar`: the picture becomes the member's avatar (the server makes it a 256 px webp). */
export function uploadAvatar(file: Blob) {
  const form = new FormData();
  form.append('avatar', file, 'avatar');
  return api<AccountInfo>(AVATAR_PATHS.upload, { method: 'POST', body: form });
}

export function useUploadAvatar(token: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: uploadAvatar,
    onSuccess: (account) => {
      client.setQueryData(securityKey('account', token), account);
      // The header shows the avatar: it follows at once.
      const { member, setMember } = useSession.getState();
      if (member) setMember({ ...member, avatar: account.avatar });
    },
  });
}
