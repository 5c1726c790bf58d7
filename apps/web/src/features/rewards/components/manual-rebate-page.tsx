import type { MyRebate, RebateClaimResult, RebatePayout } from '@playfront/contract/rebates';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { Paginator } from '../../../ui/paginator/paginator.tsx';
import { useClaimRebate } from '../api/claim-rebate.ts';
import { HISTORY_PAGE_SIZE, rebateKeys, useMyRebate, useRebateHistory } from '../api/get-my-rebate.ts';
import { ErrorAlert, RewardsPage, useFormat } from './parts.tsx';
import './manual-rebate.css';

/**
 * manualRebate (spec section 2; issue 12): the rebate accrued since the last payout per game category (valid bets,
 * the member's rate, the amount), the Claim button (off below the minimum or inside the claim interval, saying why
 * and when it opens), the automatic payout and cashback terms, and the payout history.
 */
export default function ManualRebatePage() {
  const { t } = useTranslation('rebates');
  const token = useSession((s) => s.token);
  const mine = useMyRebate(token);

  return (
    <RewardsPage title={t('title')} lead={t('lead')}>
      {mine.isPending ? (
        <div className="wl-state" role="status" aria-live="polite">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : mine.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void mine.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : (
        <>
          <ClaimCard rebate={mine.data} token={token} />
          <CategoryTable rebate={mine.data} />
          {mine.data.cashback && <CashbackTerms cashback={mine.data.cashback} />}
          <PayoutHistory token={token} />
        </>
      )}
    </RewardsPage>
  );
}

const percent = (bps: number) => `${(bps / 100).toFixed(2)}%`;

/** When a claim opens again, refetch, so the button turns on by itself. */
function useReopenAt(nextClaimAt: string | null, token: string | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (!nextClaimAt) return;
    const wait = new Date(nextClaimAt).getTime() - Date.now();
    // Timers longer than ~24 days overflow; a page is not open that long.
    if (wait > 2_000_000_000) return;
    const timer = setTimeout(() => void client.invalidateQueries({ queryKey: rebateKeys.mine(token) }), Math.max(0, wait) + 500);
    return () => clearTimeout(timer);
  }, [nextClaimAt, token, client]);
}

function useDuration() {
  const { t } = useTranslation('rebates');
  return (seconds: number) => {
    if (seconds % 86_400 === 0) return t('duration.days', { count: seconds / 86_400 });
    if (seconds % 3600 === 0) return t('duration.hours', { count: seconds / 3600 });
    return t('duration.minutes', { count: Math.max(1, Math.round(seconds / 60)) });
  };
}

function ClaimCard({ rebate, token }: { rebate: MyRebate; token: string | null }) {
  const { t } = useTranslation('rebates');
  const { money, dateTime } = useFormat();
  const duration = useDuration();
  const claim = useClaimRebate(token);
  const [paid, setPaid] = useState<RebateClaimResult['payout'] | null>(null);
  useReopenAt(rebate.claim.nextClaimAt, token);
  const { blockedBy, nextClaimAt } = rebate.claim;
  const reason =
    blockedBy === 'BELOW_MINIMUM'
      ? t('claim.blocked.BELOW_MINIMUM', { amount: money(rebate.minimum) })
      : blockedBy === 'TOO_SOON' && nextClaimAt
        ? t('claim.blocked.TOO_SOON', { time: dateTime(nextClaimAt) })
        : blockedBy && blockedBy !== 'TOO_SOON'
          ? t(`claim.blocked.${blockedBy}`)
          : null;

  const onClaim = () => {
    setPaid(null);
    claim.mutate(undefined, { onSuccess: (result) => setPaid(result.payout) });
  };

  return (
    <article className="rw-card mr-claim" aria-labelledby="mr-total-label" data-testid="rebate-claim-card">
      <div className="mr-claim-row">
        <div className="mr-total">
          <p id="mr-total-label" className="rw-muted">
            {t('claim.total')}
          </p>
          <p className="mr-total-amount" data-testid="rebate-total">
            {money(rebate.total)}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary mr-claim-button"
          onClick={onClaim}
          disabled={!rebate.claim.canClaim || claim.isPending}
          aria-describedby={reason ? 'mr-claim-reason' : undefined}
        >
          {claim.isPending ? t('claim.claiming') : t('claim.button')}
        </button>
      </div>
      {reason && (
        <p id="mr-claim-reason" className="mr-reason" data-testid="rebate-claim-reason">
          {reason}
        </p>
      )}
      <div className="mr-live" aria-live="polite">
        {paid && (
          <p className="rw-alert rw-alert-success" data-testid="rebate-claim-success">
            {t(paid.paidAs === 'BONUS' ? 'claim.successBonus' : 'claim.success', { amount: money(paid.amount) })}
          </p>
        )}
      </div>
      <ErrorAlert error={claim.error} />
      <ul className="mr-terms">
        <li>{t('claim.minimum', { amount: money(rebate.minimum) })}</li>
        {rebate.claimIntervalSeconds > 0 && <li>{t('claim.interval', { duration: duration(rebate.claimIntervalSeconds) })}</li>}
        {rebate.automatic && <li>{t(`auto.${rebate.automatic.period}`, { time: dateTime(rebate.automatic.nextAt) })}</li>}
        {rebate.paidAsBonus && <li>{t('bonus')}</li>}
      </ul>
    </article>
  );
}

