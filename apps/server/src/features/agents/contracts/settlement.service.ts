import {
  type AgentContractKind,
  type AgentContractPeriod,
  type AgentIncome,
  type AgentIncomeQuery,
  type AgentSettlement,
  type AgentSettlementsPage,
  type AgentSettlementsQuery,
  DIVIDEND_PERIODS,
  SALARY_PERIOD,
} from '@playfront/contract/agent-contracts';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { MONEY_5MIN_CONSUMER } from './agent-money-5min-consumer.ts';
import { endedPeriods, LOOKBACK, type PeriodBounds } from './contract-periods.ts';
import { inEffect, settlementAmount, type TeamFigures } from './contract-rules.ts';
import { incomeRows, owedTo, settlementsPage, usernames } from './contracts.repository.ts';
import type { AgentContractRow, AgentSettlementRow } from './contracts.table.ts';

/**
 * Settlement of agent contracts, exactly once per contract and period (decision 034). A run of a kind at `now`:
 * 1. retries that kind's OWED settlements (oldest first), each through `agent_settlement_pay`;
 * 2. for each period of the kind that ended by `now` (the last LOOKBACK of them, oldest first), once the rollup it reads
 *    has every money event from before the period's end, takes every contract that was ACTIVE at the period's end and
 *    has no settlement for it, computes its team's figures and the amount, inserts the settlement row (the claim:
 *    unique per contract and period, and per payee, kind and period) and pays it, in the caller's transaction.
 * The job runner runs this in the transaction that claims its tick, so a crash anywhere rolls the whole run back; two
 * runs at once (two instances, or a job and the operator's settle call) meet on the settlement row's unique key, the
 * second waiting for the first and then finding the period settled.
 */

/** Figures of a contract's team (the downline agent and their whole downline tree) over [start, end). */
export async function teamFigures(
  db: Db,
  downlineId: number,
  currency: string,
  p: { start: Date; end: Date },
  source: 'hourly' | '5min',
): Promise<TeamFigures> {
  const rollup = source === 'hourly' ? sql`member_money_hourly` : sql`agent_money_5min`;
  const at = source === 'hourly' ? sql`h.hour` : sql`h.slot`;
  const { rows } = await sql<{ active: number; bet: string; win: string; rollback: string }>`
    -- The downline itself (its depth-0 row) and everyone below it: an index range of the closure (decision 035).
    with team(id) as (select member_id from agent_closure where ancestor_id = ${downlineId})
    select count(distinct h.member_id) filter (where h.kind = 'BET' and h.total <> 0)::int as active,
      coalesce(-sum(h.total) filter (where h.kind = 'BET'), 0)::text as bet,
      coalesce(sum(h.total) filter (where h.kind = 'WIN'), 0)::text as win,
      coalesce(sum(h.total) filter (where h.kind = 'ROLLBACK'), 0)::text as rollback
    from team join ${rollup} h on h.member_id = team.id
    where ${at} >= ${p.start} and ${at} < ${p.end} and h.currency = ${currency} and h.kind in ('BET', 'WIN', 'ROLLBACK')`.execute(db);
  const r = rows[0]!;
  const bet = BigInt(r.bet);
  const win = BigInt(r.win);
  const rollback = BigInt(r.rollback);
  return { betAmount: bet, validBet: bet - rollback, netLoss: bet - win - rollback, activeMembers: Number(r.active) };
}

