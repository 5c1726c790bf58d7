import type { AgentContractKind, AgentContractRole, AgentContractState } from '@playfront/contract/agent-contracts-paths';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { AgentContractRow, AgentSettlementRow, StoredTerms } from './contracts.table.ts';

/** The agent contract tables (plain functions, `db` first). */

export type MemberBrief = { id: number; brand_id: number; username: string; type: number; upline_id: number | null };

export async function findMember(db: Db, id: number): Promise<MemberBrief | undefined> {
  return db.selectFrom('member').select(['id', 'brand_id', 'username', 'type', 'upline_id']).where('id', '=', id).executeTakeFirst();
}

/** Locks the member rows (ascending id): every change of contracts between them runs one at a time. */
export async function lockMembers(db: Db, ids: number[]): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await sql`select id from member where id = any(${sorted}::integer[]) order by id for update`.execute(db);
}

export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('member')
    .select(['id', 'username'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function findContract(db: Db, id: bigint, lock = false): Promise<AgentContractRow | undefined> {
  let q = db.selectFrom('agent_contract').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** The downline's contract of `kind` in `state` (at most one ACTIVE and one OFFERED). */
export async function contractOf(db: Db, downlineId: number, kind: AgentContractKind, state: 'ACTIVE' | 'OFFERED') {
  return db
    .selectFrom('agent_contract')
    .selectAll()
    .where('downline_id', '=', downlineId)
    .where('kind', '=', kind)
    .where('state', '=', state)
    .executeTakeFirst();
}

/** The highest rates of the ACTIVE contracts of `kind` the member gives its downlines. */
export async function highestGiven(db: Db, uplineId: number, kind: AgentContractKind): Promise<{ rate: number; winLoss: number } | null> {
  const row = await db
    .selectFrom('agent_contract')
    .select((eb) => [eb.fn.max('rate_bps').as('rate'), eb.fn.max('win_loss_rate_bps').as('winLoss')])
    .where('upline_id', '=', uplineId)
    .where('kind', '=', kind)
    .where('state', '=', 'ACTIVE')
    .executeTakeFirst();
  return row?.rate == null ? null : { rate: Number(row.rate), winLoss: Number(row.winLoss ?? 0) };
}

export async function insertOffer(
  db: Db,
  c: {
    brandId: number;
    uplineId: number | null;
    downlineId: number;
    kind: AgentContractKind;
    terms: StoredTerms;
    replacesId: bigint | null;
    now: Date;
  },
): Promise<AgentContractRow> {
  return db
    .insertInto('agent_contract')
    .values({
      brand_id: c.brandId,
      upline_id: c.uplineId,
      downline_id: c.downlineId,
      kind: c.kind,
      state: 'OFFERED',
      rate_bps: c.terms.rateBps,
      win_loss_rate_bps: c.terms.winLossRateBps,
      period: c.terms.period,
      terms: JSON.stringify(c.terms),
      replaces_id: c.replacesId,
      created_at: c.now,
      decided_at: null,
      active_from: null,
      ended_at: null,
      ended_by: null,
      ended_by_member: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setState(
  db: Db,
  id: bigint,
  from: AgentContractState,
  change: Partial<Pick<AgentContractRow, 'state' | 'decided_at' | 'active_from' | 'ended_at' | 'ended_by' | 'ended_by_member'>>,
): Promise<AgentContractRow | undefined> {
  return db.updateTable('agent_contract').set(change).where('id', '=', id).where('state', '=', from).returningAll().executeTakeFirst();
}

export async function contractsOfKind(
  db: Db,
  where: { uplineId?: number | null; downlineId?: number; kind?: AgentContractKind; states?: AgentContractState[] },
): Promise<AgentContractRow[]> {
  let q = db.selectFrom('agent_contract').selectAll();
  if (where.uplineId !== undefined)
    q = where.uplineId === null ? q.where('upline_id', 'is', null) : q.where('upline_id', '=', where.uplineId);
  if (where.downlineId !== undefined) q = q.where('downline_id', '=', where.downlineId);
  if (where.kind) q = q.where('kind', '=', where.kind);
  if (where.states) q = q.where('state', 'in', where.states);
  return q.orderBy('id', 'desc').limit(500).execute();
}

export async function contractsPage(
  db: Db,
  o: {
    memberId: number | null;
    brandId: number;
    role: AgentContractRole;
    kind?: AgentContractKind;
    state?: AgentContractState;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ rows: AgentContractRow[]; total: number }> {
  let q = db.selectFrom('agent_contract').where('brand_id', '=', o.brandId);
  const side = o.role === 'upline' ? 'upline_id' : 'downline_id';
  q = o.memberId === null ? q.where(side, 'is', null) : q.where(side, '=', o.memberId);
  if (o.kind) q = q.where('kind', '=', o.kind);
  if (o.state) q = q.where('state', '=', o.state);
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy('id', 'desc')
    .limit(o.pageSize)
    .offset((o.pageNo - 1) * o.pageSize)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export async function settlementsPage(
  db: Db,
  o: {
    memberId: number;
    kind?: AgentContractKind;
    role?: 'payee' | 'payer';
    from?: Date;
    to?: Date;
    pageNo: number;
    pageSize: number;
  },
): Promise<{ rows: AgentSettlementRow[]; total: number }> {
  let q = db.selectFrom('agent_settlement');
  if (o.role === 'payee') q = q.where('payee_id', '=', o.memberId);
  else if (o.role === 'payer') q = q.where('payer_id', '=', o.memberId);
  else q = q.where((eb) => eb.or([eb('payee_id', '=', o.memberId), eb('payer_id', '=', o.memberId)]));
  if (o.kind) q = q.where('kind', '=', o.kind);
  if (o.from) q = q.where('period_end', '>', o.from);
  if (o.to) q = q.where('period_end', '<=', o.to);
  const total = await q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await q
    .selectAll()
    .orderBy('period_end', 'desc')
    .orderBy('id', 'desc')
    .limit(o.pageSize)
    .offset((o.pageNo - 1) * o.pageSize)
    .execute();
  return { rows, total: Number(total?.n ?? 0) };
}

export async function loadSettingsRow(db: Db, brandId: number) {
  return db.selectFrom('agent_contract_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
}

export async function saveSettingsRow(
  db: Db,
  brandId: number,
  maxRateBps: Record<AgentContractKind, number>,
  maxWinLoss: number,
  now: Date,
) {
  await db
    .insertInto('agent_contract_settings')
    .values({ brand_id: brandId, max_rate_bps: JSON.stringify(maxRateBps), max_win_loss_rate_bps: maxWinLoss, updated_at: now })
    .onConflict((oc) =>
      oc.column('brand_id').doUpdateSet({ max_rate_bps: JSON.stringify(maxRateBps), max_win_loss_rate_bps: maxWinLoss, updated_at: now }),
    )
    .execute();
}

/** Income of a payee: PAID settlements by kind and UTC day/week/month of payment, and COMMISSION from the hourly rollup. */
export async function incomeRows(db: Db, memberId: number, from: Date, to: Date, unit: 'day' | 'week' | 'month') {
  const { rows } = await sql<{ period: string; salary: string; dividend: string; commission: string }>`
    with paid as (
      select date_trunc(${unit}, paid_at at time zone 'UTC') as period,
        sum(amount) filter (where kind <> 'DIVIDEND') as salary, sum(amount) filter (where kind = 'DIVIDEND') as dividend,
        0::bigint as commission
      from agent_settlement
      where payee_id = ${memberId} and state = 'PAID' and amount > 0 and paid_at >= ${from} and paid_at < ${to}
      group by 1
      union all
      select date_trunc(${unit}, hour at time zone 'UTC'), 0, 0, sum(total)
      from member_money_hourly
      where member_id = ${memberId} and kind = 'COMMISSION' and total > 0 and hour >= ${from} and hour < ${to}
      group by 1
    )
    select to_char(period, 'YYYY-MM-DD') as period, coalesce(sum(salary), 0)::text as salary, coalesce(sum(dividend), 0)::text as dividend,
      coalesce(sum(commission), 0)::text as commission
    from paid group by 1 order by 1`.execute(db);
  return rows;
}

export async function owedTo(db: Db, memberId: number): Promise<bigint> {
  const row = await db
    .selectFrom('agent_settlement')
    .select((eb) => eb.fn.sum<string>('amount').as('owed'))
    .where('payee_id', '=', memberId)
    .where('state', '=', 'OWED')
    .executeTakeFirst();
  return BigInt(row?.owed ?? 0);
}
