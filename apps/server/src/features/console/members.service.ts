import type { Adjustment, MemberProfile, MemberRow, MemberSearchQuery } from '@playfront/contract/console';
import { DEFAULT_SMS_CODE_MINUTES, SYSTEM_ACCOUNT_TYPE } from '@playfront/contract/session';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { writeOutbox } from '../../infra/messaging/outbox.ts';
import { ensureAccount, listEntries, postTransfers } from '../ledger/ledger.service.ts';
import { announceSessionsEnded } from '../live/live-bus.ts';
import { maskMobile } from '../member/member.service.ts';
import type { MemberRow as MemberDbRow } from '../member/member.table.ts';
import { revokeMemberSessions } from '../session/session.repository.ts';
import { issueCode } from '../session/verification-codes.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import type { StaffAdjustmentRow } from '../staff/staff.table.ts';
import { iso, str } from './console-http.ts';
import { brandThresholds } from './thresholds.service.ts';

const walletBalance = sql<string>`coalesce((select balance from ledger_account la where la.kind = 'MEMBER_WALLET' and la.member_id = m.id limit 1), 0)`;

type SearchRow = Pick<MemberDbRow, 'id' | 'username' | 'mobile' | 'country_dialing_code' | 'status' | 'created_at' | 'last_login_at'> & {
  balance: string | bigint;
};

const toRow = (m: SearchRow): MemberRow => ({
  id: String(m.id),
  username: m.username,
  mobile: m.mobile ? maskMobile(m.country_dialing_code ?? '', m.mobile) : null,
  status: m.status,
  locked: m.status !== 'active',
  balance: str(m.balance ?? 0),
  createdAt: new Date(m.created_at).toISOString(),
  lastLoginAt: iso(m.last_login_at),
});

const SORT_COLUMNS = { username: 'm.username', createdAt: 'm.created_at', lastLoginAt: 'm.last_login_at' } as const;

