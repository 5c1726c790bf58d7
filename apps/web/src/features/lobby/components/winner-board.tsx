import { LIMITS } from '@playfront/contract/constants';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import { useWinnerBoard } from '../api/get-winner-board.ts';
import rank1 from '../assets/rank-1.svg';
import rank2 from '../assets/rank-2.svg';
import rank3 from '../assets/rank-3.svg';
import rank4 from '../assets/rank-4.svg';
import rank5 from '../assets/rank-5.svg';
import { useLang } from '../hooks/use-lang.ts';
import { GameImage } from './game-image.tsx';

const RANK_ICONS = [rank1, rank2, rank3, rank4, rank5].slice(0, LIMITS.winnerBoardRankIcons);

/** A rank icon; when it fails to load, a text badge takes its place (spec section 8). */
function RankBadge({ rank }: { rank: number }) {
  const { t } = useTranslation('lobby');
  const [failed, setFailed] = useState(false);
  const icon = RANK_ICONS[rank - 1];
  if (!icon || failed) return <span className="rank-badge">{rank}</span>;
  return <img className="rank-icon" src={icon} alt={t('winners.rank', { rank })} width={28} height={28} onError={() => setFailed(true)} />;
}

/** The winner board: biggest wins first, scrolling; the top 5 have rank icons. */
export function WinnerBoard() {
  const { t } = useTranslation('lobby');
  const lang = useLang();
  const answer = useWinnerBoard(lang);
  // 100 rows: rendered as deferred (interruptible) work, so they never hold up the first screen.
  const data = useDeferredValue(answer.data);
  const isPending = answer.isPending || (answer.data !== undefined && data === undefined);
  if (isPending) return <section className="winner-board skeleton" aria-hidden="true" />;
  if (!data || data.list.length === 0) return null;
  const rows = data.list.map((w, i) => (
    <li key={`${w.nodeId}-${w.customerName}-${w.wonAt}`} className="winner-row">
      <RankBadge rank={i + 1} />
      <GameImage path={w.iconUrl} alt="" className="winner-icon" />
      <span className="winner-name">{w.customerName}</span>
      <span className="winner-game">{w.gameName}</span>
      <span className="winner-amount">{formatMoney(w.winAmount, { symbol: data.currencySymbol })}</span>
    </li>
  ));
  return (
    <section className="winner-board" aria-labelledby="winner-title">
      <h2 id="winner-title" className="lobby-heading">
        {t('winners.title')}
      </h2>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard to pause and scroll it. */}
      <div className="winner-scroll" tabIndex={0}>
        <ol className="winner-list" aria-labelledby="winner-title">
          {rows}
        </ol>
      </div>
    </section>
  );
}
