import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/**
 * The agent team's reads (decision 035): every one starts from `agent_closure` rows of the calling agent
 * (`ancestor_id = me, depth > 0`), so nothing outside the caller's tree is ever read, and each is an index range.
 */

export type Sums = { deposits: bigint; withdrawals: bigint; bets: bigint; wins: bigint; valid_bets: bigint; bonuses: bigint };
type SumsText = { deposits: string; withdrawals: string; bets: string; wins: string; valid_bets: string; bonuses: string };
/** Sums of the money columns as text (a bigint sum is numeric: money never passes through a float). */
const SUM_COLUMNS = (alias: string) =>
  sql.raw(
    ['deposits', 'withdrawals', 'bets', 'wins', 'valid_bets', 'bonuses']
      .map((c) => `coalesce(sum(${alias}.${c}::numeric), 0)::text as ${c}`)
      .join(', '),
  );
export const toSums = (r: SumsText | undefined): Sums => ({
  deposits: BigInt(r?.deposits ?? 0),
  withdrawals: BigInt(r?.withdrawals ?? 0),
  bets: BigInt(r?.bets ?? 0),
  wins: BigInt(r?.wins ?? 0),
  valid_bets: BigInt(r?.valid_bets ?? 0),
  bonuses: BigInt(r?.bonuses ?? 0),
});

/** The member's depth below the agent (≥ 1), or null when not in the agent's team. */
export async function depthBelow(db: Db, agentId: number, memberId: number): Promise<number | null> {
  const { rows } = await sql<{ depth: number }>`
    select depth from agent_closure where ancestor_id = ${agentId} and member_id = ${memberId} and depth > 0`.execute(db);
  return rows[0] ? Number(rows[0].depth) : null;
}

/** A team member by username (case-insensitive, exact), or null when there is none in the agent's team. */
export async function teamMemberByUsername(db: Db, agentId: number, brandId: number, username: string): Promise<number | null> {
  const { rows } = await sql<{ id: number }>`
    select m.id from member m join agent_closure c on c.member_id = m.id and c.ancestor_id = ${agentId} and c.depth > 0
    where m.brand_id = ${brandId} and lower(m.username) = lower(${username})`.execute(db);
  return rows[0]?.id ?? null;
}

export type TeamCounts = { team_size: number; direct_count: number; agent_count: number };
export async function teamCounts(db: Db, agentId: number): Promise<TeamCounts> {
  const { rows } = await sql<TeamCounts>`
    select count(*)::int as team_size, count(*) filter (where depth = 1)::int as direct_count,
      count(*) filter (where is_agent)::int as agent_count
    from agent_closure where ancestor_id = ${agentId} and depth > 0`.execute(db);
  return rows[0] ?? { team_size: 0, direct_count: 0, agent_count: 0 };
}

/** Hour (ISO instant) or brand day (YYYY-MM-DD) of a timestamp column, as the bucket key of a series. */
function bucket(column: string, step: 'hour' | 'day') {
  return step === 'hour'
    ? sql.raw(`to_char(date_trunc('hour', ${column} at time zone 'UTC'), 'YYYY-MM-DD"T"HH24:00:00.000"Z"')`)
    : sql.raw(`to_char((${column} at time zone 'UTC') + interval '${BRAND_UTC_OFFSET_MINUTES} minutes', 'YYYY-MM-DD')`);
}

/** Members who joined the team in [from, to), per hour or brand day. */
export async function newMembersBy(
  db: Db,
  agentId: number,
  from: Date,
  to: Date,
  step: 'hour' | 'day',
): Promise<Array<{ key: string; n: number }>> {
  const { rows } = await sql<{ key: string; n: number }>`
    select ${bucket('joined_at', step)} as key, count(*)::int as n
    from agent_closure where ancestor_id = ${agentId} and joined_at >= ${from} and joined_at < ${to} and depth > 0
    group by 1`.execute(db);
  return rows.map((r) => ({ key: r.key, n: Number(r.n) }));
}

/** The team's money in [from, to), per hour or brand day (summed in SQL from the hourly rollup). */
export async function teamSeries(
  db: Db,
  agentId: number,
  from: Date,
  to: Date,
  step: 'hour' | 'day',
): Promise<Array<Sums & { key: string }>> {
  const { rows } = await sql<SumsText & { key: string }>`
    select ${bucket('hour', step)} as key, ${SUM_COLUMNS('h')}
    from agent_team_hourly h where h.agent_id = ${agentId} and h.hour >= ${from} and h.hour < ${to} group by 1`.execute(db);
  return rows.map((r) => ({ ...toSums(r), key: r.key }));
}

