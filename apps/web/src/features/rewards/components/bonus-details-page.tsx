import type { BonusGrant } from '@playfront/contract/promotions';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { showDialog } from '../../../ui/modals/modal-store.ts';
import { useCancelBonus } from '../api/cancel-bonus.ts';
import { useBonusDetails } from '../api/get-bonus-details.ts';
import { ContributionTable } from './contribution-table.tsx';
import { ExpiryCountdown } from './expiry-countdown.tsx';
import { ErrorAlert, LoadError, Loading, RewardsPage, useFormat } from './parts.tsx';
import { WageringBar } from './wagering-bar.tsx';

/**
 * bonusDetails: the active bonus (amount, what is left and locked, the wagering progress with its figures, game
 * contribution, max bet and cash-out, the expiry countdown) with a cancel that says what is forfeited, then the
 * earlier bonuses with how each ended.
 */
export default function BonusDetailsPage() {
  const { t } = useTranslation('promotions');
  const { lang, money } = useFormat();
  const token = useSession((s) => s.token);
  const details = useBonusDetails(lang, token);
  const cancel = useCancelBonus();
  const [forfeited, setForfeited] = useState<string | null>(null);
  const refetch = details.refetch;
  const onExpired = useCallback(() => void refetch(), [refetch]);

  const askCancel = async (grant: BonusGrant) => {
    const answer = await showDialog({
      icon: 'warning',
      titleKey: 'promotions:bonus.cancelTitle',
      messageKey: 'promotions:bonus.cancelText',
      params: { amount: money(grant.remaining), title: grant.title },
      // The safe choice is the main button and takes the focus (the dialog focuses its last button).
      buttons: [
        { id: 'cancel', labelKey: 'promotions:bonus.cancelConfirm', variant: 'secondary' },
        { id: 'keep', labelKey: 'promotions:bonus.keep', variant: 'primary' },
      ],
    });
    if (answer !== 'cancel') return;
    setForfeited(null);
    cancel.mutate(grant.id, { onSuccess: (r) => setForfeited(money(r.forfeited)) });
  };

  return (
    <RewardsPage title={t('bonus.title')} lead={t('bonus.lead')}>
      {details.isPending ? (
        <Loading />
      ) : details.isError ? (
        <LoadError onRetry={() => void details.refetch()} />
      ) : (
        <>
          {forfeited !== null && (
            <p role="status" className="rw-alert rw-alert-success">
              {t('bonus.cancelled', { amount: forfeited })}
            </p>
          )}
          <ErrorAlert error={cancel.error} />
          {details.data.active ? (
            <ActiveBonus
              grant={details.data.active}
              cancelling={cancel.isPending}
              onCancel={() => void askCancel(details.data.active!)}
              onExpired={onExpired}
            />
          ) : (
            <div className="wl-state wl-state-empty" data-testid="bonus-none">
              <p>{t('bonus.none')}</p>
              <Link className="btn btn-primary btn-sm" to="/promotions">
                {t('rewards.browse')}
              </Link>
            </div>
          )}
          <BonusHistory history={details.data.history} />
        </>
      )}
    </RewardsPage>
  );
}

function ActiveBonus({
  grant: g,
  cancelling,
  onCancel,
  onExpired,
}: {
  grant: BonusGrant;
  cancelling: boolean;
  onCancel: () => void;
  onExpired: () => void;
}) {
  const { t } = useTranslation('promotions');
  const { money, dateTime } = useFormat();
  return (
    <article className="rw-card rw-bonus" aria-labelledby={`bonus-${g.id}`} data-testid="bonus-active" data-grant={g.id}>
      <header className="rw-bonus-head">
        <div>
          <h3 id={`bonus-${g.id}`} className="rw-card-title">
            {g.title}
          </h3>
          <p className="rw-muted">{t('bonus.issuedAt', { date: dateTime(g.issuedAt) })}</p>
        </div>
        <span className="rw-state" data-state="process">
          {t('bonus.locked')}
        </span>
      </header>
      <dl className="rw-stats">
        <div>
          <dt>{t('bonus.amount')}</dt>
          <dd data-testid="bonus-amount">{money(g.amount)}</dd>
        </div>
        <div>
          <dt>{t('bonus.remaining')}</dt>
          <dd className="rw-gold" data-testid="bonus-remaining">
            {money(g.remaining)}
          </dd>
        </div>
        {BigInt(g.depositAmount) > 0n && (
          <div>
            <dt>{t('bonus.deposit')}</dt>
            <dd>{money(g.depositAmount)}</dd>
          </div>
        )}
      </dl>
      <WageringBar wagered={g.wagered} required={g.wageringRequired} />
      <div className="rw-bonus-grid">
        <dl className="rw-facts">
          <div>
            <dt>{t('terms.maxBet')}</dt>
            <dd>{g.maxBet ? money(g.maxBet) : t('terms.noLimit')}</dd>
          </div>
          <div>
            <dt>{t('terms.maxCashout')}</dt>
            <dd>{g.maxCashout ? money(g.maxCashout) : t('terms.noLimit')}</dd>
          </div>
          <div>
            <dt>{t('bonus.expires')}</dt>
            <dd>
              <ExpiryCountdown expiresAt={g.expiresAt} onExpired={onExpired} />
            </dd>
          </div>
        </dl>
        <ContributionTable contribution={g.contribution} />
      </div>
      <div className="rw-bonus-foot">
        <p className="rw-muted">{t('bonus.cancelNote')}</p>
        <button type="button" className="btn btn-ghost btn-sm rw-danger" onClick={onCancel} disabled={cancelling}>
          {cancelling ? t('actions.sending') : t('bonus.cancel')}
        </button>
      </div>
    </article>
  );
}

function BonusHistory({ history }: { history: BonusGrant[] }) {
  const { t } = useTranslation('promotions');
  const { money, dateTime } = useFormat();
  return (
    <section className="rw-section" aria-labelledby="bonus-history-title">
      <h3 id="bonus-history-title" className="rw-section-title">
        {t('bonus.history')}
      </h3>
      {history.length === 0 ? (
        <p className="rw-muted">{t('bonus.historyEmpty')}</p>
      ) : (
        <ul className="rw-history">
          {history.map((g) => (
            <li key={g.id} className="rw-history-item" data-state={g.state} data-testid="bonus-history">
              <div className="rw-history-main">
                <strong className="rw-history-title">{g.title}</strong>
                <span className="rw-muted">
                  {t('bonus.issuedAt', { date: dateTime(g.issuedAt) })}
                  {g.endedAt ? ` · ${t('bonus.endedAt', { date: dateTime(g.endedAt) })}` : ''}
                </span>
              </div>
              <span className="rw-state" data-state={g.state === 'converted' ? 'claimed' : 'close'}>
                {t(`bonus.states.${g.state}`)}
              </span>
              <dl className="rw-history-figures">
                <div>
                  <dt>{t('bonus.amount')}</dt>
                  <dd>{money(g.amount)}</dd>
                </div>
                <div>
                  <dt>{t('bonus.converted')}</dt>
                  <dd data-testid="bonus-converted">{money(g.convertedAmount)}</dd>
                </div>
                <div>
                  <dt>{t('bonus.forfeited')}</dt>
                  <dd>{money(g.forfeitedAmount)}</dd>
                </div>
              </dl>
              {g.endReason && <p className="rw-history-reason">{t(`bonus.reasons.${g.endReason}`)}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
