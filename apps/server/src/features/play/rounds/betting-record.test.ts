import { RECORDS_PATHS } from '@playfront/contract/funds';
import { GAMES_PATHS } from '@playfront/contract/games';
import { PLAY_PATHS } from '@playfront/contract/play';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../../test/test-db.ts';
import { memberSession } from '../../funds/funds.fixtures.ts';
import {
  bodies,
  type DemoGames,
  demoGames,
  expectLedgerClean,
  fundedMember,
  H,
  launchToken,
  PLAY_ENV,
  providerCall,
} from '../play.fixtures.ts';

/**
 * What a member reads about their play: the betting record (personalHistoryCopy),
 * the personal profit and loss, and the lobby's winner board, all fed by the
 * provider wallet calls a game server made.
 */

const DAY = 86_400_000;
const WINNER_MIN = 50_000n;

let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
beforeEach(async () => {
  database = await createTestDatabase();
  // Start ten days ago, so the date presets have something to leave out.
  t = await makeApp(database, { ...PLAY_ENV, WINNER_BOARD_MIN_WIN: String(WINNER_MIN) }, makeClock(new Date(Date.now() - 10 * DAY)));
  games = await demoGames(database.db);
});
afterEach(async () => {
  await expectLedgerClean(database.db);
  await t.app.close();
  await database.close();
});

type Game = DemoGames[keyof DemoGames];

/** Plays one round through the provider API: stakes, then a win (or a rollback of the first stake). */
async function playRound(memberToken: string, game: Game, round: string, stakes: string[], outcome: { win: string } | 'rollback' | 'open') {
  const token = await launchToken(t, memberToken, game.nodeId);
  const b = bodies(token, game.gameCode);
  const bets = stakes.map((amount) => b.bet(round, amount));
  for (const bet of bets) expect((await providerCall(t, game.vendor, 'bet', bet)).statusCode).toBe(200);
  if (outcome === 'rollback') {
    expect((await providerCall(t, game.vendor, 'rollback', b.rollback(round, bets[0]!.transactionId))).statusCode).toBe(200);
  } else if (outcome !== 'open') {
    expect((await providerCall(t, game.vendor, 'win', b.win(round, outcome.win))).statusCode).toBe(200);
  }
}

const record = (token: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `${PLAY_PATHS.bettingRecord}${query ? `?${query}` : ''}`, headers: H(token) });

