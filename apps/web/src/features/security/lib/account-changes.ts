import type { AccountInfo, AccountUpdate } from '@playfront/contract/security';

export type AccountFormValues = { nickname: string; avatar: string; fullName: string; birthday: string };

export const formValuesOf = (account: AccountInfo): AccountFormValues => ({
  nickname: account.nickname,
  avatar: account.avatar,
  fullName: account.fullName ?? '',
  birthday: account.birthday ?? '',
});

/**
 * Only what the member changed is sent. The full name only while it is still empty (it is final once set), and an
 * emptied birthday is not a change (the server keeps a date once given; it can be corrected, not removed).
 */
export function accountChanges(account: AccountInfo, values: AccountFormValues): AccountUpdate {
  const changes: AccountUpdate = {};
  if (values.nickname.trim() !== account.nickname) changes.nickname = values.nickname.trim();
  if (values.avatar !== account.avatar) changes.avatar = values.avatar;
  if (account.fullName === null && values.fullName.trim() !== '') changes.fullName = values.fullName.trim();
  if (values.birthday !== '' && values.birthday !== (account.birthday ?? '')) changes.birthday = values.birthday;
  return changes;
}
