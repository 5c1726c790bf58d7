import type { ReportDailyQuery, ReportDayRow } from '@playfront/contract/console-backoffice';
import type { Db } from '../../db/database.ts';
import { dashboard } from './dashboard.service.ts';

const bigintKeys = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr'] as const;

/**
 * Daily figures of the brand's days (UTC+6, as the records and the dashboard) from the agent_member_daily rollup the
 * money outbox keeps: never a ledger scan. At most 366 days, so sorting and paging the days happens here, after one
 * grouped query; totals are the period's (active players counted once over the period).
 */
export async function dailyReport(db: Db, brandId: number, q: Omit<ReportDailyQuery, 'pageNo' | 'pageSize'>, now: Date) {
  const d = await dashboard(db, brandId, { from: q.from, to: q.to }, now);
  const rows: ReportDayRow[] = d.daily.map((r) => ({ ...r }));
  const key = q.sort;
  const dir = q.order === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    let c: number;
    if (key === 'day') c = a.day < b.day ? -1 : a.day > b.day ? 1 : 0;
    else if ((bigintKeys as readonly string[]).includes(key)) {
      const x = BigInt(a[key as (typeof bigintKeys)[number]]);
      const y = BigInt(b[key as (typeof bigintKeys)[number]]);
      c = x < y ? -1 : x > y ? 1 : 0;
    } else c = (a[key as 'newPlayers'] as number) - (b[key as 'newPlayers'] as number);
    return c * dir || (a.day < b.day ? 1 : -1);
  });
  return { rows, currency: d.currency, timezone: d.timezone, from: d.period.from, to: d.period.to, totals: d.period.figures };
}
