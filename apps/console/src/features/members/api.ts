import type {
  Adjustment,
  AdjustmentRequest,
  MemberProfile,
  MemberRow,
  MemberSearchBy,
  ResetPasswordRequest,
} from '@playfront/contract/console';
import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console-paths';
import { api } from '../../lib/api.ts';

export type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

export const searchMembers = (q: { q: string; by: MemberSearchBy; pageNo: number; pageSize: number; sort: string; order: string }) =>
  api<Page<MemberRow>>(CONSOLE_PATHS.members, { query: q });

export const memberProfile = (memberId: string) => api<MemberProfile>(consolePath('member', { memberId }));

type MemberAction = 'memberLock' | 'memberUnlock' | 'memberForceLogout';
export const memberAction = (action: MemberAction, memberId: string, reason: string) =>
  api<{ memberId: string; locked: boolean; sessionsEnded: number }>(consolePath(action, { memberId }), {
    method: 'POST',
    body: { reason },
  });

export const resetMemberPassword = (memberId: string, body: ResetPasswordRequest) =>
  api<{ memberId: string; locked: boolean; sessionsEnded: number }>(consolePath('memberResetPassword', { memberId }), {
    method: 'POST',
    body,
  });

export const adjustMember = (memberId: string, body: AdjustmentRequest) =>
  api<Adjustment>(consolePath('memberAdjust', { memberId }), { method: 'POST', body });

export const approveAdjustment = (adjustmentId: string) =>
  api<Adjustment>(consolePath('adjustmentApprove', { adjustmentId }), { method: 'POST', body: {} });

export const rejectAdjustment = (adjustmentId: string, reason: string) =>
  api<Adjustment>(consolePath('adjustmentReject', { adjustmentId }), { method: 'POST', body: { reason } });

export const listAdjustments = (q: { status?: string; pageNo: number; pageSize: number }) =>
  api<Page<Adjustment>>(CONSOLE_PATHS.adjustments, { query: q });
