import {
  CONSOLE_ENROL_PAGE,
  type EnrolInfo,
  type EnrolStart,
  ROLE_PERMISSIONS,
  STAFF_ENROLMENT_TTL_HOURS,
  STAFF_RECOVERY_CODE_COUNT,
  type StaffLoginStep,
  type StaffMe,
  type StaffMember,
  type StaffRole,
} from '@playfront/contract/console';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpStepOf, totpUri } from '../../infra/two-factor/two-factor.ts';
import { type Argon2Profile, dummyHash, hashPassword, verifyPassword } from '../session/password-hashing.ts';
import { decryptAtRest, encryptAtRest } from '../session/server-key.ts';
import { type AuditActor, withAudit } from './audit.ts';
import type { StaffRow } from './staff.table.ts';
import {
  createStaffSession,
  endStaffSessions,
  type LiveSession,
  newToken,
  type RequestMeta,
  sessionExpiry,
  tokenHash,
} from './staff-session.ts';

/** Wrong passwords or codes in a row before the account locks, and for how long. */
export const STAFF_LOCK_AFTER = 5;
export const STAFF_LOCK_MS = 15 * 60_000;
/** An enrolment token a correct password earns (first login without TOTP) lives this long. */
const LOGIN_ENROLMENT_MS = 15 * 60_000;

export type StaffDeps = { db: Db; now: Date; twoFactorSecret: string | undefined; argon2Profile: Argon2Profile };

export const toStaffMember = (s: StaffRow): StaffMember => ({
  id: String(s.id),
  username: s.username,
  role: s.role,
  status: s.status,
  enrolled: s.enrolled_at !== null,
  createdAt: new Date(s.created_at).toISOString(),
  lastLoginAt: s.last_login_at ? new Date(s.last_login_at).toISOString() : null,
});

/** What the audit log keeps of a staff row (never hashes or secrets). */
export const staffAuditView = (s: StaffRow) => ({ username: s.username, role: s.role, status: s.status, enrolled: s.enrolled_at !== null });

function secretOf(deps: StaffDeps): string {
  if (!deps.twoFactorSecret) throw new AppError('STAFF_TWO_FACTOR_UNAVAILABLE');
  return deps.twoFactorSecret;
}

export const normalUsername = (u: string) => u.trim().toLowerCase();

async function issueEnrolment(tx: Db, staffId: number, now: Date, ttlMs: number): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ttlMs);
  await tx
    .insertInto('staff_enrolment')
    .values({ staff_id: staffId, token_hash: tokenHash(token), created_at: now, expires_at: expiresAt })
    .execute();
  return { token, expiresAt };
}

export const enrolmentLink = (token: string) => `${CONSOLE_ENROL_PAGE}?token=${encodeURIComponent(token)}`;

/**
 * A new staff member without password or TOTP, and a single-use enrolment link (24 h) that sets both.
 * `actor.staffId` is null when the operator key (CLI, automation) creates the staff member.
 */
