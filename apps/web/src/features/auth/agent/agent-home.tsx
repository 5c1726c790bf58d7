import '../components/auth.css';
import './agent.css';
import type { FeatureFlag } from '@playfront/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { useAuthSettings } from '../api/get-auth-settings.ts';
import { AuthIcon } from '../components/auth-icons.tsx';
import { useLogout } from '../session/use-logout.ts';

/** Left-nav entries of spec section 2 (Agent centre), with their page names; some only with a contract feature. */
const NAV: { key: string; page: string; feature?: FeatureFlag }[] = [
  { key: 'deposit', page: 'depositv2' },
  { key: 'withdraw', page: 'withdraw' },
  { key: 'announcement', page: 'agentAnnouncement' },
  { key: 'overview', page: 'agentTeamOverview' },
  { key: 'registerCenter', page: 'registerCenter' },
  { key: 'teamManagement', page: 'downlineManagmentView' },
  { key: 'teamBetting', page: 'personalHistoryCopy' },
  { key: 'userLoss', page: 'palStatementsAgentCopy' },
  { key: 'myIncome', page: 'agentRevenueReport' },
  { key: 'accountDetails', page: 'agentDownlineTransactionDetailsCopy' },
  { key: 'dividendRecord', page: 'agentDividendRecordCopy2', feature: 'CONTRACT_DIVIDEND' },
  { key: 'dailyWages', page: 'agentDailyWages2', feature: 'CONTRACT_SALARY' },
  { key: 'hourlySalary', page: 'agentHourSalary', feature: 'CONTRACT_HOUR_SALARY' },
  { key: 'realtimeSalary', page: 'agentRealtimeSalary', feature: 'CONTRACT_REALTIME_SALARY' },
  { key: 'messages', page: 'messageV2' },
  { key: 'customerService', page: 'customerService' },
];

/** `GMT+06:00 · Asia/Dhaka` for the visitor's own clock. */
function timezoneLabel(now: Date): string {
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone ? `GMT${sign}${hhmm} · ${zone}` : `GMT${sign}${hhmm}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clockText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/** The clock of the agent header: updates every second. */
function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return (
    <time className="agent-clock" dateTime={now.toISOString()}>
      {clockText(now)}
    </time>
  );
}

/**
 * /agentHome: the agent area's shell (spec section 2, Agent centre): header
 * with timezone, clock, nickname and logout; the left nav of the agent pages.
 * The pages themselves come with the agent back-office work.
 */
export function AgentHome() {
  const { t } = useTranslation('auth');
  const nickname = useSession((s) => s.member?.nickname);
  const logout = useLogout();
  const settings = useAuthSettings();
  const [params] = useSearchParams();
  const features = settings.data?.whitelabel.features;
  const entries = NAV.filter((e) => !e.feature || features?.[e.feature]);
  const current = entries.find((e) => e.page === params.get('page')) ?? entries.find((e) => e.key === 'overview');
  const nav = useRef<HTMLElement>(null);

  // On phones the nav is one scrolling row: keep the current page's entry in sight.
  useEffect(() => {
    if (current) nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  return (
    <div className="agent-home">
      <div className="agent-topbar">
        <span className="agent-tz">
          <AuthIcon name="clock" size={18} />
          <span className="visually-hidden">{t('agentHome.timezone')}</span>
          {timezoneLabel(new Date())}
        </span>
        <Clock />
        <span className="agent-nickname">{t('agentHome.hello', { name: nickname ?? '' })}</span>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void logout()}>
          <AuthIcon name="logout" size={18} />
          {t('account.signOut')}
        </button>
      </div>
      <div className="agent-body">
        <nav ref={nav} className="agent-nav" aria-label={t('agentHome.nav')}>
          <ul>
            {entries.map((e) => (
              <li key={e.key}>
                <Link to={`/agentHome?page=${e.page}`} className="agent-nav-link" aria-current={e === current ? 'page' : undefined}>
                  {t(`agentHome.pages.${e.key}` as never)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="agent-page" aria-labelledby="agent-page-title">
          <h1 id="agent-page-title">{current ? t(`agentHome.pages.${current.key}` as never) : t('agentHome.title')}</h1>
          <p className="agent-soon">{t('agentHome.soon')}</p>
        </main>
      </div>
    </div>
  );
}
