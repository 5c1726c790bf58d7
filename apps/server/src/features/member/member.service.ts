import type { MemberInfo } from '@playfront/contract/session';
import { isAgentType, isTrialType } from '@playfront/contract/session';
import type { MemberRow } from './member.table.ts';

/** Member row → the contract's member info. */
export function toMemberInfo(
  row: Pick<MemberRow, 'id' | 'username' | 'nickname' | 'type' | 'vip_level' | 'avatar'> & Partial<Pick<MemberRow, 'language'>>,
): MemberInfo {
  return {
    id: row.id,
    account: row.username,
    nickname: row.nickname || row.username,
    type: row.type,
    isAgent: isAgentType(row.type),
    isTrial: isTrialType(row.type),
    vipLabel: `VIP${row.vip_level}`,
    avatar: row.avatar,
    // The saved language choice, so the web applies it after login on any device.
    language: row.language ?? null,
  };
}

/** `+880 ******0001`: enough for the member to recognise the number, not enough to learn it. */
export function maskMobile(dialingCode: string, mobile: string): string {
  return `${dialingCode} ${'*'.repeat(Math.max(0, mobile.length - 4))}${mobile.slice(-4)}`;
}