export async function createStaff(
  db: Db,
  input: { brandId: number; username: string; role: StaffRole },
  actor: AuditActor,
  now: Date,
): Promise<{ staff: StaffRow; link: string; expiresAt: Date }> {
  const username = normalUsername(input.username);
  return db.transaction().execute(async (trx) => {
    const staff = await trx
      .insertInto('staff')
      .values({
        brand_id: input.brandId,
        username,
        role: input.role,
        password_hash: null,
        totp_secret_sealed: null,
        totp_pending_sealed: null,
        created_at: now,
        enrolled_at: null,
        locked_until: null,
        last_login_at: null,
      })
      .onConflict((oc) => oc.columns(['brand_id', 'username']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!staff) throw new AppError('STAFF_USERNAME_TAKEN', { fields: { username: { key: 'errors.staffUsernameTaken' } } });
    const { token, expiresAt } = await issueEnrolment(trx, staff.id, now, STAFF_ENROLMENT_TTL_HOURS * 3_600_000);
    await withAudit(trx, actor, 'staff.create', { type: 'staff', id: staff.id }, null, staffAuditView(staff), now);
    return { staff, link: enrolmentLink(token), expiresAt };
  });
}

/** Counts a wrong password or code; the STAFF_LOCK_AFTER-th in a row locks the account for STAFF_LOCK_MS. */
async function countFailure(tx: Db, staffId: number, now: Date): Promise<void> {
  await tx
    .updateTable('staff')
    .set({
      failed_logins: sql`case when failed_logins + 1 >= ${STAFF_LOCK_AFTER} then 0 else failed_logins + 1 end`,
      locked_until: sql`case when failed_logins + 1 >= ${STAFF_LOCK_AFTER} then ${new Date(now.getTime() + STAFF_LOCK_MS)}::timestamptz else locked_until end`,
    })
    .where('id', '=', staffId)
    .execute();
}

function assertNotLocked(staff: StaffRow, now: Date): void {
  if (staff.locked_until && new Date(staff.locked_until).getTime() > now.getTime()) {
    const retryAfterSeconds = Math.ceil((new Date(staff.locked_until).getTime() - now.getTime()) / 1000);
    throw new AppError('TOO_MANY_REQUESTS', { value: { retryAfterSeconds } });
  }
}

/**
 * Username and password. An unknown username costs the same Argon2 work as a wrong password and answers the same.
 * Right password: without TOTP yet, an enrolment token (no session); else a session that still needs the code.
 */
export async function staffLogin(
  deps: StaffDeps,
  brandId: number,
  input: { username: string; password: string },
  meta: RequestMeta,
): Promise<StaffLoginStep> {
  const { db, now } = deps;
  const staff = await db
    .selectFrom('staff')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('username', '=', normalUsername(input.username))
    .executeTakeFirst();
  if (staff) assertNotLocked(staff, now);
  const passwordOk = await verifyPassword(staff?.password_hash ?? (await dummyHash(deps.argon2Profile)), input.password);
  if (!staff?.password_hash || !passwordOk) {
    if (staff) {
      await db.transaction().execute(async (trx) => {
        await countFailure(trx, staff.id, now);
        await withAudit(
          trx,
          { brandId, staffId: staff.id, ...meta },
          'staff.login_failed',
          { type: 'staff', id: staff.id },
          null,
          { reason: 'password' },
          now,
        );
      });
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (staff.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ failed_logins: 0 }).where('id', '=', staff.id).execute();
    const actor = { brandId, staffId: staff.id, ...meta };
    if (!staff.enrolled_at || !staff.totp_secret_sealed) {
      const { token } = await issueEnrolment(trx, staff.id, now, LOGIN_ENROLMENT_MS);
      await withAudit(trx, actor, 'staff.login', { type: 'staff', id: staff.id }, null, { step: 'ENROL' }, now);
      return { step: 'ENROL' as const, enrolmentToken: token };
    }
    const session = await createStaffSession(trx, staff.id, now, false, meta);
    await withAudit(
      trx,
      actor,
      'staff.login',
      { type: 'staff', id: staff.id },
      null,
      { step: 'SECOND_FACTOR', session: String(session.id) },
      now,
    );
    return { step: 'SECOND_FACTOR' as const, sessionToken: session.token, expiresAt: session.expiresAt.toISOString() };
  });
}

