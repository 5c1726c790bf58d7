import type { DepositItem, DepositListQuery, MemberNote, MemberRecordKind, MemberRecordRow } from '@playfront/contract/console-backoffice';
import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { SYSTEM_ACCOUNT_TYPE } from '@playfront/contract/session';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findAccount, listEntries } from '../ledger/ledger.service.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import { iso, str } from './console-http.ts';

type Paging = { pageNo: number; pageSize: number };
type Page<T> = { list: T[]; total: number; pageNo: number; pageSize: number };

async function brandMemberId(db: Db, brandId: number, memberId: number): Promise<{ id: number }> {
  const m = await db
    .selectFrom('member')
    .select('id')
    .where('id', '=', memberId)
    .where('brand_id', '=', brandId)
    .where('type', '!=', SYSTEM_ACCOUNT_TYPE)
    .executeTakeFirst();
  if (!m) throw new AppError('NOT_FOUND');
  return m;
}

const countOf = async (q: { executeTakeFirstOrThrow(): Promise<{ n: string }> }) => Number((await q.executeTakeFirstOrThrow()).n);
const COUNT = sql<string>`count(*)`.as('n');

/**
 * One page of one kind of a member's records, newest first, counted and paged in SQL (each query on an index that
 * starts with member_id, or the wallet's entries by account). Every value is a string (money in minor units).
 */
export async function memberRecords(
  db: Db,
  brandId: number,
  memberId: number,
  kind: MemberRecordKind,
  paging: Paging,
): Promise<Page<MemberRecordRow>> {
  const member = await brandMemberId(db, brandId, memberId);
  const { pageNo, pageSize } = paging;
  const offset = (pageNo - 1) * pageSize;
  const done = (list: MemberRecordRow[], total: number) => ({ list, total, pageNo, pageSize });
  switch (kind) {
    case 'ledger': {
      const brand = await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
      const wallet = await findAccount(db, { kind: 'MEMBER_WALLET', memberId: member.id, currency: brand.currency });
      if (!wallet) return done([], 0);
      const { entries, total } = await listEntries(db, BigInt(wallet.id), { limit: pageSize, offset });
      return done(
        entries.map((e) => ({
          id: str(e.id),
          at: e.createdAt.toISOString(),
          kind: e.kind,
          amount: str(e.amount),
          balanceAfter: str(e.balanceAfter),
          reference: Object.keys(e.reference).length ? JSON.stringify(e.reference) : null,
        })),
        total,
      );
    }
    case 'bets': {
      // Rounds with a bet, on the game_round_member index.
      const base = db.selectFrom('game_round').where('member_id', '=', member.id).where('bet_count', '>', 0);
      const rows = await base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return done(
        rows.map((r) => ({
          id: str(r.id),
          at: new Date(r.created_at).toISOString(),
          vendorCode: r.vendor_code,
          gameCode: r.game_code,
          stake: str(r.bet_total),
          payout: r.settled_at ? str(r.win_total) : null,
          status: String(r.status),
        })),
        await countOf(base.select(COUNT)),
      );
    }
    case 'deposits': {
      const base = db.selectFrom('deposit_order').where('member_id', '=', member.id);
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return done(
        rows.map((d) => ({
          orderNo: d.order_no,
          at: new Date(d.created_at).toISOString(),
          amount: str(d.amount),
          status: d.status,
          channel: d.channel_code,
          gateway: d.gateway,
        })),
        await countOf(base.select(COUNT)),
      );
    }
    case 'withdrawals': {
      const base = db.selectFrom('withdrawal_order').where('member_id', '=', member.id);
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return done(
        rows.map((w) => ({
          orderNo: w.order_no,
          at: new Date(w.created_at).toISOString(),
          amount: str(w.amount),
          status: w.status,
          method: w.method,
        })),
        await countOf(base.select(COUNT)),
      );
    }
    case 'sessions': {
      const base = db.selectFrom('member_session').where('member_id', '=', member.id);
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return done(
        rows.map((s) => ({
          id: str(s.id),
          startedAt: new Date(s.created_at).toISOString(),
          lastSeenAt: new Date(s.last_seen_at).toISOString(),
          endedAt: iso(s.revoked_at),
          ip: s.ip,
          userAgent: s.user_agent,
        })),
        await countOf(base.select(COUNT)),
      );
    }
    case 'logins': {
      const base = db.selectFrom('login_event').where('member_id', '=', member.id);
      const rows = await base.selectAll().orderBy('id', 'desc').limit(pageSize).offset(offset).execute();
      return done(
        rows.map((l) => ({
          id: str(l.id),
          at: new Date(l.created_at).toISOString(),
          result: l.result,
          method: l.method,
          ip: l.ip,
          device: `${l.browser} · ${l.os}`,
        })),
        await countOf(base.select(COUNT)),
      );
    }
  }
}