/** Active member counts of the agent's team for these period keys (`D2026-11-25`, `W2026-11-23`, `M2026-11`). */
export async function activeCounts(db: Db, agentId: number, periods: string[]): Promise<Map<string, number>> {
  if (periods.length === 0) return new Map();
  const { rows } = await sql<{ period: string; members: number }>`
    select period, members from agent_team_active where agent_id = ${agentId} and period = any(${periods}::text[])`.execute(db);
  return new Map(rows.map((r) => [r.period, Number(r.members)]));
}

export type TeamMemberDbRow = {
  id: number;
  username: string;
  type: number;
  status: 'active' | 'disabled';
  upline_id: number | null;
  last_login_at: Date | null;
  created_at: Date;
  depth: number;
  balance: string;
  direct_count: number;
};

/** Phase one of the table: the sort key of each candidate, with only the join that key needs. */
const SORT_KEY: Record<string, { key: string; join: 'member' | 'wallet' | 'children' | null }> = {
  username: { key: 'lower(m.username)', join: 'member' },
  level: { key: 'c.depth', join: null },
  balance: { key: 'coalesce(a.balance, 0)', join: 'wallet' },
  lastLogin: { key: 'm.last_login_at', join: 'member' },
  createdAt: { key: 'c.joined_at', join: null },
  directCount: { key: 'coalesce(k.n, 0)', join: 'children' },
};

export type TeamTableFilter = {
  agentId: number;
  currency: string;
  search?: string | undefined;
  parentId?: number | undefined;
  onlyIds?: number[] | undefined;
  sort: keyof typeof SORT_KEY;
  order: 'asc' | 'desc';
  limit: number;
  offset: number;
};

/**
 * A page of the team table and the total, filtered, sorted (ties by id). Two steps so a 10,000-member team stays
 * cheap: the page's ids from the closure and only the join its sort key needs (creation time and level are in the
 * closure itself), then the page's 20 rows in full.
 */
export async function teamTable(db: Db, f: TeamTableFilter): Promise<{ rows: TeamMemberDbRow[]; total: number }> {
  const sort = SORT_KEY[f.sort] ?? SORT_KEY.createdAt!;
  const needsMember = sort.join === 'member' || Boolean(f.search);
  const parts: RawBuilder<unknown>[] = [sql`c.ancestor_id = ${f.agentId}`, sql`c.depth > 0`];
  if (f.search) parts.push(sql`strpos(lower(m.username), lower(${f.search})) > 0`);
  if (f.onlyIds) parts.push(sql`c.member_id = any(${f.onlyIds}::int[])`);
  // A node's children: the closure rows one step below it (the node is checked to be in my tree by the caller).
  const parent =
    f.parentId !== undefined
      ? sql`join agent_closure p on p.member_id = c.member_id and p.ancestor_id = ${f.parentId} and p.depth = 1`
      : sql``;
  const where = sql.join(parts, sql` and `);
  const joins = sql.join(
    [
      parent,
      needsMember ? sql`join member m on m.id = c.member_id` : sql``,
      sort.join === 'wallet'
        ? sql`left join ledger_account a on a.member_id = c.member_id and a.kind = 'MEMBER_WALLET' and a.currency = ${f.currency}`
        : sql``,
      sort.join === 'children'
        ? sql`left join (select d.ancestor_id, count(*) as n from agent_closure t join agent_closure d on d.ancestor_id = t.member_id
            and d.depth = 1 where t.ancestor_id = ${f.agentId} and t.depth > 0 group by d.ancestor_id) k on k.ancestor_id = c.member_id`
        : sql``,
    ],
    sql` `,
  );
  const dir = sql.raw(f.order === 'asc' ? 'asc nulls first' : 'desc nulls last');
  const { rows: page } = await sql<{ id: number }>`
    select c.member_id as id from agent_closure c ${joins} where ${where}
    order by ${sql.raw(sort.key)} ${dir}, c.member_id ${dir} limit ${f.limit} offset ${f.offset}`.execute(db);
  const needsCount = f.offset > 0 || page.length === f.limit;
  const countJoins = sql.join([parent, f.search ? sql`join member m on m.id = c.member_id` : sql``], sql` `);
  const total = needsCount
    ? Number(
        (await sql<{ n: number }>`select count(*)::int as n from agent_closure c ${countJoins} where ${where}`.execute(db)).rows[0]?.n ?? 0,
      )
    : page.length;
  const ids = page.map((r) => r.id);
  if (ids.length === 0) return { rows: [], total };
  const { rows } = await sql<TeamMemberDbRow>`
    select m.id, m.username, m.type, m.status, m.upline_id, m.last_login_at, m.created_at, c.depth,
      coalesce(a.balance, 0)::text as balance,
      (select count(*) from agent_closure d where d.ancestor_id = m.id and d.depth = 1)::int as direct_count
    from agent_closure c
    join member m on m.id = c.member_id
    left join ledger_account a on a.member_id = m.id and a.kind = 'MEMBER_WALLET' and a.currency = ${f.currency}
    where c.ancestor_id = ${f.agentId} and c.member_id = any(${ids}::int[])`.execute(db);
  const byId = new Map(rows.map((r) => [r.id, { ...r, depth: Number(r.depth), direct_count: Number(r.direct_count) }]));
  return { rows: ids.map((id) => byId.get(id)).filter((r): r is TeamMemberDbRow => r !== undefined), total };
}

