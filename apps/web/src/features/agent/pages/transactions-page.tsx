import { TEAM_TRANSACTION_TYPES, type TeamTransactionType } from '@playfront/contract/agent-team-paths';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { type TeamTransactionsFilter, useTeamTransactions } from '../api/get-team-transactions.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, dateTime, Money, OptionFilter, RecordFilters } from '../components/parts.tsx';
import { pageCount } from '../lib/record-filter.ts';
import { useRecordFilter } from '../lib/use-record-filter.ts';

/** agentDownlineTransactionDetailsCopy (account details): the team's deposits, withdrawals and transfers. */
export default function TransactionsPage() {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const { filter, change, page, setPage } = useRecordFilter<TeamTransactionsFilter>();
  const query = useTeamTransactions(token, filter, page);
  return (
    <div className="ag-stack">
      <RecordFilters
        filter={filter}
        onChange={change}
        extra={
          <OptionFilter
            label={t('tx.type')}
            value={filter.type}
            options={TEAM_TRANSACTION_TYPES}
            text={(k) => t(`tx.types.${k}`)}
            allText={t('tx.allTypes')}
            onChange={(type: TeamTransactionType | undefined) => change({ type })}
          />
        }
      />
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <AgentEmpty>{t('tx.empty')}</AgentEmpty>
      ) : (
        <>
          <div className="ag-table-wrap">
            <table className="ag-table ag-table-cards" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('tx.caption', { from: query.data.from, to: query.data.to })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.time')}</th>
                  <th scope="col">{t('columns.member')}</th>
                  <th scope="col">{t('tx.type')}</th>
                  <th scope="col" className="ag-num">
                    {t('tx.amount')}
                  </th>
                  <th scope="col" className="ag-num">
                    {t('tx.balanceAfter')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.map((r) => (
                  <tr key={r.id}>
                    <td data-label={t('columns.time')}>{dateTime(r.time)}</td>
                    <td data-label={t('columns.member')}>{r.username}</td>
                    <td data-label={t('tx.type')}>{t(`tx.types.${r.type}`)}</td>
                    <td className="ag-num" data-label={t('tx.amount')}>
                      <Money value={r.amount} signed />
                    </td>
                    <td className="ag-num" data-label={t('tx.balanceAfter')}>
                      <Money value={r.balanceAfter} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator page={page} totalPages={pageCount(query.data.total, query.data.pageSize)} onChange={setPage} label={t('tx.pages')} />
        </>
      )}
    </div>
  );
}
