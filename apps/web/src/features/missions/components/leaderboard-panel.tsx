import { MISSION_PERIODS, type MissionPeriod } from '@playfront/contract/missions-paths';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { LoadError, Loading, useTimeLeft } from './parts.tsx';

export type LeaderboardPanelProps = { board: MissionPeriod; onBoard: (board: MissionPeriod) => void };

/** The mission points board of today or this week: rank, masked name, points; the member's own row marked and repeated. */
export function LeaderboardPanel({ board, onBoard }: LeaderboardPanelProps) {
  const { t } = useTranslation('missions');
  const token = useSession((s) => s.token);
  const query = useLeaderboard(board, token);
  const left = useTimeLeft();

  return (
    <div className="ms-board">
      <fieldset className="ms-switch">
        <legend className="visually-hidden">{t('board.label')}</legend>
        {MISSION_PERIODS.map((p) => (
          <button key={p} type="button" className="ms-switch-btn" aria-pressed={p === board} onClick={() => onBoard(p)}>
            {t(`board.${p}`)}
          </button>
        ))}
      </fieldset>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p className="ms-me" data-testid="leaderboard-me">
            {query.data.me ? t('board.yourRank', { rank: query.data.me.rank, points: query.data.me.points }) : t('board.notRanked')}
          </p>
          {query.data.entries.length === 0 ? (
            <p className="wl-state" data-testid="leaderboard-empty">
              {t('board.empty')}
            </p>
          ) : (
            <table className="ms-table" data-testid="leaderboard">
              <caption className="visually-hidden">{t('board.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('board.rank')}</th>
                  <th scope="col">{t('board.name')}</th>
                  <th scope="col" className="ms-num">
                    {t('board.points')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {query.data.entries.map((e) => (
                  <tr key={e.rank} data-me={e.isMe || undefined} aria-current={e.isMe ? 'true' : undefined}>
                    <td>
                      <span className="ms-rank" data-top={e.rank <= 3 ? e.rank : undefined}>
                        {e.rank}
                      </span>
                    </td>
                    <th scope="row" className="ms-name">
                      {e.name} {e.isMe && <span className="ms-you">{t('board.you')}</span>}
                    </th>
                    <td className="ms-num">{e.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="ms-muted">{t('board.endsIn', { time: left(query.data.endsAt) })}</p>
        </>
      )}
    </div>
  );
}