/** Each of these members' team size (all levels below them). */
export async function teamSizes(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const { rows } = await sql<{ id: number; n: number }>`
    select ancestor_id as id, count(*)::int as n from agent_closure where ancestor_id = any(${ids}::int[]) and depth > 0
    group by ancestor_id`.execute(db);
  return new Map(rows.map((r) => [r.id, Number(r.n)]));
}

/** The chain from the agent (exclusive) down to the member (inclusive), top first. */
export async function pathDown(db: Db, agentId: number, memberId: number): Promise<Array<{ id: number; username: string; depth: number }>> {
  const { rows } = await sql<{ id: number; username: string; depth: number }>`
    select m.id, m.username, below.depth from agent_closure up
    join agent_closure below on below.ancestor_id = ${agentId} and below.member_id = up.ancestor_id and below.depth > 0
    join member m on m.id = up.ancestor_id
    where up.member_id = ${memberId}
    order by below.depth`.execute(db);
  return rows.map((r) => ({ ...r, depth: Number(r.depth) }));
}

/** One member's sums over brand days [fromDay, toDay] (or all days when null). */
export async function memberSums(db: Db, memberId: number, fromDay: string | null, toDay: string | null): Promise<Sums> {
  const window = fromDay && toDay ? sql`and d.day between ${fromDay}::date and ${toDay}::date` : sql``;
  const { rows } = await sql<SumsText>`
    select ${SUM_COLUMNS('d')} from agent_member_daily d where d.member_id = ${memberId} ${window}`.execute(db);
  return toSums(rows[0]);
}

export type ProfitLossDbRow = SumsText & { member_id: number; username: string; type: number; depth: number };

