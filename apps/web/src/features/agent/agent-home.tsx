import './agent.css';
import { AGENT_MEMBER_PAGE_KEYS, type AgentNavEntry, agentPageOf, visibleNav } from '@playfront/contract/agent-nav';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../lib/permission.ts';
import { useSession } from '../../lib/session-store.ts';
import { Icon } from '../../ui/icons/icon.tsx';
import { useAgentSlots } from './agent-slots.tsx';
import { AgentLoading } from './components/parts.tsx';

const Announcements = lazy(() => import('./pages/announcement-page.tsx'));
const Overview = lazy(() => import('./pages/overview-page.tsx'));
const RegisterCenter = lazy(() => import('./pages/register-page.tsx'));
const Team = lazy(() => import('./pages/team-page.tsx'));
const TeamBets = lazy(() => import('./pages/team-bets-page.tsx'));
const ProfitLoss = lazy(() => import('./pages/profit-loss-page.tsx'));
const Income = lazy(() => import('./pages/income-page.tsx'));
const Transactions = lazy(() => import('./pages/transactions-page.tsx'));
const Contract = lazy(() => import('./pages/contract-page.tsx'));

const MEMBER_PAGES = new Set<string>(AGENT_MEMBER_PAGE_KEYS);

/** `GMT+06:00 · Asia/Dhaka` for the visitor's own clock. */
export function timezoneLabel(now: Date, zone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
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
 * /agentHome: the agent centre (spec section 2): header with timezone, clock, nickname and logout; the left nav of
 * the agent pages (a scrolling strip on phones); the page of `?page=`. Contract pages the brand does not offer are
 * left out of the nav and, opened by URL, say so. The server draws the frame, the bar, the nav and the page's title
 * before any script for an agent's tab (boot-screen.ts agentHomeBootScreen): change them together.
 */
export function AgentHome() {
  const { t } = useTranslation('agent');
  const { LogoutButton } = useAgentSlots();
  const nickname = useSession((s) => s.member?.nickname);
  const features = usePermission().data?.whitelabel.features as Partial<Record<string, boolean>> | undefined;
  const [params] = useSearchParams();
  const entries = visibleNav(features);
  const { entry, refused, pending } = agentPageOf(params.get('page'), features);
  const nav = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);

  // On phones the nav is one scrolling row: keep the current page's entry in sight (the row only, not the page).
  const currentKey = entry.key;
  // After a nav choice, move focus to the new page's title (not on the first load), so keyboard and screen-reader
  // users start reading the page they chose.
  const firstPage = useRef(true);
  useEffect(() => {
    if (!currentKey) return;
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    title.current?.focus({ preventScroll: true });
  }, [currentKey]);
  useEffect(() => {
    if (!currentKey) return;
    const strip = nav.current;
    const current = strip?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!strip || !current || strip.scrollWidth <= strip.clientWidth) return;
    strip.scrollLeft = current.offsetLeft - (strip.clientWidth - current.offsetWidth) / 2;
  }, [currentKey]);

  return (
    <div className="agent-home">
      <div className="agent-topbar">
        <span className="agent-tz">
          <Icon name="globe" size={18} />
          <span className="visually-hidden">{t('home.timezone')}</span>
          {timezoneLabel(new Date())}
        </span>
        <Clock />
        <span className="agent-nickname">{t('home.hello', { name: nickname ?? '' })}</span>
        <LogoutButton />
      </div>
      <div className="agent-body">
        <nav ref={nav} className="agent-nav" aria-label={t('home.nav')}>
          <ul>
            {entries.map((e) => (
              <li key={e.key}>
                <Link to={`/agentHome?page=${e.page}`} className="agent-nav-link" aria-current={e.key === entry.key ? 'page' : undefined}>
                  {t(`pages.${e.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <main className="agent-page" aria-labelledby="agent-page-title">
          {/* The member-centre pages bring their own visible heading; the page name stays for the outline. */}
          <h1 id="agent-page-title" ref={title} tabIndex={-1} className={MEMBER_PAGES.has(entry.key) ? 'visually-hidden' : undefined}>
            {t(`pages.${entry.key}`)}
          </h1>
          <Suspense fallback={<AgentLoading />}>{pending ? <AgentLoading /> : refused ? <Refused /> : <PageBody entry={entry} />}</Suspense>
        </main>
      </div>
    </div>
  );
}

/** A contract page the brand does not offer, opened by its URL. */
function Refused() {
  const { t } = useTranslation('agent');
  return (
    <div className="ag-state" role="status">
      <p>{t('contract.notOffered')}</p>
      <Link className="btn btn-primary btn-sm" to="/agentHome?page=agentTeamOverview">
        {t('contract.toOverview')}
      </Link>
    </div>
  );
}

function PageBody({ entry }: { entry: AgentNavEntry }) {
  const slots = useAgentSlots();
  switch (entry.key) {
    case 'deposit':
      return <slots.Deposit />;
    case 'withdraw':
      return <slots.Withdraw />;
    case 'messages':
      return <slots.Messages />;
    case 'customerService':
      return <slots.CustomerService />;
    case 'announcement':
      return <Announcements />;
    case 'overview':
      return <Overview />;
    case 'registerCenter':
      return <RegisterCenter />;
    case 'teamManagement':
      return <Team />;
    case 'teamBetting':
      return <TeamBets />;
    case 'userLoss':
      return <ProfitLoss />;
    case 'myIncome':
      return <Income />;
    case 'accountDetails':
      return <Transactions />;
    default:
      return <Contract kind={entry.kind} />;
  }
}
