import type { AgentContract, AgentContractAction, AgentContractKind } from '@playfront/contract/agent-contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { ErrorAlert } from '../../../ui/page-states.tsx';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useContractAction } from '../api/contract-action.ts';
import { useContractSummary } from '../api/get-contract-summary.ts';
import { type SettlementsFilter, useSettlements } from '../api/get-settlements.ts';
import { ContractTerms } from '../components/contract-terms.tsx';
import { AgentEmpty, AgentLoadError, AgentLoading, Choices, dateTime, Money } from '../components/parts.tsx';
import { bpsToPercent } from '../lib/figures.ts';
import { pageCount } from '../lib/record-filter.ts';

/**
 * agentDividendRecordCopy2 / agentDailyWages2 / agentHourSalary / agentRealtimeSalary: one contract kind as I see it
 * (the spec's process* call): my contract from my upline, offers waiting for me (Accept / Reject), the contracts I
 * gave (terminate), and the settlements with their figures (PAID or OWED).
 */
export default function ContractPage({ kind }: { kind: AgentContractKind }) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const summary = useContractSummary(token, kind);
  const action = useContractAction();
  const id = useId();

  if (summary.isPending) return <AgentLoading />;
  if (summary.isError) return <AgentLoadError error={summary.error} onRetry={() => void summary.refetch()} />;
  const { mine, offers, given, maxRateBps } = summary.data;
  const act = (contract: AgentContract, what: AgentContractAction) => action.mutate({ id: contract.id, action: what });

  return (
    <div className="ag-stack">
      <p className="ag-muted">{t(`contract.leads.${kind}`)}</p>
      {action.isError && <ErrorAlert error={action.error} className="ag-error" />}
      {action.isSuccess && (
        <p role="status" className="ag-success">
          {t(`contract.done.${action.data.contract.state}`)}
        </p>
      )}
      <section className="ag-panel" aria-labelledby={`${id}-offers`}>
        <h2 id={`${id}-offers`}>{t('contract.offers')}</h2>
        {offers.length === 0 ? (
          <p className="ag-muted">{t('contract.noOffers')}</p>
        ) : (
          offers.map((c) => (
            <article
              key={c.id}
              className="ag-contract"
              aria-label={t('contract.offerFrom', { name: c.upline?.username ?? t('contract.house') })}
            >
              <p>
                <strong>{t('contract.offerFrom', { name: c.upline?.username ?? t('contract.house') })}</strong>{' '}
                <span className="ag-muted ag-small">{dateTime(c.createdAt)}</span>
              </p>
              <ContractTerms contract={c} />
              {c.replacesId && <p className="ag-small">{t('contract.replaces')}</p>}
              <div className="ag-actions">
                <button type="button" className="btn btn-primary btn-sm" disabled={action.isPending} onClick={() => act(c, 'accept')}>
                  {t('contract.accept')}
                </button>
                <button type="button" className="btn btn-ghost btn-sm" disabled={action.isPending} onClick={() => act(c, 'reject')}>
                  {t('contract.reject')}
                </button>
              </div>
            </article>
          ))
        )}
      </section>
      <section className="ag-panel" aria-labelledby={`${id}-mine`}>
        <h2 id={`${id}-mine`}>{t('contract.mine')}</h2>
        {mine ? (
          <article className="ag-contract">
            <p>
              {t('contract.from', { name: mine.upline?.username ?? t('contract.house') })}{' '}
              <span className="ag-muted ag-small">{t('contract.since', { at: dateTime(mine.decidedAt ?? mine.createdAt) })}</span>
            </p>
            <ContractTerms contract={mine} />
            <TerminateButton disabled={action.isPending} onConfirm={() => act(mine, 'terminate')} />
          </article>
        ) : (
          <p className="ag-muted">{t('contract.noMine')}</p>
        )}
        <p className="ag-small ag-muted">
          {maxRateBps == null
            ? t('offer.cannotOffer')
            : t(mine ? 'offer.maxHint' : 'offer.maxHintBrand', { max: bpsToPercent(maxRateBps) })}
        </p>
      </section>
      <section className="ag-panel" aria-labelledby={`${id}-given`}>
        <h2 id={`${id}-given`}>{t('contract.given')}</h2>
        {given.length === 0 ? (
          <p className="ag-muted">{t('contract.noGiven')}</p>
        ) : (
          <ul className="ag-contract-list">
            {given.map((c) => (
              <li key={c.id} className="ag-contract">
                <p>
                  <strong>{c.downline.username}</strong> <span className="ag-muted ag-small">{dateTime(c.createdAt)}</span>
                </p>
                <ContractTerms contract={c} />
                <TerminateButton
                  label={c.state === 'OFFERED' ? t('contract.withdraw') : undefined}
                  disabled={action.isPending}
                  onConfirm={() => act(c, 'terminate')}
                />
              </li>
            ))}
          </ul>
        )}
        <p className="ag-small ag-muted">{t('contract.offerHow')}</p>
      </section>
      <Settlements kind={kind} />
    </div>
  );
}

