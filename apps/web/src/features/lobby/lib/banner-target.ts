import type { Banner } from '@playfront/contract/games';
import type { LaunchTarget } from '../hooks/use-launch-game.ts';

/**
 * What a GAME banner launches: the game the server found for its target, as that game's tile would (a vendor nothing
 * here plays gets the launch's "not connected" answer, never another game); without one, the target as a node id.
 */
export function bannerGameTarget(b: Banner): LaunchTarget {
  const g = b.game;
  if (!g) return { vassalage: '', gameType: 'RNG', displayName: b.title, nodeId: b.linkTarget.trim() };
  return { vassalage: g.vassalage, gameType: g.gameType, displayName: b.title, nodeId: g.nodeId, gameCode: g.gameCode, isGame: g.isGame };
}