async function liveEnrolment(db: Db, token: string, now: Date) {
  const row = await db
    .selectFrom('staff_enrolment as e')
    .innerJoin('staff as s', 's.id', 'e.staff_id')
    .select(['e.id as enrolment_id', 'e.expires_at', 's.id as staff_id'])
    .where('e.token_hash', '=', tokenHash(token))
    .where('e.used_at', 'is', null)
    .where('s.status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now.getTime()) throw new AppError('STAFF_ENROLMENT_INVALID');
  const staff = await db.selectFrom('staff').selectAll().where('id', '=', row.staff_id).executeTakeFirstOrThrow();
  return { enrolmentId: row.enrolment_id, expiresAt: new Date(row.expires_at), staff };
}

export async function enrolInfo(deps: StaffDeps, token: string): Promise<EnrolInfo> {
  const { staff, expiresAt } = await liveEnrolment(deps.db, token, deps.now);
  return { username: staff.username, role: staff.role, passwordRequired: staff.password_hash === null, expiresAt: expiresAt.toISOString() };
}

/**
 * Starts (or restarts) TOTP enrolment: a fresh secret kept sealed as pending, fresh recovery codes (the old ones
 * go), and the password when given (required when the account has none). Nothing is usable until confirmed.
 */
export async function enrolStart(
  deps: StaffDeps,
  input: { token: string; password?: string | undefined },
  brandName: string,
): Promise<EnrolStart> {
  const sealKey = secretOf(deps);
  const { db, now } = deps;
  const { staff } = await liveEnrolment(db, input.token, now);
  if (staff.password_hash === null && !input.password) {
    throw new AppError('STAFF_PASSWORD_REQUIRED', { fields: { password: { key: 'errors.staffPasswordRequired' } } });
  }
  const passwordHash = input.password ? await hashPassword(input.password, deps.argon2Profile) : undefined;
  const secret = newTotpSecret();
  const { codes, hashes } = newRecoveryCodes(STAFF_RECOVERY_CODE_COUNT);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('staff')
      .set({
        totp_pending_sealed: encryptAtRest(Buffer.from(secret, 'utf8'), sealKey),
        ...(passwordHash ? { password_hash: passwordHash } : {}),
      })
      .where('id', '=', staff.id)
      .execute();
    await trx.deleteFrom('staff_recovery_code').where('staff_id', '=', staff.id).execute();
    await trx
      .insertInto('staff_recovery_code')
      .values(hashes.map((h) => ({ staff_id: staff.id, code_hash: h, created_at: now })))
      .execute();
  });
  return { secret, otpauthUri: totpUri(secret, `${brandName} console`, staff.username), recoveryCodes: codes };
}

/** Confirms enrolment with a code of the pending secret: TOTP on, the link spent, a signed-in session. */
export async function enrolConfirm(
  deps: StaffDeps,
  input: { token: string; code: string },
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const sealKey = secretOf(deps);
  const { db, now } = deps;
  const { staff, enrolmentId } = await liveEnrolment(db, input.token, now);
  assertNotLocked(staff, now);
  if (!staff.totp_pending_sealed) throw new AppError('STAFF_ENROLMENT_INVALID');
  const secret = decryptAtRest(staff.totp_pending_sealed, sealKey).toString('utf8');
  const step = totpStepOf(secret, input.code, now.getTime());
  if (step === null) {
    await countFailure(db, staff.id, now);
    throw new AppError('STAFF_CODE_INVALID', { fields: { code: { key: 'errors.staffCodeInvalid' } } });
  }
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('staff_enrolment')
      .set({ used_at: now })
      .where('id', '=', enrolmentId)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!spent) throw new AppError('STAFF_ENROLMENT_INVALID');
    const updated = await trx
      .updateTable('staff')
      .set({
        totp_secret_sealed: staff.totp_pending_sealed,
        totp_pending_sealed: null,
        totp_last_step: BigInt(step),
        enrolled_at: now,
        failed_logins: 0,
        last_login_at: now,
      })
      .where('id', '=', staff.id)
      .where('totp_pending_sealed', '=', staff.totp_pending_sealed)
      .returningAll()
      .executeTakeFirst();
    if (!updated) throw new AppError('STAFF_ENROLMENT_INVALID');
    // Any other enrolment link of this staff member is spent too.
    await trx.updateTable('staff_enrolment').set({ used_at: now }).where('staff_id', '=', staff.id).where('used_at', 'is', null).execute();
    const session = await createStaffSession(trx, staff.id, now, true, meta);
    await withAudit(
      trx,
      { brandId: staff.brand_id, staffId: staff.id, ...meta },
      'staff.enrol',
      { type: 'staff', id: staff.id },
      staffAuditView(staff),
      staffAuditView(updated),
      now,
    );
    return { token: session.token, expiresAt: session.expiresAt };
  });
}

/**
 * The second factor of a session: an authenticator code accepted only for a time step above the last accepted one
 * (checked and moved in one UPDATE, so a replay inside the code's window fails), or an unused recovery code. The
 * session gets a new token (the one that travelled before the second factor is dead).
 */
