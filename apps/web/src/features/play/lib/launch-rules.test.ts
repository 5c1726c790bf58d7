import { describe, expect, it } from 'vitest';
import {
  decideLaunch,
  type LaunchTarget,
  lotteryLaunchParams,
  lotteryPrizeMode,
  lotteryScreen,
  openGameWindow,
  readSeamlessTarget,
  screenPrizeMode,
} from './launch-rules.ts';

const member = { loggedIn: true, isTrial: false };
const slot: LaunchTarget = {
  vassalage: 'PG',
  gameType: 'RNG',
  displayName: 'Golden Tiger',
  nodeId: '100001',
  gameCode: 'PG_0001',
  isGame: true,
};

describe('who may launch a game', () => {
  it('sends a guest to the login popup, whatever the game', () => {
    for (const target of [
      slot,
      { ...slot, vassalage: 'TCG_LOTTO_VN' },
      { vassalage: 'KM', gameType: 'PVP', displayName: 'KM', isVendorType: true },
    ])
      expect(decideLaunch(target, { loggedIn: false, isTrial: false })).toEqual({ kind: 'login' });
  });

  it('opens the free demo of one game for anyone who asks for it, guests included', () => {
    const demo = { ...slot, demo: true };
    const to = '/seamless?vassalage=PG&nodeId=100001&gameCode=PG_0001&demo=1';
    expect(decideLaunch(demo, { loggedIn: false, isTrial: false })).toEqual({ kind: 'route', to });
    expect(decideLaunch(demo, { loggedIn: true, isTrial: true })).toEqual({ kind: 'route', to });
    // A vendor card has no demo of its own: a guest still gets the login popup.
    expect(decideLaunch({ vassalage: 'PG', gameType: 'RNG', displayName: 'PG', demo: true }, { loggedIn: false, isTrial: false })).toEqual({
      kind: 'login',
    });
  });

  it('shows a trial account the need-real-account dialog instead of any route', () => {
    expect(decideLaunch(slot, { loggedIn: true, isTrial: true })).toEqual({ kind: 'needRealAccount' });
    expect(decideLaunch({ ...slot, vassalage: 'TCG_SEA' }, { loggedIn: true, isTrial: true })).toEqual({ kind: 'needRealAccount' });
  });
});