describe(`betting record (${testDbKind})`, () => {
  it('lists each round with game, vendor, bet, win, valid bet, profit, time and status, newest first, with totals', async () => {
    const m = await fundedMember(database.db, t.clock.now, 1_000_000n);
    await playRound(m.token, games.slot, 'old-1', ['1000'], { win: '0' });
    t.clock.advance(10 * DAY);
    m.token = await memberSession(database.db, m.memberId, t.clock.now);
    await playRound(m.token, games.slot, 'slot-1', ['2000', '500'], { win: '6000' });
    t.clock.advance(60_000);
    await playRound(m.token, games.live, 'live-1', ['10000'], { win: '0' });
    t.clock.advance(60_000);
    await playRound(m.token, games.fish, 'fish-1', ['3000', '1000'], 'rollback');
    t.clock.advance(60_000);
    await playRound(m.token, games.slot, 'slot-2', ['700'], 'open');
    // A stake refused for funds is not a round played.
    const token = await launchToken(t, m.token, games.slot.nodeId);
    expect((await providerCall(t, 'PG', 'bet', bodies(token, games.slot.gameCode).bet('refused', '999999999'))).statusCode).toBe(402);

    const res = await record(m.token, 'language=EN');
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    expect(value.list.map((r: { roundId: string }) => r.roundId)).toEqual(['slot-2', 'fish-1', 'live-1', 'slot-1']);
    const [open, fish, live, slot] = value.list;
    const slotGame = await database.db
      .selectFrom('game')
      .select(['name_en', 'name_bn'])
      .where('node_id', '=', games.slot.nodeId)
      .executeTakeFirstOrThrow();
    expect(slot).toMatchObject({
      vendor: 'PG',
      vendorName: expect.any(String),
      nodeId: games.slot.nodeId,
      gameCode: games.slot.gameCode,
      gameName: slotGame.name_en,
      gameType: 'RNG',
      currency: 'BDT',
      bet: '2500',
      win: '6000',
      refunded: '0',
      validBet: '2500',
      profit: '3500',
      status: 'settled',
    });
    expect(new Date(slot.settledAt).getTime()).toBeGreaterThanOrEqual(new Date(slot.startedAt).getTime());
    expect(live).toMatchObject({
      vendor: 'EVO',
      gameType: 'LIVE',
      bet: '10000',
      win: '0',
      validBet: '10000',
      profit: '-10000',
      status: 'settled',
    });
    // One of two stakes refunded: the round stays open until the game server closes it.
    expect(fish).toMatchObject({
      vendor: 'JDB-FISH',
      gameType: 'FISH',
      bet: '4000',
      refunded: '3000',
      validBet: '0',
      profit: '-1000',
      status: 'open',
    });
    expect(open).toMatchObject({ bet: '700', win: '0', validBet: '0', profit: '-700', status: 'open', settledAt: null });
    expect(value).toMatchObject({ total: 4, pageNo: 1, pageSize: 20, currency: 'BDT' });
    expect(value.totals).toEqual({ rounds: 4, bet: '17200', win: '6000', validBet: '12500', profit: '-8200' });

    // BN names by the Language header or query.
    const bn = await record(m.token, 'language=BN');
    expect(bn.json().value.list[3].gameName).toBe(slotGame.name_bn);
  });

  it('filters by date preset, game type, vendor and status, and pages with totals over the whole filter', async () => {
    const m = await fundedMember(database.db, t.clock.now, 1_000_000n);
    await playRound(m.token, games.slot, 'old-1', ['1000'], { win: '0' });
    t.clock.advance(10 * DAY);
    m.token = await memberSession(database.db, m.memberId, t.clock.now);
    for (let i = 1; i <= 5; i++) {
      await playRound(m.token, games.slot, `slot-${i}`, [String(100 * i)], { win: String(50 * i) });
      t.clock.advance(1000);
    }
    await playRound(m.token, games.live, 'live-1', ['1000'], { win: '2000' });

    const ids = async (query: string) => {
      const res = await record(m.token, query);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value;
    };
    expect((await ids('preset=last7')).total).toBe(6);
    expect((await ids('')).total).toBe(6); // default: the last 7 days
    const month = await ids('preset=last30');
    expect(month.total).toBe(7);
    expect(month.list.at(-1).roundId).toBe('old-1');
    expect((await ids('preset=last30&gameType=LIVE')).list.map((r: { roundId: string }) => r.roundId)).toEqual(['live-1']);
    expect((await ids('preset=last30&vendor=PG')).total).toBe(6);
    expect((await ids('preset=last30&vendor=EVO&gameType=RNG')).total).toBe(0);
    expect((await ids('preset=last30&status=open')).total).toBe(0);

    const page2 = await ids('preset=last7&vendor=PG&pageSize=2&pageNo=2');
    expect(page2.list.map((r: { roundId: string }) => r.roundId)).toEqual(['slot-3', 'slot-2']);
    expect(page2).toMatchObject({ total: 5, pageNo: 2, pageSize: 2 });
    expect(page2.totals).toEqual({ rounds: 5, bet: '1500', win: '750', validBet: '1500', profit: '-750' });
    expect((await ids('preset=last7&vendor=PG&pageSize=2&pageNo=9')).list).toEqual([]);

    expect((await record(m.token, 'pageSize=1000')).json().code).toBe('VALIDATION');
    expect((await record(m.token, 'gameType=NOPE')).json().code).toBe('VALIDATION');
  });

  it('shows members only their own rounds, and guests nothing', async () => {
    const a = await fundedMember(database.db, t.clock.now, 10_000n);
    const b = await fundedMember(database.db, t.clock.now, 10_000n);
    await playRound(a.token, games.slot, 'a-1', ['100'], { win: '0' });
    expect((await record(b.token)).json().value).toMatchObject({ total: 0, list: [] });
    expect((await record(a.token)).json().value.total).toBe(1);
    expect((await record(undefined)).json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
  });
});

describe(`game results elsewhere: profit and loss, winner board, recent games (${testDbKind})`, () => {
  it('counts stakes, wins and refunds in the personal profit and loss', async () => {
    const m = await fundedMember(database.db, t.clock.now, 100_000n);
    t.clock.advance(10 * DAY);
    m.token = await memberSession(database.db, m.memberId, t.clock.now);
    await playRound(m.token, games.slot, 's1', ['4000'], { win: '9000' });
    await playRound(m.token, games.live, 'l1', ['2000'], { win: '0' });
    await playRound(m.token, games.fish, 'f1', ['1500', '500'], 'rollback');
    const res = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.personalProfit}?preset=last7`, headers: H(m.token) });
    expect(res.statusCode, res.body).toBe(200);
    // Bets net of the refunded 1500: 4000 + 2000 + 500.
    expect(res.json().value.total).toMatchObject({ bets: '6500', wins: '9000', net: '2500' });
    const game = await record(m.token, 'preset=last7');
    expect(game.json().value.totals.profit).toBe('2500');
  });

  it('puts real wins at or above the configured threshold on the winner board, with the name masked', async () => {
    const m = await fundedMember(database.db, t.clock.now, 100_000n);
    const member = await database.db
      .selectFrom('member')
      .select(['username', 'nickname'])
      .where('id', '=', m.memberId)
      .executeTakeFirstOrThrow();
    await playRound(m.token, games.slot, 'big', ['1000'], { win: '900000000' });
    await playRound(m.token, games.slot, 'edge', ['1000'], { win: String(WINNER_MIN) });
    await playRound(m.token, games.live, 'small', ['1000'], { win: String(WINNER_MIN - 1n) });
    await playRound(m.token, games.live, 'zero', ['1000'], { win: '0' });
    const board = await t.app.inject({
      method: 'GET',
      url: `${GAMES_PATHS.winnerBoard}?gameCategory=ALL&language=EN&limitNum=100`,
      headers: H(),
    });
    expect(board.statusCode, board.body).toBe(200);
    const list = board.json().value.list as Array<{ customerName: string; winAmount: string; nodeId: string; rank: number }>;
    expect(list[0]).toMatchObject({ rank: 1, winAmount: '900000000', nodeId: games.slot.nodeId });
    const name = member.nickname || member.username;
    expect(list[0]!.customerName).toContain('****');
    expect(list[0]!.customerName).not.toContain(name);
    expect(list[0]!.customerName.startsWith(name.slice(0, 2))).toBe(true);
    const rows = await database.db
      .selectFrom('winner_board_entry')
      .select('win_amount')
      .where('member_id', '=', m.memberId)
      .orderBy('win_amount', 'desc')
      .execute();
    expect(rows.map((r) => r.win_amount)).toEqual([900_000_000n, WINNER_MIN]);
    const live = await t.app.inject({ method: 'GET', url: `${GAMES_PATHS.winnerBoard}?gameCategory=LIVE&language=EN`, headers: H() });
    expect(live.json().value.list.some((w: { winAmount: string }) => w.winAmount === String(WINNER_MIN - 1n))).toBe(false);
  });

  it('puts a launched game first in the recent games, real or demo', async () => {
    const m = await fundedMember(database.db, t.clock.now, 0n);
    await launchToken(t, m.token, games.slot.nodeId);
    t.clock.advance(1000);
    const demo = await t.app.inject({
      method: 'POST',
      url: PLAY_PATHS.launchGame,
      headers: H(m.token),
      payload: { nodeId: games.pvp.nodeId },
    });
    expect(demo.json().value.mode).toBe('demo');
    t.clock.advance(1000);
    await launchToken(t, m.token, games.live.nodeId);
    const recent = await t.app.inject({ method: 'GET', url: GAMES_PATHS.recentGameList, headers: H(m.token) });
    expect(recent.json().value.content.map((g: { nodeId: string }) => g.nodeId)).toEqual([
      games.live.nodeId,
      games.pvp.nodeId,
      games.slot.nodeId,
    ]);
  });
});
