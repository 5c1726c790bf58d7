import type { ReportDayRow, ReportGameRow } from '@playfront/contract/console-backoffice';
import { BACKOFFICE_PATHS } from '@playfront/contract/console-backoffice-paths';
import { api, downloadCsv } from '../../lib/api.ts';
import type { Page } from '../members/api.ts';

export type DailyReport = Page<ReportDayRow> & {
  currency: string;
  timezone: string;
  from: string;
  to: string;
  totals: Omit<ReportDayRow, 'day'>;
};
export type DailyQuery = { from: string; to: string; sort: string; order: string };

export const dailyReport = (q: DailyQuery & { pageNo: number; pageSize: number }) =>
  api<DailyReport>(BACKOFFICE_PATHS.reportDaily, { query: q });
export const dailyReportCsv = (q: DailyQuery) => downloadCsv(BACKOFFICE_PATHS.reportDailyCsv, q, 'report-daily.csv');

export type GameReport = Page<ReportGameRow> & {
  by: 'category' | 'vendor';
  currency: string;
  timezone: string;
  from: string;
  to: string;
  totals: Omit<ReportGameRow, 'key' | 'name'>;
};
export type GameQuery = { by: 'category' | 'vendor'; from: string; to: string; sort: string; order: string };

export const gameReport = (q: GameQuery & { pageNo: number; pageSize: number }) =>
  api<GameReport>(BACKOFFICE_PATHS.reportGames, { query: q });
export const gameReportCsv = (q: GameQuery) => downloadCsv(BACKOFFICE_PATHS.reportGamesCsv, q, `report-${q.by}.csv`);
