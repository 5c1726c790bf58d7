import type { Game } from '@playfront/contract/games';
import { createContext, useContext } from 'react';

/** What a tile, vendor card, menu entry, banner or match hands over when clicked. */
export type LaunchTarget = Pick<Game, 'vassalage' | 'gameType' | 'displayName'> & {
  nodeId?: string | null;
  gameCode?: string | null;
  isGame?: boolean;
  isVendorType?: boolean;
  /** A game tile's vendor name. */
  vendorName?: string;
  /** The player asked for the free demo (a game's own Demo button). */
  demo?: boolean;
};

export type GameLauncher = (target: LaunchTarget) => void;

/**
 * Launching a game (spec section 4) belongs to the playing feature; features do
 * not import each other, so the app supplies the launcher here (app/game-launcher.tsx)
 * and the lobby only says what was clicked.
 */
export const GameLauncherContext = createContext<GameLauncher | null>(null);

export function useLaunchGame(): GameLauncher {
  const launch = useContext(GameLauncherContext);
  if (!launch) throw new Error('useLaunchGame needs <GameLauncherContext> from the app (app/game-launcher.tsx)');
  return launch;
}
