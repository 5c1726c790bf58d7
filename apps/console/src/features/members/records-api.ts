import type { MemberNote, MemberRecordKind, MemberRecordRow } from '@playfront/contract/console-backoffice';
import { backofficePath } from '@playfront/contract/console-backoffice-paths';
import { api } from '../../lib/api.ts';
import type { Page } from './api.ts';

export const memberRecords = (memberId: string, kind: MemberRecordKind, q: { pageNo: number; pageSize: number }) =>
  api<Page<MemberRecordRow>>(backofficePath('memberRecords', { memberId, kind }), { query: q });

export const memberNotes = (memberId: string, q: { pageNo: number; pageSize: number }) =>
  api<Page<MemberNote>>(backofficePath('memberNotes', { memberId }), { query: q });

export const addMemberNote = (memberId: string, body: string) =>
  api<MemberNote>(backofficePath('memberNotes', { memberId }), { method: 'POST', body: { body } });
