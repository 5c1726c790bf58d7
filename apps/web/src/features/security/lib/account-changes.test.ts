import type { AccountInfo } from '@playfront/contract/security';
import { describe, expect, it } from 'vitest';
import { accountChanges, formValuesOf } from './account-changes.ts';
import { latestAdultBirthday } from './device-label.ts';

const account: AccountInfo = {
  username: 'demomember',
  nickname: 'Demo Member',
  avatar: 'avatar-01',
  avatars: ['avatar-01', 'avatar-02'],
  fullName: null,
  birthday: null,
  mobile: null,
  email: null,
  hasPaymentPassword: false,
};

describe('account form: what is sent', () => {
  it('sends nothing when nothing changed', () => {
    expect(accountChanges(account, formValuesOf(account))).toEqual({});
  });

  it('sends only the changed fields, trimmed', () => {
    const values = {
      ...formValuesOf(account),
      nickname: '  Lucky  ',
      avatar: 'avatar-02',
      fullName: ' Rahim Uddin ',
      birthday: '1990-05-17',
    };
    expect(accountChanges(account, values)).toEqual({
      nickname: 'Lucky',
      avatar: 'avatar-02',
      fullName: 'Rahim Uddin',
      birthday: '1990-05-17',
    });
  });

  it('never sends a full name once one is set (it is final), nor an emptied birthday', () => {
    const set = { ...account, fullName: 'Rahim Uddin', birthday: '1990-05-17' };
    expect(accountChanges(set, { ...formValuesOf(set), fullName: 'Karim Uddin', birthday: '' })).toEqual({});
  });

  it('offers birthdays up to exactly 18 years ago', () => {
    expect(latestAdultBirthday(new Date(2026, 10, 22), 18)).toBe('2008-11-22');
  });
});