export async function passSecondFactor(
  deps: StaffDeps,
  live: LiveSession,
  input: { code?: string | undefined; recoveryCode?: string | undefined },
  meta: RequestMeta,
): Promise<{ token: string; expiresAt: Date }> {
  const sealKey = secretOf(deps);
  const { db, now } = deps;
  const { staff, session } = live;
  assertNotLocked(staff, now);
  if (!staff.totp_secret_sealed) throw new AppError('STAFF_SECOND_FACTOR_REQUIRED');
  const actor = { brandId: staff.brand_id, staffId: staff.id, ...meta };
  const refuse = async (code: 'STAFF_CODE_INVALID' | 'STAFF_CODE_USED') => {
    await db.transaction().execute(async (trx) => {
      await countFailure(trx, staff.id, now);
      await withAudit(trx, actor, 'staff.login_failed', { type: 'staff', id: staff.id }, null, { reason: code }, now);
    });
    throw new AppError(code, {
      fields: { code: { key: code === 'STAFF_CODE_USED' ? 'errors.staffCodeUsed' : 'errors.staffCodeInvalid' } },
    });
  };
  let step: number | null = null;
  if (input.code !== undefined) {
    step = totpStepOf(decryptAtRest(staff.totp_secret_sealed, sealKey).toString('utf8'), input.code, now.getTime());
    if (step === null) return refuse('STAFF_CODE_INVALID');
  }
  const token = newToken();
  const result = await db.transaction().execute(async (trx) => {
    if (step !== null) {
      const moved = await trx
        .updateTable('staff')
        .set({ totp_last_step: BigInt(step), failed_logins: 0, last_login_at: now })
        .where('id', '=', staff.id)
        .where('totp_last_step', '<', BigInt(step))
        .returning('id')
        .executeTakeFirst();
      if (!moved) return 'USED' as const;
    } else {
      const used = await trx
        .updateTable('staff_recovery_code')
        .set({ used_at: now })
        .where('staff_id', '=', staff.id)
        .where('code_hash', '=', recoveryCodeHash(input.recoveryCode ?? ''))
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      if (!used) return 'INVALID' as const;
      await trx.updateTable('staff').set({ failed_logins: 0, last_login_at: now }).where('id', '=', staff.id).execute();
    }
    const passed = await trx
      .updateTable('staff_session')
      .set({ second_factor_at: now, last_seen_at: now, token_hash: tokenHash(token) })
      .where('id', '=', session.id)
      .where('ended_at', 'is', null)
      .returning(['absolute_expires_at'])
      .executeTakeFirst();
    if (!passed) throw new AppError('STAFF_NOT_SIGNED_IN');
    await withAudit(
      trx,
      actor,
      'staff.second_factor',
      { type: 'staff', id: staff.id },
      null,
      { method: step !== null ? 'TOTP' : 'RECOVERY_CODE', session: String(session.id) },
      now,
    );
    return { token, expiresAt: sessionExpiry(now, new Date(passed.absolute_expires_at)) };
  });
  if (result === 'USED') return refuse('STAFF_CODE_USED');
  if (result === 'INVALID') return refuse('STAFF_CODE_INVALID');
  return result;
}

export async function staffLogout(deps: StaffDeps, live: LiveSession, meta: RequestMeta): Promise<void> {
  const { db, now } = deps;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff_session').set({ ended_at: now }).where('id', '=', live.session.id).where('ended_at', 'is', null).execute();
    await withAudit(
      trx,
      { brandId: live.staff.brand_id, staffId: live.staff.id, ...meta },
      'staff.logout',
      { type: 'staff', id: live.staff.id },
      null,
      { session: String(live.session.id) },
      now,
    );
  });
}

export async function staffMe(db: Db, live: LiveSession, brandCode: string): Promise<StaffMe> {
  const { n } = await db
    .selectFrom('staff_recovery_code')
    .select(sql<string>`count(*)`.as('n'))
    .where('staff_id', '=', live.staff.id)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return {
    id: String(live.staff.id),
    username: live.staff.username,
    role: live.staff.role,
    permissions: [...ROLE_PERMISSIONS[live.staff.role]],
    brandCode,
    secondFactorPassed: live.session.second_factor_at !== null,
    expiresAt: sessionExpiry(new Date(live.session.last_seen_at), new Date(live.session.absolute_expires_at)).toISOString(),
    recoveryCodesLeft: Number(n),
  };
}

// --- staff management (console staff pages) --------------------------------------------------------------------------

export async function listStaff(db: Db, brandId: number): Promise<StaffMember[]> {
  const rows = await db.selectFrom('staff').selectAll().where('brand_id', '=', brandId).orderBy('id').execute();
  return rows.map(toStaffMember);
}

