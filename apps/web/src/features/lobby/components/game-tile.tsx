import type { Game } from '@playfront/contract/games';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons/icon.tsx';
import { GameImage } from './game-image.tsx';
import './game-tile-demo.css';

export type GameTileProps = {
  game: Game;
  onLaunch: (game: Game) => void;
  /** Shown only to members who can keep favourites. */
  favourite?: { active: boolean; onToggle: (game: Game) => void };
  /** The free demo, offered to guests on games that have one (single-wallet vendors: transfer-wallet vendors offer none here). */
  onDemo?: (game: Game) => void;
  /** A tile of the first screen's first row: its picture is drawn at once, not when the tile is seen. */
  eager?: boolean;
};

/** A game tile (spec section 2): vendor icon, image, play-now button for every type but RNG; the tile or button launches. */
export function GameTile({ game, onLaunch, favourite, onDemo, eager = false }: GameTileProps) {
  const { t } = useTranslation('lobby');
  // A tile says plainly when it does not play its own game for real money here (issue 22).
  const state = game.playState === 'play' ? null : game.playState;
  const stateLabel = state && t(state === 'demoOnly' ? 'tile.demoOnly' : 'tile.notConnected');
  return (
    <li className="game-tile" data-node-id={game.nodeId} data-vendor={game.vassalage} data-play-state={game.playState}>
      <button
        type="button"
        className="game-tile-main"
        onClick={() => onLaunch(game)}
        aria-label={
          stateLabel ? `${t('tile.open', { game: game.displayName })} (${stateLabel})` : t('tile.open', { game: game.displayName })
        }
        title={state ? t(state === 'demoOnly' ? 'tile.demoOnlyHint' : 'tile.notConnectedHint') : undefined}
      >
        {stateLabel && (
          <span className={`game-tile-state game-tile-state-${state}`} aria-hidden="true">
            {stateLabel}
          </span>
        )}
        <GameImage path={game.iconUrl} alt="" eager={eager} />
        <span className="game-tile-name">{game.displayName}</span>
        <span className="game-tile-vendor">
          <GameImage path={game.vendorIconUrl} alt="" className="vendor-icon" />
          {game.vendorName}
        </span>
      </button>
      {game.gameType !== 'RNG' && (
        <button
          type="button"
          className="btn btn-primary btn-sm game-tile-play"
          onClick={() => onLaunch(game)}
          tabIndex={-1}
          aria-hidden="true"
        >
          {t('tile.playNow')}
        </button>
      )}
      {onDemo && game.hasDemo && (
        <button
          type="button"
          className="game-tile-demo"
          onClick={() => onDemo(game)}
          aria-label={t('tile.demo', { game: game.displayName })}
        >
          {t('tile.demoShort')}
        </button>
      )}
      {favourite && (
        <button
          type="button"
          className="game-tile-fav"
          aria-pressed={favourite.active}
          aria-label={t(favourite.active ? 'tile.unfavourite' : 'tile.favourite', { game: game.displayName })}
          onClick={() => favourite.onToggle(game)}
        >
          <Icon name="heart" />
        </button>
      )}
    </li>
  );
}

/** Grey tiles while a page loads. */
export function SkeletonTiles({ count }: { count: number }) {
  return Array.from({ length: count }, (_, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity.
    <li key={i} className="game-tile game-tile-skeleton" aria-hidden="true">
      <div className="game-image" />
      <span className="skeleton-line" />
    </li>
  ));
}
