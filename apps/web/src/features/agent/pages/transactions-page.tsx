import { TEAM_TRANSACTION_TYPES, type TeamTransactionType } from '@playfront/contract/agent-team-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { type TeamTransactionsFilter, useTeamTransactions } from '../api/get-team-transactions.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, dateTime, Money, RecordFilters } from '../components/parts.tsx';
import { mergeFilter, pageCount } from '../lib/record-filter.ts';

/** agentDownlineTransactionDetailsCopy (account details): the team's deposits, withdrawals and transfers. */
export default function TransactionsPage() {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [filter, setFilter] = useState<TeamTransactionsFilter>({ preset: 'last7' });
  const [page, setPage] = useState(1);
  const query = useTeamTransactions(token, filter, page);
  const typeId = useId();
  const change = (c: Partial<TeamTransactionsFilter>) => {
    setFilter((f) => mergeFilter(f, c));
    setPage(1);
  };
  return (
    <div className="ag-stack">
      <RecordFilters
        filter={filter}
        onChange={change}
        extra={
          <div className="ag-field">
            <label htmlFor={typeId}>{t('tx.type')}</label>
            <select
              id={typeId}
              className="ag-input"
              value={filter.type ?? ''}
              onChange={(e) => change({ type: (e.target.value || undefined) as TeamTransactionType | undefined })}
            >
              <option value="">{t('tx.allTypes')}</option>
              {TEAM_TRANSACTION_TYPES.map((k) => (
                <option key={k} value={k}>
                  {t(`tx.types.${k}`)}
                </option>
              ))}
            </select>
          </div>
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
