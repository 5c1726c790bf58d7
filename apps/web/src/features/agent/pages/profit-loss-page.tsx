import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useTeamProfitLoss } from '../api/get-team-profit-loss.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, FigureCards, Money, RecordFilters } from '../components/parts.tsx';
import { pageCount, type RecordFilter } from '../lib/record-filter.ts';
import { useRecordFilter } from '../lib/use-record-filter.ts';

const COLUMNS = ['deposits', 'withdrawals', 'validBets', 'wins', 'bonuses', 'profitLoss'] as const;

/** palStatementsAgentCopy (user profit and loss): each team member's figures over a window, and the team's totals. */
export default function ProfitLossPage() {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const { filter, change, page, setPage } = useRecordFilter<RecordFilter>();
  const query = useTeamProfitLoss(token, filter, page);
  return (
    <div className="ag-stack">
      <RecordFilters filter={filter} onChange={change} />
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <FigureCards
            label={t('pl.totals')}
            items={COLUMNS.map((k) => ({
              key: k,
              label: t(`figures.${k}`),
              value: <Money value={query.data.totals[k]} signed={k === 'profitLoss'} />,
            }))}
          />
          {query.data.list.length === 0 ? (
            <AgentEmpty>{t('pl.empty')}</AgentEmpty>
          ) : (
            <div className="ag-table-wrap">
              <table className="ag-table ag-table-cards" aria-busy={query.isFetching}>
                <caption className="visually-hidden">{t('pl.caption', { from: query.data.from, to: query.data.to })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('columns.member')}</th>
                    <th scope="col">{t('team.columns.level')}</th>
                    {COLUMNS.map((k) => (
                      <th key={k} scope="col" className="ag-num">
                        {t(`figures.${k}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {query.data.list.map((r) => (
                    <tr key={r.memberId}>
                      <td data-label={t('columns.member')}>
                        {r.username} <span className="ag-badge">{t(`team.kinds.${r.kind}`)}</span>
                      </td>
                      <td data-label={t('team.columns.level')}>{t('team.levelN', { level: r.level })}</td>
                      {COLUMNS.map((k) => (
                        <td key={k} className="ag-num" data-label={t(`figures.${k}`)}>
                          <Money value={r[k]} signed={k === 'profitLoss'} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Paginator page={page} totalPages={pageCount(query.data.total, query.data.pageSize)} onChange={setPage} label={t('pl.pages')} />
        </>
      )}
    </div>
  );
}
