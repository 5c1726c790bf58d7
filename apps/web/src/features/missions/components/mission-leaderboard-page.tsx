import '../../../ui/styles/member-page.css';
import './missions.css';
import type { Mission, MissionClaim } from '@playfront/contract/missions';
import type { MissionPeriod } from '@playfront/contract/missions-paths';
import { type KeyboardEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../lib/session-store.ts';
import { useClaimMission } from '../api/claim-mission.ts';
import { useMissions } from '../api/get-missions.ts';
import { LeaderboardPanel } from './leaderboard-panel.tsx';
import { MissionCard } from './mission-card.tsx';
import { ErrorAlert, LoadError, Loading, useMissionFormat, useTimeLeft } from './parts.tsx';

const TABS = ['daily', 'weekly', 'leaderboard'] as const;
type Tab = (typeof TABS)[number];

const tabOf = (search: URLSearchParams): Tab => {
  const tab = search.get('tab');
  return (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : 'daily';
};
const boardOf = (search: URLSearchParams): MissionPeriod => (search.get('board') === 'weekly' ? 'weekly' : 'daily');

/**
 * missionLeaderboard (spec section 2, issue 12): tabs for the daily and weekly missions (a bar with figures and a
 * Claim button per mission) and the leaderboard of mission points. The tab and the board are in the address
 * (`?page=missionLeaderboard&tab=weekly`, `&tab=leaderboard&board=weekly`), so each has its own link and Back works.
 */
export default function MissionLeaderboardPage() {
  const { t } = useTranslation('missions');
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search);
  const board = boardOf(search);
  const { lang, money } = useMissionFormat();
  const token = useSession((s) => s.token);
  const missions = useMissions(lang, token);
  const claim = useClaimMission();
  const [claimingId, setClaimingId] = useState<number | null>(null);
  const [claimed, setClaimed] = useState<MissionClaim | null>(null);
  const tabs = useRef<Record<Tab, HTMLButtonElement | null>>({ daily: null, weekly: null, leaderboard: null });

  const go = (next: Tab, focus = false) => {
    const params = new URLSearchParams(search);
    params.set('tab', next);
    if (next !== 'leaderboard') params.delete('board');
    setSearch(params, { replace: true });
    if (focus) tabs.current[next]?.focus();
  };
  const setBoard = (next: MissionPeriod) => {
    const params = new URLSearchParams(search);
    params.set('tab', 'leaderboard');
    params.set('board', next);
    setSearch(params, { replace: true });
  };
  // The tablist's keys (WAI-ARIA tabs): arrows move and select, Home and End jump.
  const onTabKey = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const to =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at + TABS.length - 1) % TABS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? TABS.length - 1
              : -1;
    if (to < 0) return;
    event.preventDefault();
    go(TABS[to]!, true);
  };
  const onClaim = (mission: Mission) => {
    setClaimingId(mission.id);
    setClaimed(null);
    claim.mutate(mission.id, {
      onSuccess: (result) => setClaimed(result),
      onSettled: () => setClaimingId(null),
    });
  };
  const claimableOf = (period: MissionPeriod) =>
    (period === 'daily' ? missions.data?.daily : missions.data?.weekly)?.filter((m) => m.state === 'claimable').length ?? 0;

  return (
    <section className="wl-page ms-page" aria-labelledby="ms-page-title">
      <header className="wl-page-head">
        <h2 id="ms-page-title" className="wl-page-title" tabIndex={-1}>
          {t('title')}
        </h2>
        <p className="wl-lead">{t('lead')}</p>
      </header>

      <div className="ms-tabs" role="tablist" aria-label={t('tabs.label')}>
        {TABS.map((name) => {
          const count = name === 'leaderboard' ? 0 : claimableOf(name);
          return (
            <button
              key={name}
              ref={(el) => {
                tabs.current[name] = el;
              }}
              type="button"
              role="tab"
              id={`ms-tab-${name}`}
              className="ms-tab"
              aria-selected={name === tab}
              aria-controls={`ms-panel-${name}`}
              tabIndex={name === tab ? 0 : -1}
              onClick={() => go(name)}
              onKeyDown={onTabKey}
            >
              {t(`tabs.${name}`)}
              {count > 0 && (
                <span className="ms-tab-badge">
                  <span aria-hidden="true">{count}</span>
                  <span className="visually-hidden">{t('claimableOnTab', { count })}</span>
                </span>
              )}
            </button>
          );
        })}
      </div>

      <div className="ms-panel" role="tabpanel" id={`ms-panel-${tab}`} aria-labelledby={`ms-tab-${tab}`}>
        {tab === 'leaderboard' ? (
          <LeaderboardPanel board={board} onBoard={setBoard} />
        ) : missions.isPending ? (
          <Loading />
        ) : missions.isError ? (
          <LoadError onRetry={() => void missions.refetch()} />
        ) : (
          <>
            <div aria-live="polite">
              {claimed && (
                <p className="ms-alert ms-alert-success" data-testid="mission-claimed-note">
                  {claimed.rewardAmount !== '0'
                    ? t('claimedNote', { amount: money(claimed.rewardAmount), points: claimed.points })
                    : t('claimedNoteNoMoney', { points: claimed.points })}
                </p>
              )}
            </div>
            <ErrorAlert error={claim.error} />
            <MissionList
              missions={tab === 'daily' ? missions.data.daily : missions.data.weekly}
              claimingId={claimingId}
              onClaim={onClaim}
            />
          </>
        )}
      </div>
    </section>
  );
}

function MissionList({ missions, claimingId, onClaim }: { missions: Mission[]; claimingId: number | null; onClaim: (m: Mission) => void }) {
  const { t } = useTranslation('missions');
  const left = useTimeLeft();
  if (missions.length === 0) {
    return (
      <p className="wl-state" data-testid="missions-empty">
        {t('empty')}
      </p>
    );
  }
  return (
    <>
      <p className="ms-muted">{t('resetsIn', { time: left(missions[0]!.endsAt) })}</p>
      <ul className="ms-list">
        {missions.map((m) => (
          <MissionCard key={m.id} mission={m} claiming={claimingId === m.id} onClaim={onClaim} />
        ))}
      </ul>
    </>
  );
}
