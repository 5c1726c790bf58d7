import '../../../ui/styles/member-page.css';
import './wallet.css';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client.ts';
import { localDigits, useDateFormat } from '../../../lib/date-format.ts';
import { ACCESS_ENDED_CODES, timeLeft, useWithdrawOnly, type WithdrawOnlyAccess } from '../../../lib/withdraw-only.ts';
import { openModal } from '../../../ui/modals/modal-store.ts';
import { logout } from '../../auth/api/logout.ts';
import { WALLET_KEY } from '../api/wallet-keys.ts';
import { useAccessBalance } from '../api/withdraw-only-session.ts';
import { useMoney } from './parts.tsx';
import { RestrictedWithdrawAccess } from './withdraw-access.ts';
import { WithdrawPanel } from './withdraw-page.tsx';

/** The clock of the countdown, a tick a second. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/**
 * /withdraw-only (issue 18, decision 056): what a member in a cool-off or self-exclusion reaches from the refused
 * login. The balance, the withdraw page's own parts (payment password setup, the form, the withdrawals with their
 * confirmation) with the restricted token, the time the access has left, and log out. Nothing else uses the token:
 * the header and every other page stay a guest's, and the server refuses it everywhere but these calls.
 */
export default function WithdrawOnlyScreen() {
  const access = useWithdrawOnly((s) => s.access);
  const end = useWithdrawOnly((s) => s.end);
  const now = useNow();
  const ended = !access || timeLeft(access.expiresAt, now).ended;
  useEffect(() => {
    if (access && ended) end();
  }, [access, ended, end]);
  return <main className="page wo-page">{access && !ended ? <AccessOpen access={access} now={now} /> : <AccessEnded />}</main>;
}

function AccessOpen({ access, now }: { access: WithdrawOnlyAccess; now: number }) {
  const { t } = useTranslation('wallet');
  const { lang, dateTime } = useDateFormat();
  const money = useMoney();
  const navigate = useNavigate();
  const client = useQueryClient();
  const end = useWithdrawOnly((s) => s.end);
  const balance = useAccessBalance(access.token);
  const [leaving, setLeaving] = useState(false);
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);

  // The server no longer takes the token (logged out elsewhere, its time up, the block over): the access has ended.
  const gone = balance.error instanceof ApiError && ACCESS_ENDED_CODES.has(balance.error.code);
  useEffect(() => {
    if (gone) end();
  }, [gone, end]);

  const left = timeLeft(access.expiresAt, now);
  const clock = localDigits(`${left.minutes}:${String(left.seconds).padStart(2, '0')}`, lang);
  const logOut = async () => {
    setLeaving(true);
    try {
      await logout(access.token);
    } catch {
      // Already gone on the server (expired, revoked): this tab forgets it either way.
    }
    end();
    client.removeQueries({ queryKey: WALLET_KEY });
    navigate('/', { replace: true });
  };

  return (
    <section className="wl-page" aria-labelledby="wo-title">
      <header className="wl-page-head">
        <h1 id="wo-title" className="wl-page-title" tabIndex={-1} ref={title}>
          {t('withdrawOnly.title')}
        </h1>
        <p className="wl-lead">
          {access.kind === 'COOL_OFF'
            ? access.until
              ? t('withdrawOnly.leadCoolOff', { until: dateTime(access.until) })
              : t('withdrawOnly.leadCoolOffOpen')
            : access.until
              ? t('withdrawOnly.leadExcluded', { until: dateTime(access.until) })
              : t('withdrawOnly.leadExcludedOpen')}
        </p>
      </header>
      <div className="wl-card wo-access" data-testid="withdraw-only-access">
        <div className="wl-stat wl-stat-main">
          <span className="wl-stat-label">{t('withdrawOnly.balance')}</span>
          <strong className="wl-stat-value wl-money" data-testid="withdraw-only-balance">
            {balance.data ? money(balance.data.balance) : '—'}
          </strong>
        </div>
        <p className="wo-timer">
          {t('withdrawOnly.endsIn')}{' '}
          <time className="wo-clock" dateTime={`PT${left.minutes}M${left.seconds}S`}>
            {clock}
          </time>
          <span className="wl-muted wo-timer-note">{t('withdrawOnly.endsNote')}</span>
        </p>
        <button type="button" className="btn btn-ghost wo-logout" onClick={() => void logOut()} disabled={leaving}>
          {t('withdrawOnly.logOut')}
        </button>
      </div>
      <RestrictedWithdrawAccess value={access.token}>
        <WithdrawPanel />
      </RestrictedWithdrawAccess>
    </section>
  );
}

function AccessEnded() {
  const { t } = useTranslation('wallet');
  return (
    <section className="wl-page" aria-labelledby="wo-title">
      <header className="wl-page-head">
        <h1 id="wo-title" className="wl-page-title">
          {t('withdrawOnly.title')}
        </h1>
      </header>
      <div className="wl-state" role="status">
        <p>{t('withdrawOnly.ended')}</p>
        <div className="wl-actions">
          <button type="button" className="btn btn-primary btn-sm" onClick={() => openModal('loginPopupModal')}>
            {t('withdrawOnly.logInAgain')}
          </button>
          <Link className="btn btn-ghost btn-sm" to="/">
            {t('withdrawOnly.home')}
          </Link>
        </div>
      </div>
    </section>
  );
}
