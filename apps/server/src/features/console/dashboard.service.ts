import type { Dashboard, DashboardFigures } from '@playfront/contract/console';
import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';

const DAY_MS = 86_400_000;
/** The longest period the dashboard sums (a year and a day). */
const MAX_DAYS = 366;
const dayOf = (at: Date) => new Date(at.getTime() + BRAND_UTC_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const startOfDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - BRAND_UTC_OFFSET_MINUTES * 60_000);

type DayRow = { day: string; deposits: string; withdrawals: string; bets: string; wins: string; bonuses: string; active: string };

const figures = (r: Omit<DayRow, 'day'> | undefined, newPlayers: number): DashboardFigures => {
  const bets = BigInt(r?.bets ?? 0);
  const wins = BigInt(r?.wins ?? 0);
  const bonuses = BigInt(r?.bonuses ?? 0);
  const ggr = bets - wins;
  return {
    deposits: String(r?.deposits ?? 0),
    withdrawals: String(r?.withdrawals ?? 0),
    bets: bets.toString(),
    wins: wins.toString(),
    ggr: ggr.toString(),
    bonuses: bonuses.toString(),
    ngr: (ggr - bonuses).toString(),
    newPlayers,
    activePlayers: Number(r?.active ?? 0),
  };
};

/**
 * Today's and a period's figures from the rollups the money outbox keeps (agent_member_daily: each member's money
 * per brand day; the brand's day is UTC+6 like the records). Active players: members with a bet that day (or in the
 * period); new players: accounts made in it. GGR = bets − wins; NGR = GGR − bonuses.
 */
export async function dashboard(
  db: Db,
  brandId: number,
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
): Promise<Dashboard> {
  const today = dayOf(now);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -6);
  if (
    from > to ||
    Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`) > MAX_DAYS * DAY_MS ||
    Number.isNaN(Date.parse(`${from}T00:00:00Z`))
  ) {
    throw new AppError('VALIDATION', { fields: { from: { key: 'errors.invalidField' } } });
  }
  const lo = from < today ? from : today;
  const hi = to > today ? to : today;
  const brand = await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
  const { rows: daily } = await sql<DayRow>`
    select to_char(d.day, 'YYYY-MM-DD') as day, sum(d.deposits) as deposits, sum(d.withdrawals) as withdrawals, sum(d.bets) as bets,
      sum(d.wins) as wins, sum(d.bonuses) as bonuses, count(*) filter (where d.bets > 0) as active
    from agent_member_daily d join member m on m.id = d.member_id
    where m.brand_id = ${brandId} and d.day between ${lo}::date and ${hi}::date
    group by d.day order by d.day`.execute(db);
  const { rows: period } = await sql<Omit<DayRow, 'day'>>`
    select coalesce(sum(d.deposits), 0) as deposits, coalesce(sum(d.withdrawals), 0) as withdrawals, coalesce(sum(d.bets), 0) as bets,
      coalesce(sum(d.wins), 0) as wins, coalesce(sum(d.bonuses), 0) as bonuses,
      count(distinct d.member_id) filter (where d.bets > 0) as active
    from agent_member_daily d join member m on m.id = d.member_id
    where m.brand_id = ${brandId} and d.day between ${from}::date and ${to}::date`.execute(db);
  const { rows: joined } = await sql<{ day: string; n: string }>`
    select to_char((created_at at time zone 'UTC') + make_interval(mins => ${BRAND_UTC_OFFSET_MINUTES}), 'YYYY-MM-DD') as day, count(*) as n
    from member where brand_id = ${brandId} and type in (0, 1, 2, 41, 42)
      and created_at >= ${startOfDay(lo)} and created_at < ${startOfDay(addDays(hi, 1))}
    group by 1`.execute(db);
  const newOn = new Map(joined.map((j) => [j.day, Number(j.n)]));
  const byDay = new Map(daily.map((d) => [d.day, d]));
  const series: Dashboard['daily'] = [];
  let periodNew = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) {
    series.push({ day, ...figures(byDay.get(day), newOn.get(day) ?? 0) });
    periodNew += newOn.get(day) ?? 0;
  }
  return {
    currency: brand.currency,
    timezone: 'UTC+06:00',
    today: figures(byDay.get(today), newOn.get(today) ?? 0),
    period: { from, to, figures: figures(period[0], periodNew) },
    daily: series,
  };
}
