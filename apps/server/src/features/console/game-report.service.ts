import type { ReportGameRow, ReportGamesQuery } from '@playfront/contract/console-backoffice';
import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const DAY_MS = 86_400_000;
/** The longest period the report sums (a year and a day), as the daily report. */
const MAX_DAYS = 366;
const dayOf = (at: Date) => new Date(at.getTime() + BRAND_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const TIMEZONE = 'UTC+06:00';

/** Sort keys → SQL expressions of the grouped rows (a closed list: nothing from the query reaches the SQL text). */
const ORDER_BY = {
  key: sql`g.key`,
  bets: sql`g.bets`,
  wins: sql`g.wins`,
  ggr: sql`g.bets - g.wins`,
  betCount: sql`g.bet_count`,
  rounds: sql`g.rounds`,
  players: sql`coalesce(p.players, 0)`,
} as const;

type Row = {
  key: string;
  name: string | null;
  bets: string;
  wins: string;
  bet_count: string;
  rounds: string;
  players: string;
  total: string;
};

const toRow = (r: Omit<Row, 'total'>): ReportGameRow => ({
  key: r.key,
  name: r.name,
  bets: String(r.bets),
  wins: String(r.wins),
  ggr: (BigInt(r.bets) - BigInt(r.wins)).toString(),
  betCount: Number(r.bet_count),
  rounds: Number(r.rounds),
  players: Number(r.players),
});

/** The period asked for, checked: `to` defaults to today (brand day), `from` to 6 days before it. */
function periodOf(q: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = q.to ?? dayOf(now);
  const from = q.from ?? addDays(to, -6);
  const span = Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`);
  if (Number.isNaN(span) || from > to || span > MAX_DAYS * DAY_MS) {
    throw new AppError('VALIDATION', { fields: { from: { key: 'errors.invalidField' } } });
  }
  return { from, to };
}

/**
 * Bets, wins, GGR, bet and round counts and players per game category or per vendor over the brand's days (UTC+6),
 * from the game_report_daily rollup the money outbox keeps (decision 059): one grouped query over at most
 * days × vendors × types rows, sorted and paged in SQL. Players are distinct members over the whole period.
 * `pageSize` null: every row (the CSV).
 */
export async function gameReport(
  db: Db,
  brandId: number,
  q: Omit<ReportGamesQuery, 'pageNo' | 'pageSize'> & { pageNo: number; pageSize: number | null },
  now: Date,
) {
  const { from, to } = periodOf(q, now);
  const dim = q.by === 'vendor' ? sql`vendor_code` : sql`game_type`;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const where = sql`brand_id = ${brandId} and day between ${from}::date and ${to}::date`;
  const paging = q.pageSize === null ? sql`` : sql`limit ${q.pageSize} offset ${(q.pageNo - 1) * q.pageSize}`;
  const { rows } = await sql<Row>`
    with g as (
      select ${dim} as key, sum(bets) as bets, sum(wins) as wins, sum(bet_count) as bet_count, sum(rounds) as rounds
      from game_report_daily where ${where} group by 1),
    p as (select ${dim} as key, count(distinct member_id) as players from game_report_player where ${where} group by 1)
    select g.key, ${q.by === 'vendor' ? sql`v.display_name` : sql`null::text`} as name, g.bets, g.wins, g.bet_count, g.rounds,
      coalesce(p.players, 0) as players, count(*) over () as total
    from g left join p on p.key = g.key
    ${q.by === 'vendor' ? sql`left join game_vendor v on v.code = g.key` : sql``}
    order by ${ORDER_BY[q.sort]} ${dir}, g.key asc
    ${paging}`.execute(db);
  const { rows: sums } = await sql<Omit<Row, 'key' | 'name' | 'total'>>`
    select coalesce(sum(bets), 0) as bets, coalesce(sum(wins), 0) as wins, coalesce(sum(bet_count), 0) as bet_count,
      coalesce(sum(rounds), 0) as rounds,
      (select count(distinct member_id) from game_report_player where ${where}) as players
    from game_report_daily where ${where}`.execute(db);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && q.pageNo > 1) {
    const { rows: n } = await sql<{ n: string }>`select count(distinct ${dim}) as n from game_report_daily where ${where}`.execute(db);
    total = Number(n[0]?.n ?? 0);
  }
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
  const { key: _k, name: _n, ...totals } = toRow({ key: '', name: null, ...sums[0]! });
  return { list: rows.map(toRow), total, by: q.by, currency: brand.currency, timezone: TIMEZONE, from, to, totals };
}