/** Whether the rollup consumer has applied every money event written before `end` (else the period waits). */
export async function rollupComplete(db: Db, consumer: string, end: Date): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    select exists (
      select 1 from outbox_consumer c join money_event e on (e.tx_id, e.id) > (c.position_tx, c.position)
      where c.name = ${consumer} and e.created_at < ${end} and e.amount <> 0
    ) or not exists (select 1 from outbox_consumer where name = ${consumer}) as behind`.execute(db);
  return !rows[0]?.behind;
}

type PayOutcome = { outcome: 'PAID' | 'OWED'; replay?: boolean; transferId?: string | null };

/** Pays one settlement (one statement: agent_settlement_pay); OWED when the payer's wallet is short. */
export async function paySettlement(db: Db, id: bigint, now: Date): Promise<PayOutcome> {
  const { rows } = await sql<{ r: PayOutcome }>`select agent_settlement_pay(${id}, ${now}) as r`.execute(db);
  return rows[0]!.r;
}

/** Retries the kind's owed settlements, oldest first; returns how many were paid now. */
export async function payOwed(trx: Db, kind: AgentContractKind, now: Date): Promise<number> {
  const owed = await trx
    .selectFrom('agent_settlement')
    .select('id')
    .where('kind', '=', kind)
    .where('state', '=', 'OWED')
    .orderBy('id')
    .limit(500)
    .forUpdate()
    .skipLocked()
    .execute();
  let paid = 0;
  for (const { id } of owed) if ((await paySettlement(trx, id, now)).outcome === 'PAID') paid += 1;
  return paid;
}

async function unsettledContracts(trx: Db, kind: AgentContractKind, period: AgentContractPeriod, p: PeriodBounds) {
  return trx
    .selectFrom('agent_contract as c')
    .innerJoin('brand as b', 'b.id', 'c.brand_id')
    .selectAll('c')
    .select('b.currency')
    .where('c.kind', '=', kind)
    .where('c.period', '=', period)
    .where('c.active_from', 'is not', null)
    .where('c.active_from', '<', p.end)
    .where((eb) => eb.or([eb('c.ended_at', 'is', null), eb('c.ended_at', '>=', p.end)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('agent_settlement as s').select('s.id').whereRef('s.contract_id', '=', 'c.id').where('s.period', '=', p.key),
        ),
      ),
    )
    .orderBy('c.id')
    .execute();
}

/** Settles one contract for one period: computes, claims the (contract, period) row, pays. false: nothing to settle. */
export async function settleContract(trx: Db, c: AgentContractRow & { currency: string }, p: PeriodBounds, now: Date): Promise<boolean> {
  if (!inEffect(c.terms, p.end)) return false;
  const source = c.kind === 'REALTIME_SALARY' ? '5min' : 'hourly';
  const f = await teamFigures(trx, c.downline_id, c.currency, p, source);
  // A period without any play by the team leaves no row.
  if (f.betAmount === 0n && f.netLoss === 0n && f.validBet === 0n) return false;
  const { rateBps, amount } = settlementAmount(c.kind, c.terms, f);
  const row = await trx
    .insertInto('agent_settlement')
    .values({
      contract_id: c.id,
      brand_id: c.brand_id,
      kind: c.kind,
      period: p.key,
      period_start: p.start,
      period_end: p.end,
      payer_id: c.upline_id,
      payee_id: c.downline_id,
      currency: c.currency,
      team_valid_bet: f.validBet,
      team_bet_amount: f.betAmount,
      team_net_loss: f.netLoss,
      active_members: f.activeMembers,
      rate_bps: rateBps,
      win_loss_rate_bps: c.kind === 'DIVIDEND' ? 0 : c.win_loss_rate_bps,
      amount,
      state: amount > 0n ? 'OWED' : 'PAID',
      transfer_id: null,
      last_attempt_at: null,
      created_at: now,
      paid_at: amount > 0n ? null : now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!row) return false;
  if (amount > 0n) await paySettlement(trx, row.id, now);
  return true;
}

export type SettleOutcome = { settled: number; owedPaid: number };

/** One run of a kind at `now` (see the file's comment); in the caller's transaction. */
export async function settleKind(trx: Db, kind: AgentContractKind, now: Date): Promise<SettleOutcome> {
  const owedPaid = await payOwed(trx, kind, now);
  let settled = 0;
  const periods: readonly AgentContractPeriod[] = kind === 'DIVIDEND' ? DIVIDEND_PERIODS : [SALARY_PERIOD[kind]];
  const consumer = kind === 'REALTIME_SALARY' ? MONEY_5MIN_CONSUMER : 'money-hourly';
  // Which periods the rollup is complete for, asked before this run pays anything (its own payments are money events too).
  const due: { period: AgentContractPeriod; p: PeriodBounds }[] = [];
  for (const period of periods) {
    const ended = endedPeriods(period, now, LOOKBACK[period]);
    // Complete up to a period's end means complete for every earlier one: ask from the newest back (usually once).
    let upTo = ended.length - 1;
    while (upTo >= 0 && !(await rollupComplete(trx, consumer, ended[upTo]!.end))) upTo -= 1;
    for (const p of ended.slice(0, upTo + 1)) due.push({ period, p });
  }
  for (const { period, p } of due) {
    for (const c of await unsettledContracts(trx, kind, period, p)) {
      if (await settleContract(trx, c, p, now)) settled += 1;
    }
  }
  if (kind === 'REALTIME_SALARY') {
    // The 5-minute rollup is only read for the last LOOKBACK periods: older slots go.
    await trx
      .deleteFrom('agent_money_5min')
      .where('slot', '<', new Date(now.getTime() - 2 * 86_400_000))
      .execute();
  }
  return { settled, owedPaid };
}

// ---------------------------------------------------------------- views

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);
const DAY_MS = 86_400_000;

export async function settlementsView(db: Db, memberId: number, q: AgentSettlementsQuery): Promise<AgentSettlementsPage> {
  const { rows, total } = await settlementsPage(db, {
    memberId,
    kind: q.kind,
    role: q.role,
    from: q.from ? dayStart(q.from) : undefined,
    to: q.to ? new Date(dayStart(q.to).getTime() + DAY_MS) : undefined,
    pageNo: q.pageNo,
    pageSize: q.pageSize,
  });
  return { list: await toSettlementViews(db, memberId, rows), total, pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function toSettlementViews(db: Db, memberId: number | null, rows: AgentSettlementRow[]): Promise<AgentSettlement[]> {
  const names = await usernames(
    db,
    rows.flatMap((r) => (r.payer_id === null ? [r.payee_id] : [r.payer_id, r.payee_id])),
  );
  return rows.map((r) => ({
    id: String(r.id),
    contractId: String(r.contract_id),
    kind: r.kind,
    period: r.period,
    periodStart: r.period_start.toISOString(),
    periodEnd: r.period_end.toISOString(),
    role: r.payee_id === memberId ? 'payee' : 'payer',
    payer: r.payer_id === null ? null : { id: r.payer_id, username: names.get(r.payer_id) ?? '' },
    payee: { id: r.payee_id, username: names.get(r.payee_id) ?? '' },
    teamValidBet: String(r.team_valid_bet),
    teamBetAmount: String(r.team_bet_amount),
    teamProfitLoss: String(-r.team_net_loss),
    activeMembers: r.active_members,
    rateBps: r.rate_bps,
    winLossRateBps: r.win_loss_rate_bps,
    amount: String(r.amount),
    state: r.state,
    createdAt: r.created_at.toISOString(),
    paidAt: r.paid_at?.toISOString() ?? null,
  }));
}

/** My income by UTC day, week (from Monday) or month: salary and dividend settlements paid to me, and commission. */
export async function incomeView(db: Db, memberId: number, q: AgentIncomeQuery, now: Date): Promise<AgentIncome> {
  const today = now.toISOString().slice(0, 10);
  const to = q.to ?? today;
  const from = q.from ?? new Date(dayStart(to).getTime() - 29 * DAY_MS).toISOString().slice(0, 10);
  const rows = await incomeRows(db, memberId, dayStart(from), new Date(dayStart(to).getTime() + DAY_MS), q.group);
  const totals = { salary: 0n, dividend: 0n, commission: 0n };
  const list = rows.map((r) => {
    const salary = BigInt(r.salary);
    const dividend = BigInt(r.dividend);
    const commission = BigInt(r.commission);
    totals.salary += salary;
    totals.dividend += dividend;
    totals.commission += commission;
    return {
      period: q.group === 'month' ? r.period.slice(0, 7) : r.period,
      salary: String(salary),
      dividend: String(dividend),
      commission: String(commission),
      total: String(salary + dividend + commission),
    };
  });
  return {
    from,
    to,
    group: q.group,
    list,
    totals: {
      salary: String(totals.salary),
      dividend: String(totals.dividend),
      commission: String(totals.commission),
      total: String(totals.salary + totals.dividend + totals.commission),
    },
    owed: String(await owedTo(db, memberId)),
  };
}