describe('routing a member by vendor', () => {
  it('sends TCG_LOTTO_VN to /vnLottery and TCG_SEA to /seaLottery with the game code', () => {
    expect(decideLaunch({ ...slot, vassalage: 'TCG_LOTTO_VN', gameType: 'LOTT', gameCode: 'VN_3' }, member)).toEqual({
      kind: 'route',
      to: '/vnLottery?gameCode=VN_3',
    });
    expect(decideLaunch({ vassalage: 'TCG_SEA', gameType: 'LOTT', displayName: 'SEA' }, member)).toEqual({
      kind: 'route',
      to: '/seaLottery',
    });
  });

  it('sends LOTT and ELOTT vendors (and any lottery-type game) to /lottery, naming the vendor', () => {
    expect(decideLaunch({ vassalage: 'LOTT', gameType: 'LOTT', displayName: 'L' }, member)).toEqual({
      kind: 'route',
      to: '/lottery?vassalage=LOTT',
    });
    expect(decideLaunch({ vassalage: 'ELOTT', gameType: 'ELOTT', displayName: 'E', gameCode: 'E_1' }, member)).toEqual({
      kind: 'route',
      to: '/lottery?gameCode=E_1&vassalage=ELOTT',
    });
    expect(decideLaunch({ vassalage: 'XYZ', gameType: 'ELOTT', displayName: 'X' }, member)).toEqual({
      kind: 'route',
      to: '/lottery?vassalage=XYZ',
    });
  });

  it('opens the popup game list for a vendor-type vendor, from its card or any of its game tiles', () => {
    const card: LaunchTarget = { vassalage: 'KM', gameType: 'PVP', displayName: 'Kingmaker', isVendorType: true };
    const popup = { kind: 'vendorGames', vassalage: 'KM', gameType: 'PVP', displayName: 'Kingmaker' };
    expect(decideLaunch(card, member)).toEqual(popup);
    const tile = { ...card, displayName: 'Teen Patti', vendorName: 'Kingmaker', nodeId: '104003', gameCode: 'KM_0003', isGame: true };
    expect(decideLaunch(tile, member)).toEqual(popup);
  });

  it("starts a menu's fixed game (RUMMY, LUDO) directly, though its vendor is vendor-type", () => {
    // The menu hands over the game alone, without the vendor-type flag.
    expect(
      decideLaunch(
        { vassalage: 'KM', gameType: 'RUMMY', displayName: 'Rummy', nodeId: '104001', gameCode: 'KM_0001', isGame: true },
        member,
      ),
    ).toEqual({
      kind: 'route',
      to: '/seamless?vassalage=KM&nodeId=104001&gameCode=KM_0001',
    });
  });

  it('sends an RNG vendor card to its slot list, and a slot to the seamless page', () => {
    expect(decideLaunch({ vassalage: 'JL', gameType: 'RNG', displayName: 'JILI' }, member)).toEqual({
      kind: 'route',
      to: '/rng?vassalage=JL',
    });
    expect(decideLaunch(slot, member)).toEqual({ kind: 'route', to: '/seamless?vassalage=PG&nodeId=100001&gameCode=PG_0001' });
  });

  it('starts anything else (a sportsbook lobby, a live table) on the seamless page', () => {
    expect(decideLaunch({ vassalage: 'SBO', gameType: 'SPORTS', displayName: 'SBOBET' }, member)).toEqual({
      kind: 'route',
      to: '/seamless?vassalage=SBO',
    });
    expect(decideLaunch({ vassalage: 'EVO', gameType: 'LIVE', displayName: 'Evo', nodeId: '9', gameCode: 'EVO_9' }, member)).toEqual({
      kind: 'route',
      to: '/seamless?vassalage=EVO&nodeId=9&gameCode=EVO_9',
    });
  });

  it('escapes what it puts in the address', () => {
    const action = decideLaunch({ ...slot, gameCode: 'A&B=C' }, member);
    expect(action).toEqual({ kind: 'route', to: '/seamless?vassalage=PG&nodeId=100001&gameCode=A%26B%3DC' });
  });
});

describe('the seamless page address', () => {
  it('reads back what the launch put there', () => {
    expect(readSeamlessTarget(new URLSearchParams('vassalage=PG&nodeId=100001&gameCode=PG_0001'))).toEqual({
      vassalage: 'PG',
      nodeId: '100001',
      gameCode: 'PG_0001',
      demo: false,
    });
    expect(readSeamlessTarget(new URLSearchParams('vassalage=SBO'))).toEqual({
      vassalage: 'SBO',
      nodeId: null,
      gameCode: null,
      demo: false,
    });
    // A banner names only the game.
    expect(readSeamlessTarget(new URLSearchParams('nodeId=100007'))).toEqual({
      vassalage: null,
      nodeId: '100007',
      gameCode: null,
      demo: false,
    });
  });

  it('reads the free demo only for one game, never for a vendor lobby', () => {
    expect(readSeamlessTarget(new URLSearchParams('vassalage=PG&nodeId=100001&demo=1'))?.demo).toBe(true);
    expect(readSeamlessTarget(new URLSearchParams('vassalage=PG&gameCode=PG_0001&demo=1'))?.demo).toBe(true);
    expect(readSeamlessTarget(new URLSearchParams('vassalage=SBO&demo=1'))?.demo).toBe(false);
    expect(readSeamlessTarget(new URLSearchParams('nodeId=100001&demo=yes'))?.demo).toBe(false);
  });

  it('refuses an address that names no game or vendor, or a malformed one', () => {
    expect(readSeamlessTarget(new URLSearchParams(''))).toBeNull();
    expect(readSeamlessTarget(new URLSearchParams('vassalage=<script>'))).toBeNull();
    expect(readSeamlessTarget(new URLSearchParams('vassalage=PG&nodeId=1;drop'))).toBeNull();
  });
});

