import type { Banner } from '@playfront/contract/games';
import { describe, expect, it } from 'vitest';
import { bannerGameTarget } from './banner-target.ts';

const banner = (game: Banner['game'], linkTarget = '1000042'): Banner => ({
  id: 7,
  url: '/banners/x.svg',
  linkageType: 'GAME',
  linkTarget,
  groupName: 'w_home',
  title: 'Cricket tonight',
  sort: 1,
  ...(game !== undefined ? { game } : {}),
});

describe('a banner into one game (issue 22)', () => {
  it('launches the game the server named, with its vendor and type, as that game’s tile would', () => {
    const target = bannerGameTarget(
      banner({ nodeId: '1000042', gameCode: 'sbo-lobby', vassalage: 'SBO', gameType: 'SPORTS', isGame: false, playState: 'notConnected' }),
    );
    // The sportsbook's own entry: its launch answers "not connected"; never a slot in its place.
    expect(target).toEqual({
      vassalage: 'SBO',
      gameType: 'SPORTS',
      displayName: 'Cricket tonight',
      nodeId: '1000042',
      gameCode: 'sbo-lobby',
      isGame: false,
    });
  });

  it('falls back to the target as a node id when the server found no game for it', () => {
    expect(bannerGameTarget(banner(null, ' 1000099 '))).toMatchObject({ nodeId: '1000099', vassalage: '' });
  });
});
