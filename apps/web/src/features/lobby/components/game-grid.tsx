import type { Game } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session-store.ts';
import { useFavourites } from '../hooks/use-favourites.ts';
import { useLaunchGame } from '../hooks/use-launch-game.ts';
import { GameTile, SkeletonTiles } from './game-tile.tsx';

export type GameGridProps = {
  games: Game[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  /** Tiles to sketch while loading. */
  skeletons: number;
  label: string;
  /** How many of the first tiles draw their pictures at once (a list page's first row), not when seen. */
  eagerTiles?: number;
};

/** The 6-column grid (fewer on tablet, 3 on a phone) with loading, error and empty states. */
export function GameGrid({ games, loading, error, onRetry, skeletons, label, eagerTiles = 0 }: GameGridProps) {
  const { t } = useTranslation('lobby');
  const launch = useLaunchGame();
  const fav = useFavourites();
  // Guests and free-play (trial) accounts may try a game's free demo with play money; members play for real.
  const loggedIn = useSession((s) => s.loggedIn);
  const isTrial = useSession((s) => s.isTrial);
  const demo = (g: Game) => launch({ ...g, demo: true });
  if (error && !games) {
    return (
      <div className="lobby-state" role="alert">
        <p>{t('state.error')}</p>
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('state.retry')}
        </button>
      </div>
    );
  }
  if (!loading && games && games.length === 0) {
    return (
      <div className="lobby-state">
        <p>{t('state.noData')}</p>
      </div>
    );
  }
  return (
    <ul className="game-grid" aria-label={label} aria-busy={loading}>
      {games?.map((g, index) => (
        <GameTile
          key={g.nodeId}
          game={g}
          eager={index < eagerTiles}
          onLaunch={launch}
          {...(!loggedIn || isTrial ? { onDemo: demo } : {})}
          {...(fav.enabled ? { favourite: { active: fav.ids.includes(g.nodeId), onToggle: fav.toggle } } : {})}
        />
      ))}
      {loading && !games && <SkeletonTiles count={skeletons} />}
    </ul>
  );
}