describe('lottery', () => {
  const lanes = (elott: string[]) => [
    { gameCategory: 'LOTT', cards: [{ vassalage: 'TCG_LOTTO_VN' }, { vassalage: 'LOTT' }] },
    { gameCategory: 'ELOTT', cards: elott.map((vassalage) => ({ vassalage })) },
  ];

  it('plays in prize mode ELOTT only when the ELOTT vendors include TCG_LOTTO_VN or LOTT', () => {
    expect(lotteryPrizeMode(lanes(['ELOTT']))).toBe('LOTT');
    expect(lotteryPrizeMode(lanes(['ELOTT', 'TCG_LOTTO_VN']))).toBe('ELOTT');
    expect(lotteryPrizeMode(lanes(['LOTT']))).toBe('ELOTT');
    expect(lotteryPrizeMode([])).toBe('LOTT');
  });

  it("knows a screen's prize mode before the vendor data only on the Southeast Asia screen", () => {
    expect(screenPrizeMode('sea', undefined)).toBe('SEA');
    expect(screenPrizeMode('lottery', undefined)).toBeNull();
    expect(screenPrizeMode('vn', undefined)).toBeNull();
    expect(screenPrizeMode('lottery', lanes(['LOTT']))).toBe('ELOTT');
    // A failed vendor call is read as no data: LOTT (spec section 7).
    expect(screenPrizeMode('vn', [])).toBe('LOTT');
  });

  it('maps each lottery route to its vendor, ignoring the case of the path', () => {
    expect(lotteryScreen('/vnLottery', new URLSearchParams())).toEqual({ vendor: 'TCG_LOTTO_VN', screen: 'vn' });
    expect(lotteryScreen('/sealottery/', new URLSearchParams())).toEqual({ vendor: 'TCG_SEA', screen: 'sea' });
    expect(lotteryScreen('/lottery', new URLSearchParams('vassalage=elott'))).toEqual({ vendor: 'ELOTT', screen: 'lottery' });
    expect(lotteryScreen('/lottery', new URLSearchParams('vassalage=PG'))).toEqual({ vendor: 'LOTT', screen: 'lottery' });
  });

  it('builds the lobby launch of spec section 7: betting view with a game, lobby view without', () => {
    expect(lotteryLaunchParams({ screen: 'vn', vendors: lanes([]), gameCode: 'VN_3', language: 'BN' })).toEqual({
      lottoArea: 'VN',
      launchMode: 'LOTT',
      lottoPrizeMode: 'LOTT',
      lottoGameCode: 'VN_3',
      lottoView: 'betting',
      device: 'WEB',
      backUrl: '/',
      language: 'BN',
    });
    const lobby = lotteryLaunchParams({
      screen: 'lottery',
      vendors: lanes(['LOTT']),
      gameCode: null,
      language: 'EN',
    });
    expect(lobby.lottoView).toBe('lobby');
    expect(lobby.lottoPrizeMode).toBe('ELOTT');
    expect('lottoGameCode' in lobby).toBe(false);
    expect(lotteryLaunchParams({ screen: 'sea', vendors: lanes(['LOTT']), gameCode: null, language: 'EN' }).lottoPrizeMode).toBe('SEA');
    // /lottert, the game page of spec section 2, opens the betting view even without a game code.
    const gamePage = lotteryLaunchParams({ screen: 'lottery', vendors: lanes([]), gameCode: null, language: 'EN', gamePage: true });
    expect(gamePage.lottoView).toBe('betting');
    expect('lottoGameCode' in gamePage).toBe(false);
  });
});

describe('a game that must open in a new window', () => {
  it('reports a blocked popup as false, so the page can say so', () => {
    expect(openGameWindow('https://g.test/', () => null)).toBe(false);
    const opened = { opener: {} } as unknown as Window;
    expect(openGameWindow('https://g.test/', () => opened)).toBe(true);
    expect(opened.opener).toBeNull();
  });
});