/** Per member sums over brand days [fromDay, toDay] for the team (or one member), members with activity only, by P&L. */
export async function teamProfitLoss(
  db: Db,
  f: { agentId: number; fromDay: string; toDay: string; memberId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: ProfitLossDbRow[]; total: number; totals: Sums }> {
  const only = f.memberId !== undefined ? sql`and c.member_id = ${f.memberId}` : sql``;
  const grouped = sql`
    select d.member_id, ${SUM_COLUMNS('d')}, sum(d.wins) - sum(d.bets) as pl
    from agent_closure c join agent_member_daily d on d.member_id = c.member_id
      and d.day between ${f.fromDay}::date and ${f.toDay}::date
    where c.ancestor_id = ${f.agentId} and c.depth > 0 ${only}
    group by d.member_id`;
  const { rows } = await sql<ProfitLossDbRow>`
    with g as (${grouped})
    select g.*, m.username, m.type, c.depth from g
    join member m on m.id = g.member_id
    join agent_closure c on c.ancestor_id = ${f.agentId} and c.member_id = g.member_id
    order by g.pl, g.member_id limit ${f.limit} offset ${f.offset}`.execute(db);
  const { rows: all } = await sql<SumsText & { n: number }>`
    with g as (${grouped}) select count(*)::int as n, ${SUM_COLUMNS('g')} from g`.execute(db);
  return {
    rows: rows.map((r) => ({ ...r, depth: Number(r.depth) })),
    total: Number(all[0]?.n ?? 0),
    totals: toSums(all[0]),
  };
}

export type TeamFundsDbRow = {
  id: string;
  member_id: number;
  username: string;
  depth: number;
  kind: string;
  amount: string;
  balance_after: string;
  created_at: Date;
};

/** The team's fund moves (money_event rows of these kinds) in [from, to), newest first. */
export async function teamFunds(
  db: Db,
  f: { agentId: number; kinds: string[]; from: Date; to: Date; memberId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: TeamFundsDbRow[]; total: number }> {
  const only = f.memberId !== undefined ? sql`and c.member_id = ${f.memberId}` : sql``;
  const base = sql`
    from agent_closure c join money_event e on e.member_id = c.member_id join member m on m.id = c.member_id
    where c.ancestor_id = ${f.agentId} and c.depth > 0 ${only}
      and e.kind in ('DEPOSIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE', 'UPLINE_TRANSFER', 'DOWNLINE_TRANSFER')
      and e.kind = any(${f.kinds}::text[]) and e.created_at >= ${f.from} and e.created_at < ${f.to}`;
  const { rows } = await sql<TeamFundsDbRow>`
    select e.id::text as id, e.member_id, m.username, c.depth, e.kind, e.amount::text as amount,
      e.balance_after::text as balance_after, e.created_at
    ${base}
    order by e.created_at desc, e.id desc limit ${f.limit} offset ${f.offset}`.execute(db);
  const withNames = rows;
  const { rows: counted } = await sql<{ n: number }>`select count(*)::int as n ${base}`.execute(db);
  return { rows: withNames.map((r) => ({ ...r, depth: Number(r.depth) })), total: Number(counted[0]?.n ?? 0) };
}

export type TeamRoundDbRow = {
  member_id: number;
  username: string;
  depth: number;
  round_id: string;
  vendor_code: string;
  display_name: string;
  node_id: string;
  game_code: string;
  name_en: string;
  name_bn: string;
  game_type: string;
  currency: string;
  bet_total: bigint;
  win_total: bigint;
  refund_total: bigint;
  status: string;
  created_at: Date;
  settled_at: Date | null;
};
type RoundTotals = { rounds: number; bet: string; win: string; refunded: string; settled_bet: string; settled_refund: string };

/** The team's rounds in [from, to) (the member betting record's rounds: a stake taken), newest first, and totals. */
export async function teamRounds(
  db: Db,
  f: { agentId: number; from: Date; to: Date; memberId?: number | undefined; gameType?: string | undefined; limit: number; offset: number },
): Promise<{ rows: TeamRoundDbRow[]; totals: RoundTotals }> {
  const only = f.memberId !== undefined ? sql`and c.member_id = ${f.memberId}` : sql``;
  const type = f.gameType ? sql`and r.game_type = ${f.gameType}` : sql``;
  const base = sql`
    from agent_closure c join game_round r on r.member_id = c.member_id
    join member m on m.id = r.member_id
    join game g on g.node_id = r.node_id
    join game_vendor v on v.code = r.vendor_code
    where c.ancestor_id = ${f.agentId} and c.depth > 0 ${only}
      and r.bet_count > 0 and r.created_at >= ${f.from} and r.created_at < ${f.to} ${type}`;
  const { rows } = await sql<TeamRoundDbRow>`
    select r.member_id, m.username, c.depth, r.round_id, r.vendor_code, v.display_name, r.node_id, r.game_code, g.name_en,
      g.name_bn, r.game_type, r.currency, r.bet_total, r.win_total, r.refund_total, r.status, r.created_at, r.settled_at
    ${base}
    order by r.created_at desc, r.id desc limit ${f.limit} offset ${f.offset}`.execute(db);
  const { rows: sums } = await sql<RoundTotals>`
    select count(*)::int as rounds, coalesce(sum(r.bet_total), 0)::text as bet, coalesce(sum(r.win_total), 0)::text as win,
      coalesce(sum(r.refund_total), 0)::text as refunded,
      coalesce(sum(r.bet_total) filter (where r.status = 'settled'), 0)::text as settled_bet,
      coalesce(sum(r.refund_total) filter (where r.status = 'settled'), 0)::text as settled_refund
    ${base}`.execute(db);
  return {
    rows: rows.map((r) => ({
      ...r,
      depth: Number(r.depth),
      bet_total: BigInt(r.bet_total),
      win_total: BigInt(r.win_total),
      refund_total: BigInt(r.refund_total),
    })),
    totals: sums[0] ?? { rounds: 0, bet: '0', win: '0', refunded: '0', settled_bet: '0', settled_refund: '0' },
  };
}

export type AnnouncementDbRow = {
  id: number;
  title: Record<string, string>;
  content: Record<string, string>;
  pinned: boolean;
  published_at: Date;
};
export async function agentAnnouncements(db: Db, brandId: number, now: Date): Promise<AnnouncementDbRow[]> {
  const { rows } = await sql<AnnouncementDbRow>`
    select id, title, content, pinned, published_at from agent_announcement
    where brand_id = ${brandId} and published_at <= ${now}
    order by pinned desc, published_at desc, id desc limit 50`.execute(db);
  return rows;
}
