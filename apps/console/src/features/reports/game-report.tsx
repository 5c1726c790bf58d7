import type { ReportGameRow } from '@playfront/contract/console-backoffice';
import { REPORT_GAME_SORTS } from '@playfront/contract/console-backoffice-paths';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '../../lib/format.ts';
import { DataTable, NUM, type SortOrder } from '../../ui/data-table.tsx';
import { FormError } from '../../ui/states.tsx';
import { gameReport, gameReportCsv } from './api.ts';

const PAGE_SIZE = 20;
const col = createColumnHelper<ReportGameRow>();

/**
 * Bets, wins, GGR, counts and players per game category or per vendor over the page's date range (decision 059),
 * from the game_report_daily rollup: sorted and paged on the server, CSV of every row.
 */
export function GameReport({ range }: { range: { from: string; to: string } }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<'category' | 'vendor'>('category');
  const [pageNo, setPageNo] = useState(1);
  const [sort, setSort] = useState<{ sort: string; order: SortOrder }>({ sort: 'ggr', order: 'desc' });
  const query = useQuery({
    queryKey: ['report-games', by, range, sort, pageNo],
    queryFn: () => gameReport({ by, ...range, ...sort, pageNo, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({ mutationFn: () => gameReportCsv({ by, ...range, ...sort }) });
  const columns = useMemo(
    () => [
      col.accessor('key', {
        header: () => t(by === 'vendor' ? 'backoffice.gameReport.vendor' : 'backoffice.gameReport.category'),
        cell: (c) =>
          by === 'vendor'
            ? (c.row.original.name ?? c.getValue())
            : t(`backoffice.gameReport.types.${c.getValue()}`, { defaultValue: c.getValue() }),
      }),
      col.accessor('bets', { header: () => t('backoffice.gameReport.betsAmount'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.accessor('wins', { header: () => t('dashboard.wins'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.accessor('ggr', { header: () => t('dashboard.ggr'), cell: (c) => formatMinor(c.getValue()), meta: NUM }),
      col.accessor('betCount', { header: () => t('backoffice.gameReport.betCount'), meta: NUM }),
      col.accessor('rounds', { header: () => t('backoffice.gameReport.rounds'), meta: NUM }),
      col.accessor('players', { header: () => t('backoffice.gameReport.players'), meta: NUM }),
    ],
    [t, by],
  );
  const totals = query.data?.totals;
  return (
    <section className="stack" aria-labelledby="game-report-h">
      <h2 id="game-report-h">{t('backoffice.gameReport.title')}</h2>
      <div className="row filters">
        <div className="field">
          <label htmlFor="game-report-by">{t('backoffice.gameReport.show')}</label>
          <select
            id="game-report-by"
            value={by}
            onChange={(e) => {
              setBy(e.target.value as 'category' | 'vendor');
              setPageNo(1);
            }}
          >
            <option value="category">{t('backoffice.gameReport.byCategory')}</option>
            <option value="vendor">{t('backoffice.gameReport.byVendor')}</option>
          </select>
        </div>
      </div>
      <p className="muted">{t('backoffice.gameReport.note')}</p>
      {totals && (
        <div className="grid">
          {(['bets', 'wins', 'ggr'] as const).map((k) => (
            <div className="card figure" key={k}>
              <div className="label">{t(k === 'bets' ? 'backoffice.gameReport.betsAmount' : `dashboard.${k}`)}</div>
              <div className="value">{formatMinor(totals[k])}</div>
            </div>
          ))}
          <div className="card figure">
            <div className="label">{t('backoffice.gameReport.players')}</div>
            <div className="value">{totals.players}</div>
          </div>
        </div>
      )}
      <FormError error={csv.error} />
      <DataTable
        caption={t(by === 'vendor' ? 'backoffice.gameReport.byVendor' : 'backoffice.gameReport.byCategory')}
        columns={columns}
        rows={query.data?.list}
        isLoading={query.isFetching && !query.data}
        error={query.error}
        onRetry={() => void query.refetch()}
        rowKey={(r) => r.key}
        emptyText={t('backoffice.gameReport.empty')}
        paging={{ pageNo, pageSize: PAGE_SIZE, total: query.data?.total ?? 0, onPage: setPageNo }}
        tools={
          <button type="button" onClick={() => csv.mutate()} disabled={csv.isPending}>
            {t('table.exportCsv')}
          </button>
        }
        sorting={{
          sortable: REPORT_GAME_SORTS,
          ...sort,
          onSort: (s, o) => {
            setSort({ sort: s, order: o });
            setPageNo(1);
          },
        }}
      />
    </section>
  );
}