/** Members of the brand (not the system accounts) by username prefix, mobile digits, id, or an address they used. */
export async function searchMembers(db: Db, brandId: number, query: MemberSearchQuery) {
  const q = query.q.trim();
  let base = db.selectFrom('member as m').where('m.brand_id', '=', brandId).where('m.type', '!=', SYSTEM_ACCOUNT_TYPE);
  if (q) {
    if (query.by === 'username') base = base.where('m.username', 'like', `${q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
    else if (query.by === 'mobile') {
      const digits = q.replace(/\D/g, '');
      if (!digits) throw new AppError('VALIDATION', { fields: { q: { key: 'errors.invalidField' } } });
      base = base.where(sql<boolean>`coalesce(m.country_dialing_code, '') || coalesce(m.mobile, '') like ${`%${digits}%`}`);
    } else if (query.by === 'id') {
      if (!/^[1-9]\d{0,9}$/.test(q) || Number(q) > 2_147_483_647)
        throw new AppError('VALIDATION', { fields: { q: { key: 'errors.invalidField' } } });
      base = base.where('m.id', '=', Number(q));
    } else {
      if (!/^[0-9a-fA-F.:]{2,45}$/.test(q)) throw new AppError('VALIDATION', { fields: { q: { key: 'errors.invalidField' } } });
      base = base.where((eb) =>
        eb.or([
          eb('m.last_login_ip', '=', q),
          eb('m.register_ip', '=', q),
          eb.exists(eb.selectFrom('member_session as s').select('s.id').whereRef('s.member_id', '=', 'm.id').where('s.ip', '=', q)),
        ]),
      );
    }
  }
  const rows = (await base
    .select([
      'm.id',
      'm.username',
      'm.mobile',
      'm.country_dialing_code',
      'm.status',
      'm.created_at',
      'm.last_login_at',
      walletBalance.as('balance'),
    ])
    .orderBy(sql.ref(SORT_COLUMNS[query.sort]), (ob) => (query.order === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast()))
    .orderBy('m.id', query.order)
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize)
    .execute()) as SearchRow[];
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(toRow), total: Number(n), pageNo: query.pageNo, pageSize: query.pageSize };
}

async function brandMember(db: Db, brandId: number, memberId: number, lock = false): Promise<MemberDbRow> {
  let q = db
    .selectFrom('member')
    .selectAll()
    .where('id', '=', memberId)
    .where('brand_id', '=', brandId)
    .where('type', '!=', SYSTEM_ACCOUNT_TYPE);
  if (lock) q = q.forUpdate();
  const member = await q.executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND');
  return member;
}

export const toAdjustment = (
  a: StaffAdjustmentRow & { member_username: string; requested_by_name: string; decided_by_name: string | null },
): Adjustment => ({
  id: str(a.id),
  memberId: String(a.member_id),
  memberUsername: a.member_username,
  direction: a.direction,
  amount: str(a.amount),
  reason: a.reason,
  status: a.status,
  requestedBy: a.requested_by_name,
  requestedAt: new Date(a.requested_at).toISOString(),
  decidedBy: a.decided_by_name,
  decidedAt: iso(a.decided_at),
  needsSecondApproval: a.needs_second_approval,
  transferId: a.transfer_id === null ? null : str(a.transfer_id),
});

export function adjustmentsQuery(db: Db, brandId: number) {
  return db
    .selectFrom('staff_adjustment as a')
    .innerJoin('member as m', 'm.id', 'a.member_id')
    .innerJoin('staff as r', 'r.id', 'a.requested_by')
    .leftJoin('staff as d', 'd.id', 'a.decided_by')
    .selectAll('a')
    .select(['m.username as member_username', 'r.username as requested_by_name', 'd.username as decided_by_name'])
    .where('a.brand_id', '=', brandId);
}

/** A member's profile for the console: balances, recent money, play, payments, sessions, flags. */
export async function memberProfile(db: Db, brandId: number, memberId: number, now: Date): Promise<MemberProfile> {
  const m = await brandMember(db, brandId, memberId);
  const brand = await db.selectFrom('brand').select(['currency']).where('id', '=', brandId).executeTakeFirstOrThrow();
  const accounts = await db
    .selectFrom('ledger_account')
    .select(['id', 'kind', 'balance'])
    .where('member_id', '=', memberId)
    .where('currency', '=', brand.currency)
    .execute();
  const balanceOf = (kind: string) => str(accounts.filter((a) => a.kind === kind).reduce((s, a) => s + BigInt(a.balance), 0n));
  const wallet = accounts.find((a) => a.kind === 'MEMBER_WALLET');
  const entries = wallet ? (await listEntries(db, BigInt(wallet.id), { limit: 20 })).entries : [];
  const rounds = await db.selectFrom('game_round').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(20).execute();
  const deposits = await db
    .selectFrom('deposit_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const withdrawals = await db
    .selectFrom('withdrawal_order')
    .selectAll()
    .where('member_id', '=', memberId)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const sessions = await db
    .selectFrom('member_session')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id', 'desc')
    .limit(20)
    .execute();
  const pending = await adjustmentsQuery(db, brandId)
    .where('a.member_id', '=', memberId)
    .where('a.status', '=', 'PENDING')
    .orderBy('a.id', 'desc')
    .execute();
  const flags: string[] = [];
  if (m.status !== 'active') flags.push('LOCKED');
  if (m.type === 4) flags.push('TRIAL');
  if (m.type !== 0 && m.type !== 4) flags.push('AGENT');
  if (!m.payment_password_hash) flags.push('NO_PAYMENT_PASSWORD');
  if (m.initial_password_expires_at) flags.push('INITIAL_PASSWORD');
  return {
    member: {
      ...toRow({ ...m, balance: balanceOf('MEMBER_WALLET') }),
      fullName: m.full_name,
      email: m.email,
      vipLevel: m.vip_level,
      lastLoginIp: m.last_login_ip,
    },
    balances: {
      main: balanceOf('MEMBER_WALLET'),
      bonus: balanceOf('MEMBER_BONUS'),
      pendingWithdrawals: balanceOf('WITHDRAWAL_HOLD'),
      currency: brand.currency,
    },
    ledger: entries.map((e) => ({
      id: str(e.id),
      at: e.createdAt.toISOString(),
      kind: e.kind,
      amount: str(e.amount),
      balanceAfter: str(e.balanceAfter),
      reference: Object.keys(e.reference).length ? JSON.stringify(e.reference) : null,
    })),
    bets: rounds.map((r) => ({
      id: str(r.id),
      at: new Date(r.created_at).toISOString(),
      vendorCode: r.vendor_code,
      gameCode: r.game_code,
      stake: str(r.bet_total),
      payout: r.settled_at ? str(r.win_total) : null,
      status: String(r.status),
    })),
    deposits: deposits.map((d) => ({
      orderNo: d.order_no,
      at: new Date(d.created_at).toISOString(),
      amount: str(d.amount),
      status: d.status,
      channel: d.channel_code,
    })),
    withdrawals: withdrawals.map((w) => ({
      orderNo: w.order_no,
      at: new Date(w.created_at).toISOString(),
      amount: str(w.amount),
      status: w.status,
    })),
    sessions: sessions.map((s) => ({
      id: str(s.id),
      startedAt: new Date(s.created_at).toISOString(),
      lastSeenAt: new Date(s.last_seen_at).toISOString(),
      ip: s.ip,
      userAgent: s.user_agent,
    })),
    flags,
    pendingAdjustments: pending.map(toAdjustment),
  };
}

const memberAuditView = (m: MemberDbRow) => ({ username: m.username, status: m.status });

export type MemberActionResult = { memberId: string; locked: boolean; sessionsEnded: number };

/**
 * Lock (status disabled, every session ended: on every instance, with their launches and sockets, as logout does),
 * unlock, or force logout; the change, the ended sessions and the audit row in one transaction.
 */
export async function memberAction(
  app: FastifyInstance,
  actor: AuditActor,
  memberId: number,
  kind: 'lock' | 'unlock' | 'force_logout',
  reason: string,
): Promise<MemberActionResult> {
  const { db, now } = app.deps;
  const at = now();
  const result = await db.transaction().execute(async (trx) => {
    const before = await brandMember(trx, actor.brandId, memberId, true);
    let after = before;
    if (kind !== 'force_logout') {
      after = await trx
        .updateTable('member')
        .set({ status: kind === 'lock' ? 'disabled' : 'active', updated_at: at })
        .where('id', '=', memberId)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    const ended = kind === 'unlock' ? [] : await revokeMemberSessions(trx, memberId, at);
    await withAudit(
      trx,
      actor,
      kind === 'lock' ? 'member.lock' : kind === 'unlock' ? 'member.unlock' : 'member.force_logout',
      { type: 'member', id: memberId },
      memberAuditView(before),
      { ...memberAuditView(after), reason, sessionsEnded: ended.length },
      at,
    );
    return { ended, locked: after.status !== 'active' };
  });
  app.sessionCache.forgetMember(memberId);
  announceSessionsEnded(app, memberId, result.ended);
  return { memberId: String(memberId), locked: result.locked, sessionsEnded: result.ended.length };
}

/**
 * Reset password: a code goes to the member through the outbox, by SMS (the forgot-password-by-phone code) or
 * e-mail (the reset-by-e-mail code); the member sets a new password with it. The message and the audit row commit together.
 */
export async function memberResetPassword(
  app: FastifyInstance,
  actor: AuditActor,
  memberId: number,
  channel: 'SMS' | 'EMAIL',
  reason: string,
): Promise<MemberActionResult> {
  const { db, now, config } = app.deps;
  const at = now();
  const member = await brandMember(db, actor.brandId, memberId);
  if (channel === 'SMS' && !(member.mobile && member.country_dialing_code)) throw new AppError('MOBILE_NOT_BOUND');
  if (channel === 'EMAIL' && !member.email) throw new AppError('VALIDATION', { fields: { channel: { key: 'errors.invalidField' } } });
  const smsMinutes = config.accounts.smsCodeMinutes || DEFAULT_SMS_CODE_MINUTES;
  const e164 = `${member.country_dialing_code}${member.mobile}`;
  const minutes = channel === 'SMS' ? smsMinutes : Math.max(smsMinutes, 15);
  const code =
    channel === 'SMS'
      ? await issueCode(db, { brandId: actor.brandId, purpose: 'noLogin', recipient: e164, now: at, minutes })
      : await issueCode(db, { brandId: actor.brandId, purpose: 'emailReset', recipient: `member:${member.id}`, now: at, minutes });
  await db.transaction().execute(async (trx) => {
    if (channel === 'SMS') {
      await writeOutbox(trx, app.log, {
        brandId: actor.brandId,
        channel: 'sms',
        recipient: e164,
        template: 'verification-code',
        payload: { code, minutes, purpose: 'noLogin' },
      });
    } else {
      await writeOutbox(trx, app.log, {
        brandId: actor.brandId,
        channel: 'email',
        recipient: member.email ?? '',
        template: 'password-reset-code',
        payload: { code, minutes, username: member.username },
      });
    }
    await withAudit(trx, actor, 'member.reset_password', { type: 'member', id: memberId }, null, { channel, reason }, at);
  });
  return { memberId: String(memberId), locked: member.status !== 'active', sessionsEnded: 0 };
}

// --- manual adjustments (two-person rule above the threshold) ---------------------------------------------------------

const ADJUSTMENT_SCOPE = 'console-adjustment';

async function applyAdjustment(trx: Db, adj: StaffAdjustmentRow): Promise<bigint> {
  const house = await ensureAccount(trx, { kind: 'HOUSE', currency: adj.currency });
  const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: adj.member_id, currency: adj.currency });
  const [from, to] = adj.direction === 'CREDIT' ? [house.id, wallet.id] : [wallet.id, house.id];
  const posting = await postTransfers(trx, {
    scope: ADJUSTMENT_SCOPE,
    idempotencyKey: str(adj.id),
    legs: [{ from, to, amount: BigInt(adj.amount), kind: 'ADJUSTMENT', reference: { adjustmentId: str(adj.id), reason: adj.reason } }],
  });
  const transfer = posting.transfers[0];
  if (!transfer) throw new Error('adjustment posted no transfer');
  return transfer.id;
}

async function loadAdjustment(db: Db, brandId: number, id: bigint | string): Promise<Adjustment> {
  const row = await adjustmentsQuery(db, brandId).where('a.id', '=', BigInt(id)).executeTakeFirstOrThrow();
  return toAdjustment(row);
}

/**
 * A manual adjustment: at or under the threshold it posts at once (one ledger transfer through the posting path);
 * above it, it waits PENDING for a different staff member's approval. Repeating the same idempotency key answers the
 * first result and changes nothing; the same key with other content is IDEMPOTENCY_CONFLICT.
 */
export async function requestAdjustment(
  db: Db,
  actor: AuditActor,
  memberId: number,
  input: { direction: 'CREDIT' | 'DEBIT'; amount: string; reason: string; idempotencyKey: string },
  now: Date,
): Promise<Adjustment> {
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  const amount = BigInt(input.amount);
  const id = await db.transaction().execute(async (trx) => {
    const member = await brandMember(trx, actor.brandId, memberId);
    const brand = await trx.selectFrom('brand').select('currency').where('id', '=', actor.brandId).executeTakeFirstOrThrow();
    const needs = amount > (await brandThresholds(trx, actor.brandId)).adjustment;
    const inserted = await trx
      .insertInto('staff_adjustment')
      .values({
        brand_id: actor.brandId,
        member_id: member.id,
        direction: input.direction,
        amount: amount.toString(),
        currency: brand.currency,
        reason: input.reason,
        status: 'PENDING',
        needs_second_approval: needs,
        idempotency_key: input.idempotencyKey,
        requested_by: staffId,
        requested_at: now,
      })
      .onConflict((oc) => oc.columns(['requested_by', 'idempotency_key']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!inserted) {
      const existing = await trx
        .selectFrom('staff_adjustment')
        .selectAll()
        .where('requested_by', '=', staffId)
        .where('idempotency_key', '=', input.idempotencyKey)
        .executeTakeFirstOrThrow();
      const same =
        existing.member_id === member.id &&
        existing.direction === input.direction &&
        BigInt(existing.amount) === amount &&
        existing.reason === input.reason;
      if (!same) throw new AppError('IDEMPOTENCY_CONFLICT');
      return existing.id;
    }
    let row = inserted;
    if (!needs) {
      const transferId = await applyAdjustment(trx, inserted);
      row = await trx
        .updateTable('staff_adjustment')
        .set({ status: 'APPLIED', decided_by: staffId, decided_at: now, transfer_id: transferId.toString() })
        .where('id', '=', inserted.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    await withAudit(
      trx,
      actor,
      'adjustment.request',
      { type: 'adjustment', id: str(row.id) },
      null,
      {
        memberId: member.id,
        direction: row.direction,
        amount: str(row.amount),
        reason: row.reason,
        status: row.status,
        transferId: row.transfer_id === null ? null : str(row.transfer_id),
      },
      now,
    );
    return row.id;
  });
  return loadAdjustment(db, actor.brandId, id);
}

/** The second approval: a different staff member than the requester; the transfer posts with it, exactly once. */
export async function decideAdjustment(
  db: Db,
  actor: AuditActor,
  adjustmentId: string,
  decision: { kind: 'approve' } | { kind: 'reject'; reason: string },
  now: Date,
): Promise<Adjustment> {
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  await db.transaction().execute(async (trx) => {
    const adj = await trx
      .selectFrom('staff_adjustment')
      .selectAll()
      .where('id', '=', BigInt(adjustmentId))
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!adj) throw new AppError('NOT_FOUND');
    if (adj.status !== 'PENDING') throw new AppError('ADJUSTMENT_NOT_PENDING');
    if (decision.kind === 'approve' && adj.requested_by === staffId) throw new AppError('STAFF_SAME_APPROVER');
    const transferId = decision.kind === 'approve' ? await applyAdjustment(trx, adj) : null;
    const row = await trx
      .updateTable('staff_adjustment')
      .set({
        status: decision.kind === 'approve' ? 'APPLIED' : 'REJECTED',
        decided_by: staffId,
        decided_at: now,
        decision_reason: decision.kind === 'reject' ? decision.reason : null,
        transfer_id: transferId === null ? null : transferId.toString(),
      })
      .where('id', '=', BigInt(adjustmentId))
      .where('status', '=', 'PENDING')
      .returningAll()
      .executeTakeFirstOrThrow();
    await withAudit(
      trx,
      actor,
      decision.kind === 'approve' ? 'adjustment.approve' : 'adjustment.reject',
      { type: 'adjustment', id: adjustmentId },
      { status: adj.status },
      {
        status: row.status,
        transferId: row.transfer_id === null ? null : str(row.transfer_id),
        ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
      },
      now,
    );
  });
  return loadAdjustment(db, actor.brandId, adjustmentId);
}