/** Ending a contract asks once more in place (no popup): the first press shows Confirm and Cancel. */
function TerminateButton({ onConfirm, disabled, label }: { onConfirm: () => void; disabled: boolean; label?: string }) {
  const { t } = useTranslation('agent');
  const [asking, setAsking] = useState(false);
  return asking ? (
    <fieldset className="ag-actions ag-plain">
      <legend className="ag-small">{t('contract.terminateAsk')}</legend>
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={disabled}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {t('contract.terminateYes')}
      </button>
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
        {t('offer.cancel')}
      </button>
    </fieldset>
  ) : (
    <div className="ag-actions">
      <button type="button" className="btn btn-ghost btn-sm" disabled={disabled} onClick={() => setAsking(true)}>
        {label ?? t('contract.terminate')}
      </button>
    </div>
  );
}

function Settlements({ kind }: { kind: AgentContractKind }) {
  const { t } = useTranslation('agent');
  const token = useSession((s) => s.token);
  const [role, setRole] = useState<'all' | 'payee' | 'payer'>('all');
  const [page, setPage] = useState(1);
  const filter: SettlementsFilter = { kind, role: role === 'all' ? undefined : role };
  const query = useSettlements(token, filter, page);
  const id = useId();
  return (
    <section className="ag-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('settlements.title')}</h2>
      <Choices
        label={t('settlements.role')}
        options={['all', 'payee', 'payer'] as const}
        value={role}
        onChange={(r) => {
          setRole(r);
          setPage(1);
        }}
        text={(r) => t(`settlements.roles.${r}`)}
      />
      {query.isPending ? (
        <AgentLoading />
      ) : query.isError ? (
        <AgentLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.list.length === 0 ? (
        <AgentEmpty>{t('settlements.empty')}</AgentEmpty>
      ) : (
        <>
          <div className="ag-table-wrap">
            <table className="ag-table ag-table-cards" aria-busy={query.isFetching}>
              <caption className="visually-hidden">{t('settlements.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('settlements.period')}</th>
                  <th scope="col">{t('settlements.party')}</th>
                  <th scope="col" className="ag-num">
                    {t('settlements.teamValidBet')}
                  </th>
                  <th scope="col" className="ag-num">
                    {t('settlements.teamProfitLoss')}
                  </th>
                  <th scope="col" className="ag-num">
                    {t('settlements.activeMembers')}
                  </th>
                  <th scope="col" className="ag-num">
                    {t('contract.rate')}
                  </th>
                  <th scope="col" className="ag-num">
                    {t('settlements.amount')}
                  </th>
                  <th scope="col">{t('contract.state')}</th>
                </tr>
              </thead>
              <tbody>
                {query.data.list.map((s) => (
                  <tr key={s.id}>
                    <td data-label={t('settlements.period')}>
                      {dateTime(s.periodStart)} – {dateTime(s.periodEnd)}
                    </td>
                    <td data-label={t('settlements.party')}>
                      {s.role === 'payee'
                        ? t('settlements.paidBy', { name: s.payer?.username ?? t('contract.house') })
                        : t('settlements.paidTo', { name: s.payee.username })}
                    </td>
                    <td className="ag-num" data-label={t('settlements.teamValidBet')}>
                      <Money value={s.teamValidBet} />
                    </td>
                    <td className="ag-num" data-label={t('settlements.teamProfitLoss')}>
                      <Money value={s.teamProfitLoss} signed />
                    </td>
                    <td className="ag-num" data-label={t('settlements.activeMembers')}>
                      {s.activeMembers}
                    </td>
                    <td className="ag-num" data-label={t('contract.rate')}>
                      {bpsToPercent(s.rateBps)}
                      {s.winLossRateBps > 0 && ` + ${bpsToPercent(s.winLossRateBps)}`}
                    </td>
                    <td className="ag-num" data-label={t('settlements.amount')}>
                      <Money value={s.amount} />
                    </td>
                    <td data-label={t('contract.state')}>
                      <span className={`ag-status ag-status-${s.state.toLowerCase()}`}>{t(`settlements.states.${s.state}`)}</span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Paginator
            page={page}
            totalPages={pageCount(query.data.total, query.data.pageSize)}
            onChange={setPage}
            label={t('settlements.pages')}
          />
        </>
      )}
    </section>
  );
}
