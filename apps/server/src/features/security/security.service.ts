import {
  type AccountInfo,
  type AccountUpdate,
  type ActiveSession,
  birthdayProblem,
  DEVICE_BROWSERS,
  DEVICE_SYSTEMS,
  type DeviceBrowser,
  type DeviceSystem,
  deviceOf,
  fullNameProblem,
  type LoginEvent,
  nicknameProblem,
  type SecurityFieldProblem,
} from '@playfront/contract/security';
import { MEMBER_AVATARS } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { announceSessionsEnded } from '../live/live-bus.ts';
import { maskMobile } from '../member/member.service.ts';
import type { AuthMember } from '../session/authenticate.ts';
import { endMemberSessions } from '../session/end-sessions.ts';
import {
  type AccountChanges,
  findAccount,
  listLiveSessions,
  listLoginEvents,
  revokeOwnSession,
  updateAccount,
} from './security.repository.ts';

const PROBLEM_KEYS: Record<SecurityFieldProblem, string> = {
  NICKNAME_INVALID: 'errors.nicknameInvalid',
  REAL_NAME_INVALID: 'errors.realNameInvalid',
  BIRTHDAY_INVALID: 'errors.birthdayInvalid',
  BIRTHDAY_UNDER_18: 'errors.birthdayUnder18',
};

const refuse = (field: string, problem: SecurityFieldProblem) =>
  new AppError(problem, { fields: { [field]: { key: PROBLEM_KEYS[problem] } } });

/** `de***@example.com`: the member recognises it, a looker-on does not learn it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export async function accountInfo(db: Db, memberId: number): Promise<AccountInfo> {
  const row = await findAccount(db, memberId);
  if (!row) throw new AppError('NOT_LOGGED_IN');
  return {
    username: row.username,
    nickname: row.nickname || row.username,
    avatar: row.avatar,
    avatars: [...MEMBER_AVATARS],
    fullName: row.full_name || null,
    birthday: row.birthday,
    mobile: row.mobile && row.country_dialing_code ? maskMobile(row.country_dialing_code, row.mobile) : null,
    email: row.email ? maskEmail(row.email) : null,
    hasPaymentPassword: row.payment_password_hash !== null,
  };
}

/**
 * Changes the fields sent, after checking all of them (one bad field changes nothing). The full name is the payee
 * name withdrawals are paid to: set once, then final; sending the same name again is not a change.
 */
export async function changeAccount(
  db: Db,
  memberId: number,
  input: AccountUpdate,
  now: Date,
  /** Told the uploaded picture an icon replaced, so its file goes too. */
  onAvatarReplaced?: (old: string) => Promise<void>,
): Promise<AccountInfo> {
  const current = await findAccount(db, memberId);
  if (!current) throw new AppError('NOT_LOGGED_IN');
  const changes: AccountChanges = {};
  if (input.nickname !== undefined) {
    const nickname = input.nickname.trim();
    const problem = nicknameProblem(nickname);
    if (problem) throw refuse('nickname', problem);
    changes.nickname = nickname;
  }
  // A built-in icon, or the picture the member has now (an upload is made only by uploadAvatar).
  if (input.avatar !== undefined && input.avatar !== current.avatar) {
    if (!MEMBER_AVATARS.includes(input.avatar)) throw new AppError('VALIDATION', { fields: { avatar: { key: 'errors.invalidField' } } });
    changes.avatar = input.avatar;
  }
  if (input.fullName !== undefined) {
    const fullName = input.fullName.trim();
    if (current.full_name) {
      if (fullName !== current.full_name)
        throw new AppError('PAYEE_NAME_FINAL', { fields: { fullName: { key: 'errors.payeeNameFinal' } } });
    } else {
      const problem = fullNameProblem(fullName);
      if (problem) throw refuse('fullName', problem);
      changes.fullName = fullName;
    }
  }
  if (input.birthday !== undefined) {
    const problem = birthdayProblem(input.birthday, now);
    if (problem) throw refuse('birthday', problem);
    changes.birthday = input.birthday;
  }
  if (Object.keys(changes).length > 0 && !(await updateAccount(db, memberId, changes, now))) {
    // Only the full name's condition can fail: another request set it in the meantime.
    throw new AppError('PAYEE_NAME_FINAL', { fields: { fullName: { key: 'errors.payeeNameFinal' } } });
  }
  if (changes.avatar !== undefined) await onAvatarReplaced?.(current.avatar);
  return accountInfo(db, memberId);
}

/** A stored device family, as the contract names them (a name from an older release reads as `other`). */
function storedDevice(browser: string, os: string): LoginEvent['device'] {
  return {
    browser: (DEVICE_BROWSERS as readonly string[]).includes(browser) ? (browser as DeviceBrowser) : 'other',
    os: (DEVICE_SYSTEMS as readonly string[]).includes(os) ? (os as DeviceSystem) : 'other',
  };
}

export async function loginHistory(db: Db, memberId: number, pageNo: number, pageSize: number) {
  const { rows, total } = await listLoginEvents(db, memberId, pageSize, (pageNo - 1) * pageSize);
  const list: LoginEvent[] = rows.map((r) => ({
    id: String(r.id),
    at: r.created_at.toISOString(),
    ip: r.ip,
    device: storedDevice(r.browser, r.os),
    result: r.result,
    method: r.method,
  }));
  return { list, total, pageNo, pageSize };
}

export async function activeSessions(app: FastifyInstance, me: AuthMember): Promise<ActiveSession[]> {
  const { db, now, config } = app.deps;
  const rows = await listLiveSessions(db, me.memberId, now(), config.accounts.sessionIdleMs);
  const list = rows.map((r) => ({
    id: String(r.id),
    device: deviceOf(r.user_agent),
    ip: r.ip,
    startedAt: r.created_at.toISOString(),
    lastSeenAt: r.last_seen_at.toISOString(),
    current: r.id === me.sessionId,
  }));
  // This device first, then the most recently used.
  return [...list.filter((s) => s.current), ...list.filter((s) => !s.current)];
}

/** Signs one of the member's own sessions out, on every instance (its launches end, its sockets close). */
export async function signOutSession(app: FastifyInstance, me: AuthMember, sessionId: string): Promise<void> {
  const id = BigInt(sessionId);
  if (!(await revokeOwnSession(app.deps.db, me.memberId, id, app.deps.now()))) throw new AppError('SESSION_NOT_FOUND');
  announceSessionsEnded(app, me.memberId, [id]);
}

/** "Sign out all other devices": every session but the caller's. */
export async function signOutOtherSessions(app: FastifyInstance, me: AuthMember): Promise<number> {
  return endMemberSessions(app, me.memberId, me.sessionId);
}
