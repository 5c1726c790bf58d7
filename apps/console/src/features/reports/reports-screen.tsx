import type { ReportDayRow } from '@playfront/contract/console-backoffice';
import { REPORT_DAILY_SORTS } from '@playfront/contract/console-backoffice-paths';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, isoDay } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder } from '../../ui/data-table.tsx';
import { FormError } from '../../ui/states.tsx';
import { dailyReport, dailyReportCsv } from './api.ts';
import { GameReport } from './game-report.tsx';

const PAGE_SIZE = 31;
const col = createColumnHelper<ReportDayRow>();
const MONEY = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'bonuses', 'ngr'] as const;

/**
 * Daily figures of the brand's days (its timezone) over a date range, from the rollups: sorted and paged on the
 * server, with the period's totals and a CSV of every day.
 */
export default function ReportsScreen() {
  const { t } = useTranslation();
  const [range, setRange] = useState({ from: isoDay(-29), to: isoDay(0) });
  const [draft, setDraft] = useState(range);
  const [badRange, setBadRange] = useState(false);
  const [pageNo, setPageNo] = useState(1);
  const [sort, setSort] = useState<{ sort: string; order: SortOrder }>({ sort: 'day', order: 'desc' });
  const query = useQuery({
    queryKey: ['report-daily', range, sort, pageNo],
    queryFn: () => dailyReport({ ...range, ...sort, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({ mutationFn: () => dailyReportCsv({ ...range, ...sort }) });
  const columns = useMemo(
    () => [
      col.accessor('day', { header: () => t('dashboard.day') }),
      ...MONEY.map((k) => col.accessor(k, { header: () => t(`dashboard.${k}`), cell: (c) => formatMinor(c.getValue()), meta: NUM })),
      col.accessor('newPlayers', { header: () => t('dashboard.newPlayers'), meta: NUM }),
      col.accessor('activePlayers', { header: () => t('dashboard.activePlayers'), meta: NUM }),
    ],
    [t],
  );
  const totals = query.data?.totals;
  return (
    <div className="stack">
      <h1>{t('nav.reports')}</h1>
      <form
        className="row filters"
        onSubmit={(e) => {
          e.preventDefault();
          if (draft.from > draft.to) return setBadRange(true);
          setBadRange(false);
          setRange(draft);
          setPageNo(1);
        }}
      >
        <div className="field">
          <label htmlFor="rep-from">{t('filters.from')}</label>
          <input id="rep-from" type="date" value={draft.from} required onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="rep-to">{t('filters.to')}</label>
          <input id="rep-to" type="date" value={draft.to} required onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </div>
        <div className="field">
          <span aria-hidden="true">&nbsp;</span>
          <button type="submit">{t('filters.apply')}</button>
        </div>
      </form>
      {badRange && (
        <div className="alert error" role="alert">
          {t('filters.badRange')}
        </div>
      )}
      {query.data && (
        <p className="muted">
          {t('backoffice.reportScope', {
            from: query.data.from,
            to: query.data.to,
            timezone: query.data.timezone,
            currency: query.data.currency,
          })}
        </p>
      )}
      {totals && (
        <div className="grid">
          {(['deposits', 'withdrawals', 'ggr', 'ngr'] as const).map((k) => (
            <div className="card figure" key={k}>
              <div className="label">{t(`dashboard.${k}`)}</div>
              <div className="value">{formatMinor(totals[k])}</div>
            </div>
          ))}
        </div>
      )}
      <FormError error={csv.error} />
      <DataTable
        caption={t('backoffice.dailyTitle')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.day}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        tools={
          <button type="button" onClick={() => csv.mutate()} disabled={csv.isPending}>
            {t('table.exportCsv')}
          </button>
        }
        sorting={{
          sortable: REPORT_DAILY_SORTS,
          ...sort,
          onSort: (s, o) => {
            setSort({ sort: s, order: o });
            setPageNo(1);
          },
        }}
      />
      <GameReport range={range} />
    </div>
  );
}