function CategoryTable({ rebate }: { rebate: MyRebate }) {
  const { t } = useTranslation('rebates');
  const { money } = useFormat();
  return (
    <section className="rw-section" aria-labelledby="mr-table-title">
      <h3 id="mr-table-title" className="rw-section-title">
        {t('table.title')}
      </h3>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; the keyboard must reach it to scroll it. */}
      <div className="mr-table-wrap" tabIndex={0}>
        <table className="rw-table mr-table" data-testid="rebate-table">
          <caption className="visually-hidden">{t('table.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.category')}</th>
              <th scope="col">{t('table.validBet')}</th>
              <th scope="col">{t('table.rate')}</th>
              <th scope="col">{t('table.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {rebate.categories.map((c) => (
              <tr key={c.category} data-category={c.category}>
                <th scope="row">{t(`categories.${c.category}`)}</th>
                <td>{money(c.validBet)}</td>
                <td>{percent(c.rateBps)}</td>
                <td className="mr-amount">{money(c.amount)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t('table.total')}
              </th>
              <td className="mr-amount">{money(rebate.total)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </section>
  );
}

function CashbackTerms({ cashback }: { cashback: NonNullable<MyRebate['cashback']> }) {
  const { t } = useTranslation('rebates');
  const { money } = useFormat();
  const params = {
    share: percent(cashback.shareBps),
    period: t(`cashback.periods.${cashback.period}`),
    cap: money(cashback.cap),
    minimum: money(cashback.minimum),
  };
  return (
    <section className="rw-section" aria-labelledby="mr-cashback-title">
      <h3 id="mr-cashback-title" className="rw-section-title">
        {t('cashback.title')}
      </h3>
      <p className="rw-muted" data-testid="cashback-terms">
        {cashback.cap === '0' ? t('cashback.termsNoCap', params) : t('cashback.terms', params)}
      </p>
    </section>
  );
}

function PayoutHistory({ token }: { token: string | null }) {
  const { t } = useTranslation('rebates');
  const [page, setPage] = useState(1);
  const history = useRebateHistory(page, token);
  const totalPages = Math.max(1, Math.ceil((history.data?.total ?? 0) / HISTORY_PAGE_SIZE));
  return (
    <section className="rw-section" aria-labelledby="mr-history-title">
      <h3 id="mr-history-title" className="rw-section-title">
        {t('history.title')}
      </h3>
      {history.isPending ? (
        <div className="wl-state" role="status">
          <div className="spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : history.isError ? (
        <div className="wl-state wl-state-error" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void history.refetch()}>
            {t('retry')}
          </button>
        </div>
      ) : history.data.list.length === 0 ? (
        <p className="wl-state rw-muted" data-testid="rebate-history-empty">
          {t('history.empty')}
        </p>
      ) : (
        <>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the table scrolls sideways on phones; the keyboard must reach it to scroll it. */}
          <div className="mr-table-wrap" tabIndex={0}>
            <table className="rw-table mr-table" data-testid="rebate-history">
              <caption className="visually-hidden">{t('history.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('history.date')}</th>
                  <th scope="col">{t('history.kind')}</th>
                  <th scope="col">{t('history.base')}</th>
                  <th scope="col">{t('history.amount')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.list.map((p) => (
                  <PayoutRow key={p.id} payout={p} />
                ))}
              </tbody>
            </table>
          </div>
          <Paginator page={page} totalPages={totalPages} onChange={setPage} label={t('history.pages')} />
        </>
      )}
    </section>
  );
}

function PayoutRow({ payout }: { payout: RebatePayout }) {
  const { t } = useTranslation('rebates');
  const { money, dateTime } = useFormat();
  return (
    <tr>
      <td>{dateTime(payout.createdAt)}</td>
      <td className="mr-text">
        <span className="mr-kind">{t(`history.kinds.${payout.kind}`)}</span>
        <span className="rw-muted mr-sub">
          {t(`history.sources.${payout.source}`)} · {t(`history.paidAs.${payout.paidAs}`)}
        </span>
      </td>
      <td>
        {payout.kind === 'REBATE'
          ? t('history.baseRebate', { amount: money(payout.base) })
          : t('history.baseCashback', { amount: money(payout.base) })}
      </td>
      <td className="mr-amount">{money(payout.amount)}</td>
    </tr>
  );
}
