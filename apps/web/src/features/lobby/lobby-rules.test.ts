import type { GameMenu } from '@playfront/contract/games';
import { describe, expect, it } from 'vitest';
import { sortMenus } from './components/game-menu.tsx';
import { popupExecution } from './lib/popup-execution.ts';

const menu = (code: GameMenu['code']): GameMenu => ({
  code,
  gameType: null,
  name: code,
  path: null,
  trackingKey: '',
  sort: 0,
  launch: null,
});

describe('lobby rules', () => {
  it('orders the game menu HOME, FAV, RNG, LIVE, SPORTS, PVP, ESPORTS, FISH, ELOTT, COCKFIGHT, then the rest, whatever the server order', () => {
    const shuffled = (['LOTT', 'FISH', 'HOME', 'COCKFIGHT', 'PVP', 'RNG', 'ELOTT', 'ESPORTS', 'FAV', 'SPORTS', 'LIVE'] as const).map(menu);
    expect(sortMenus(shuffled).map((m) => m.code)).toEqual([
      'HOME',
      'FAV',
      'RNG',
      'LIVE',
      'SPORTS',
      'PVP',
      'ESPORTS',
      'FISH',
      'ELOTT',
      'COCKFIGHT',
      'LOTT',
    ]);
  });

  it('asks for anonymous popups (B) for a guest, logged-in ones (A) for a member, and first-login ones (F) only on a first login', () => {
    expect(popupExecution(false, false)).toBe('B');
    expect(popupExecution(true, false)).toBe('A');
    expect(popupExecution(true, true)).toBe('A,F');
  });
});
