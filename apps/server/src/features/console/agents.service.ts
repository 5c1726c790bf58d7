import type { AgentContract, AgentSettlement, ContractOfferBody } from '@playfront/contract/agent-contracts';
import type { AgentContractKind } from '@playfront/contract/agent-contracts-paths';
import type { ConsoleAgent, ConsoleAgentsQuery } from '@playfront/contract/console-oversight';
import { AGENT_ACCOUNT_TYPES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { offerContract, terminateContract, toViews } from '../agents/contracts/contracts.service.ts';
import { toSettlementViews } from '../agents/contracts/settlement.service.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

/**
 * Agents and contracts for the console (decision 050). Team figures come from the rollups the `agent-team`
 * consumer keeps (`agent_team_hourly`, decision 035), team sizes from `agent_closure`; contracts and settlements
 * are the agent contract tables (decision 034) across the whole brand. The house's offers and terminations go
 * through the contract service itself, the audit row inside its transaction.
 */

const DAY_MS = 86_400_000;
const day = (d: Date) => d.toISOString().slice(0, 10);

export function agentWindow(q: { from?: string | undefined; to?: string | undefined }, now: Date): { from: string; to: string } {
  const to = q.to ?? day(now);
  const from = q.from ?? day(new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS));
  return { from, to };
}

type AgentDbRow = {
  id: number;
  username: string;
  type: number;
  upline: string | null;
  team_size: number;
  direct_count: number;
  active_contracts: number;
  owed: string;
  deposits: string;
  withdrawals: string;
  bets: string;
  wins: string;
  valid_bets: string;
};

export async function consoleAgents(db: Db, brandId: number, q: ConsoleAgentsQuery, now: Date) {
  const { from, to } = agentWindow(q, now);
  const fromAt = new Date(`${from}T00:00:00Z`);
  const toAt = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  const like = q.q ? `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`m.brand_id = ${brandId} and m.type = any(${[...AGENT_ACCOUNT_TYPES]}::int[])
    and (${like}::text is null or lower(m.username) like ${like})`;
  const { rows } = await sql<AgentDbRow>`
    select m.id, m.username, m.type, u.username as upline,
      coalesce(c.team_size, 0)::int as team_size, coalesce(c.direct_count, 0)::int as direct_count,
      (select count(*) from agent_contract ac where ac.downline_id = m.id and ac.state = 'ACTIVE')::int as active_contracts,
      (select coalesce(sum(s.amount), 0) from agent_settlement s where s.payee_id = m.id and s.state = 'OWED')::text as owed,
      coalesce(f.deposits, 0)::text as deposits, coalesce(f.withdrawals, 0)::text as withdrawals, coalesce(f.bets, 0)::text as bets,
      coalesce(f.wins, 0)::text as wins, coalesce(f.valid_bets, 0)::text as valid_bets
    from member m
    left join member u on u.id = m.upline_id
    left join lateral (
      select count(*) as team_size, count(*) filter (where depth = 1) as direct_count
      from agent_closure where ancestor_id = m.id and depth > 0) c on true
    left join lateral (
      select sum(h.deposits::numeric) as deposits, sum(h.withdrawals::numeric) as withdrawals, sum(h.bets::numeric) as bets,
        sum(h.wins::numeric) as wins, sum(h.valid_bets::numeric) as valid_bets
      from agent_team_hourly h where h.agent_id = m.id and h.hour >= ${fromAt} and h.hour < ${toAt}) f on true
    where ${where}
    order by m.id
    limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`.execute(db);
  const { rows: count } = await sql<{ n: string }>`select count(*)::text as n from member m where ${where}`.execute(db);
  const list: ConsoleAgent[] = rows.map((r) => ({
    id: String(r.id),
    username: r.username,
    type: Number(r.type),
    upline: r.upline,
    teamSize: Number(r.team_size),
    directCount: Number(r.direct_count),
    activeContracts: Number(r.active_contracts),
    deposits: r.deposits,
    withdrawals: r.withdrawals,
    bets: r.bets,
    wins: r.wins,
    validBets: r.valid_bets,
    owed: r.owed,
  }));
  return { list, total: Number(count[0]?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize, from, to };
}

export async function consoleContracts(
  db: Db,
  brandId: number,
  q: {
    kind?: AgentContractKind | undefined;
    state?: AgentContract['state'] | undefined;
    q?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
) {
  let query = db.selectFrom('agent_contract as c').where('c.brand_id', '=', brandId);
  if (q.kind) query = query.where('c.kind', '=', q.kind);
  if (q.state) query = query.where('c.state', '=', q.state);
  if (q.q) {
    const like = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('member as d')
          .select('d.id')
          .whereRef('d.id', '=', 'c.downline_id')
          .where(sql<boolean>`lower(d.username) like ${like}`),
      ),
    );
  }
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll('c')
    .orderBy('c.id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  return { list: await toViews(db, rows), total: Number(total?.n ?? 0), pageNo: q.pageNo, pageSize: q.pageSize };
}

export async function consoleSettlements(
  db: Db,
  brandId: number,
  q: { kind?: AgentContractKind | undefined; state?: AgentSettlement['state'] | undefined; pageNo: number; pageSize: number },
) {
  let query = db.selectFrom('agent_settlement').where('brand_id', '=', brandId);
  if (q.kind) query = query.where('kind', '=', q.kind);
  if (q.state) query = query.where('state', '=', q.state);
  const total = await query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst();
  const rows = await query
    .selectAll()
    .orderBy('period_end', 'desc')
    .orderBy('id', 'desc')
    .limit(q.pageSize)
    .offset((q.pageNo - 1) * q.pageSize)
    .execute();
  // Totals of the whole brand (the kind filter applies), whatever page is shown.
  const { rows: sums } = await sql<{ owed: string; paid: string; owed_count: string }>`
    select coalesce(sum(amount) filter (where state = 'OWED'), 0)::text as owed,
      coalesce(sum(amount) filter (where state = 'PAID'), 0)::text as paid,
      count(*) filter (where state = 'OWED')::text as owed_count
    from agent_settlement where brand_id = ${brandId} and (${q.kind ?? null}::text is null or kind = ${q.kind ?? null})`.execute(db);
  return {
    list: await toSettlementViews(db, null, rows),
    total: Number(total?.n ?? 0),
    pageNo: q.pageNo,
    pageSize: q.pageSize,
    totals: { owed: sums[0]?.owed ?? '0', paid: sums[0]?.paid ?? '0', owedCount: Number(sums[0]?.owed_count ?? 0) },
  };
}

/** The house offers a top agent a contract (bounded by the brand maximum), audited in the offer's transaction. */
export function houseOffer(db: Db, actor: AuditActor & { brandId: number }, body: ContractOfferBody, now: Date) {
  return offerContract(db, { operator: true, brandId: actor.brandId }, body, now, (trx, before, after) =>
    withAudit(trx, actor, 'agent_contract.offer', { type: 'agent_contract', id: after.id }, before, after, now),
  );
}

/** The house ends one of its contracts (or withdraws its offer), with the reason, audited in the same transaction. */
export function houseTerminate(db: Db, actor: AuditActor & { brandId: number }, id: bigint, reason: string, now: Date) {
  return terminateContract(db, { operator: true, brandId: actor.brandId }, id, now, (trx, before, after) =>
    withAudit(trx, actor, 'agent_contract.terminate', { type: 'agent_contract', id: after.id }, before, { ...after, reason }, now),
  );
}
