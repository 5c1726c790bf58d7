import type { ReactNode } from 'react';
import { GameLauncherContext } from '../features/lobby/hooks/use-launch-game.ts';
import { useGameLauncher } from '../features/play/hooks/use-game-launcher.ts';

/** Hands the playing feature's launcher to the lobby (features do not import each other; the app joins them). */
export function GameLauncherProvider({ children }: { children: ReactNode }) {
  const launch = useGameLauncher();
  return <GameLauncherContext value={launch}>{children}</GameLauncherContext>;
}