async function lockedTarget(trx: Db, brandId: number, staffId: number): Promise<StaffRow> {
  const target = await trx
    .selectFrom('staff')
    .selectAll()
    .where('id', '=', staffId)
    .where('brand_id', '=', brandId)
    .forUpdate()
    .executeTakeFirst();
  if (!target) throw new AppError('NOT_FOUND');
  return target;
}

/** Owners are changed only by owners; nobody makes someone an owner but an owner. */
function assertMayManage(actorRole: StaffRole, target: StaffRow, newRole?: StaffRole): void {
  if ((target.role === 'owner' || newRole === 'owner') && actorRole !== 'owner') throw new AppError('STAFF_OWNER_PROTECTED');
}

/** The last active owner of a brand can be neither demoted nor disabled. */
async function assertNotLastOwner(trx: Db, target: StaffRow): Promise<void> {
  if (target.role !== 'owner') return;
  const { n } = await trx
    .selectFrom('staff')
    .select(sql<string>`count(*)`.as('n'))
    .where('brand_id', '=', target.brand_id)
    .where('role', '=', 'owner')
    .where('status', '=', 'ACTIVE')
    .where('id', '!=', target.id)
    .executeTakeFirstOrThrow();
  if (Number(n) === 0) throw new AppError('STAFF_OWNER_PROTECTED');
}

export async function changeStaffRole(
  db: Db,
  actor: AuditActor & { role: StaffRole },
  staffId: number,
  role: StaffRole,
  now: Date,
): Promise<StaffMember> {
  return db.transaction().execute(async (trx) => {
    const target = await lockedTarget(trx, actor.brandId, staffId);
    assertMayManage(actor.role, target, role);
    if (role !== 'owner') await assertNotLastOwner(trx, target);
    const updated = await trx.updateTable('staff').set({ role }).where('id', '=', staffId).returningAll().executeTakeFirstOrThrow();
    await withAudit(trx, actor, 'staff.role', { type: 'staff', id: staffId }, staffAuditView(target), staffAuditView(updated), now);
    return toStaffMember(updated);
  });
}

export async function disableStaff(
  db: Db,
  actor: AuditActor & { role: StaffRole },
  staffId: number,
  reason: string,
  now: Date,
): Promise<StaffMember> {
  return db.transaction().execute(async (trx) => {
    const target = await lockedTarget(trx, actor.brandId, staffId);
    assertMayManage(actor.role, target);
    await assertNotLastOwner(trx, target);
    const updated = await trx
      .updateTable('staff')
      .set({ status: 'DISABLED' })
      .where('id', '=', staffId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const ended = await endStaffSessions(trx, staffId, now);
    await withAudit(
      trx,
      actor,
      'staff.disable',
      { type: 'staff', id: staffId },
      staffAuditView(target),
      { ...staffAuditView(updated), reason, sessionsEnded: ended },
      now,
    );
    return toStaffMember(updated);
  });
}

/** A new enrolment link for a staff member (lost phone): TOTP off until re-enrolled, sessions ended. */
export async function reenrolStaff(db: Db, actor: AuditActor & { role: StaffRole }, staffId: number, now: Date) {
  return db.transaction().execute(async (trx) => {
    const target = await lockedTarget(trx, actor.brandId, staffId);
    assertMayManage(actor.role, target);
    if (target.status !== 'ACTIVE') throw new AppError('ACCOUNT_DISABLED');
    const updated = await trx
      .updateTable('staff')
      .set({ totp_secret_sealed: null, totp_pending_sealed: null, enrolled_at: null })
      .where('id', '=', staffId)
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.updateTable('staff_enrolment').set({ used_at: now }).where('staff_id', '=', staffId).where('used_at', 'is', null).execute();
    await endStaffSessions(trx, staffId, now);
    const { token, expiresAt } = await issueEnrolment(trx, staffId, now, STAFF_ENROLMENT_TTL_HOURS * 3_600_000);
    await withAudit(trx, actor, 'staff.reenrol', { type: 'staff', id: staffId }, staffAuditView(target), staffAuditView(updated), now);
    return { staff: toStaffMember(updated), link: enrolmentLink(token), expiresAt };
  });
}
