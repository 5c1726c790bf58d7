import type { MemberInfo } from '@playfront/contract/session';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { api } from '../../../lib/api-client.ts';

/** GET /wps/member/info: the logged-in account (id, account, nickname, type, VIP label, avatar). */
export const getMemberInfo = (signal?: AbortSignal) => api<MemberInfo>(SESSION_PATHS.memberInfo, { signal });