// --- staff notes -------------------------------------------------------------------------------------------------------

export async function memberNotes(db: Db, brandId: number, memberId: number, paging: Paging): Promise<Page<MemberNote>> {
  const member = await brandMemberId(db, brandId, memberId);
  const base = db.selectFrom('staff_member_note as n').where('n.member_id', '=', member.id).where('n.brand_id', '=', brandId);
  const rows = await base
    .innerJoin('staff as s', 's.id', 'n.staff_id')
    .select(['n.id', 'n.body', 'n.created_at', 's.username'])
    .orderBy('n.id', 'desc')
    .limit(paging.pageSize)
    .offset((paging.pageNo - 1) * paging.pageSize)
    .execute();
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((r) => ({ id: str(r.id), body: r.body, staff: r.username, at: new Date(r.created_at).toISOString() })),
    total: Number(n),
    ...paging,
  };
}

/** A note on a member (append-only); the note and its audit row commit together. */
export async function addMemberNote(db: Db, actor: AuditActor, memberId: number, body: string, now: Date): Promise<MemberNote> {
  const staffId = actor.staffId;
  if (staffId === null) throw new AppError('STAFF_NOT_SIGNED_IN');
  // PostgreSQL text cannot hold U+0000.
  if (body.includes('\u0000')) throw new AppError('VALIDATION', { fields: { body: { key: 'errors.invalidField' } } });
  return db.transaction().execute(async (trx) => {
    const member = await brandMemberId(trx, actor.brandId, memberId);
    const row = await trx
      .insertInto('staff_member_note')
      .values({ brand_id: actor.brandId, member_id: member.id, staff_id: staffId, body, created_at: now })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await withAudit(trx, actor, 'member.note', { type: 'member', id: member.id }, null, { noteId: str(row.id), body }, now);
    const staff = await trx.selectFrom('staff').select('username').where('id', '=', staffId).executeTakeFirstOrThrow();
    return { id: str(row.id), body, staff: staff.username, at: now.toISOString() };
  });
}

// --- deposits ----------------------------------------------------------------------------------------------------------

const startOfBrandDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - BRAND_UTC_OFFSET_MINUTES * 60_000);

/** The brand's deposits with their gateway status; days are the brand's days, `to` inclusive. */
export async function listDeposits(db: Db, brandId: number, q: DepositListQuery): Promise<Page<DepositItem>> {
  let base = db.selectFrom('deposit_order as d').innerJoin('member as m', 'm.id', 'd.member_id').where('d.brand_id', '=', brandId);
  if (q.status) base = base.where('d.status', '=', q.status);
  if (q.gateway) base = base.where('d.gateway', '=', q.gateway.toUpperCase());
  if (q.q) base = base.where('m.username', 'like', `${q.q.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  if (q.from) base = base.where('d.created_at', '>=', startOfBrandDay(q.from));
  if (q.to) base = base.where('d.created_at', '<', new Date(startOfBrandDay(q.to).getTime() + 86_400_000));
  const rows = await base
    .selectAll('d')
    .select('m.username as member_username')
    .orderBy(q.sort === 'amount' ? 'd.amount' : 'd.id', q.order)
    .orderBy('d.id', q.order)
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  const { n } = await base.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return {
    list: rows.map((d) => ({
      orderNo: d.order_no,
      memberId: String(d.member_id),
      memberUsername: d.member_username,
      amount: str(d.amount),
      currency: d.currency,
      channel: d.channel_code,
      gateway: d.gateway,
      status: d.status,
      gatewayPaymentId: d.gateway_payment_id,
      gatewayTxnId: d.gateway_txn_id,
      failureReason: d.failure_reason,
      createdAt: new Date(d.created_at).toISOString(),
      paidAt: iso(d.paid_at),
    })),
    total: Number(n),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  };
}
