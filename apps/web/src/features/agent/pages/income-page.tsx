import { AGENT_INCOME_GROUPS } from '@playfront/contract/agent-contracts-paths';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { type IncomeFilter, useIncome } from '../api/get-income.ts';
import { AgentEmpty, AgentLoadError, AgentLoading, Choices, FigureCards, Money } from '../components/parts.tsx';

const PARTS = ['salary', 'dividend', 'commission', 'total'] as const;

/** agentRevenueReport (my income): salary, dividend and commission paid to me, by day, week or month. */
export default function IncomePage() {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [filter, setFilter] = useState<IncomeFilter>({ group: 'day' });
  const query = useIncome(token, filter);
  const ids = { from: useId(), to: useId() };
  return (
    <div className="ag-stack">
      <div className="ag-filters">
        <Choices
          label={t('income.group')}
          options={AGENT_INCOME_GROUPS}
          value={filter.group}
          onChange={(group) => setFilter((f) => ({ ...f, group }))}
          text={(g) => t(`income.groups.${g}`)}
        />
        <div className="ag-field">
          <label htmlFor={ids.from}>{t('filters.from')}</label>
          <input
            id={ids.from}
            type="date"
            className="ag-input"
            value={filter.from ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, from: e.target.value || undefined }))}
          />
        </div>
        <div className="ag-field">
          <label htmlFor={ids.to}>{t('filters.to')}</label>
          <input
            id={ids.to}
            type="date"
            className="ag-input"
            value={filter.to ?? ''}
            onChange={(e) => setFilter((f) => ({ ...f, to: e.target.value || undefined }))}
          />
        </div>
      </div>
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <FigureCards
            label={t('income.totals', { from: query.data.from, to: query.data.to })}
            items={[
              ...PARTS.map((k) => ({ key: k, label: t(`income.parts.${k}`), value: <Money value={query.data.totals[k]} /> })),
              { key: 'owed', label: t('income.owed'), value: <Money value={query.data.owed} /> },
            ]}
          />
          {query.data.list.length === 0 ? (
            <AgentEmpty>{t('income.empty')}</AgentEmpty>
          ) : (
            <div className="ag-table-wrap">
              <table className="ag-table ag-table-cards">
                <caption className="visually-hidden">{t('income.caption', { from: query.data.from, to: query.data.to })}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('income.period')}</th>
                    {PARTS.map((k) => (
                      <th key={k} scope="col" className="ag-num">
                        {t(`income.parts.${k}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {query.data.list.map((r) => (
                    <tr key={r.period}>
                      <th scope="row" data-label={t('income.period')}>
                        {r.period}
                      </th>
                      {PARTS.map((k) => (
                        <td key={k} className="ag-num" data-label={t(`income.parts.${k}`)}>
                          <Money value={r[k]} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
