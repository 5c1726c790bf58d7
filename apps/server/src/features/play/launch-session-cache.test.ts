import { SESSION_PATHS } from '@playfront/contract/session';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { memberWallet } from '../ledger/ledger.fixtures.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import {
  bodies,
  type DemoGames,
  demoGames,
  expectLedgerClean,
  fundedMember,
  launchToken,
  PLAY_ENV,
  providerCall,
} from './play.fixtures.ts';

/**
 * The provider wallet's launch-session cache (decision 067): bets and wins take the launch session from a cache
 * that lives 10 s here, far longer than any test below, and nothing invalidates it. Whatever changes whether a
 * session may stake (its end, the member session's end, the member's status, the vendor's wallet mode, a new
 * protection row) must still refuse the very next bet, on the instance that cached it and on another one, with no
 * money moved. Only a refusal's wait could hide a stale cache, so every refusal here is the next call.
 */
const ENV = { ...PLAY_ENV, SESSION_CACHE_MS: '10000' };

let database: TestDatabase;
let a: TestApp;
let b: TestApp;
let games: DemoGames;
beforeEach(async () => {
  database = await createTestDatabase();
  a = await makeApp(database, ENV, makeClock(new Date()));
  b = await makeApp(database, ENV, a.clock);
  games = await demoGames(database.db);
});
afterEach(async () => {
  await expectLedgerClean(database.db);
  await Promise.all([a.app.close(), b.app.close()]);
  await database.close();
});

/** A funded member whose launch both instances have cached (each took a bet on it). */
async function cachedPlayer() {
  const m = await fundedMember(database.db, a.clock.now, 100_000n);
  const wallet = await memberWallet(database.db, m.memberId);
  const calls = bodies(await launchToken(a, m.token, games.slot.nodeId), games.slot.gameCode);
  let round = 0;
  const bet = (on: TestApp, amount = '100') => providerCall(on, 'PG', 'bet', calls.bet(`r-${m.memberId}-${++round}`, amount));
  for (const on of [a, b]) expect((await bet(on)).json().status).toBe('OK');
  return { ...m, calls, bet, balance: () => getBalance(database.db, wallet.id) };
}

describe(`launch sessions cached for bets and wins (${testDbKind})`, () => {
  it('a logout refuses the next bet on both instances, with no money moved; a win owed is still paid', async () => {
    const p = await cachedPlayer();
    const out = await a.app.inject({ method: 'DELETE', url: SESSION_PATHS.logout, headers: { ...BASE_HEADERS, authorization: p.token } });
    expect(out.statusCode, out.body).toBe(200);
    const before = await p.balance();
    for (const on of [a, b]) {
      const res = await p.bet(on);
      expect(res.json()).toMatchObject({ status: 'INVALID_TOKEN', balance: String(before) });
    }
    expect(await p.balance()).toBe(before);
    // The first bet's round is still settled from the cached session.
    const win = await providerCall(b, 'PG', 'win', p.calls.win(`r-${p.memberId}-1`, '250'));
    expect(win.json().status, win.body).toBe('OK');
    expect(await p.balance()).toBe(before + 250n);
  });

  it('a member disabled by a raw statement (no writer told the cache) is refused at the next bet', async () => {
    const p = await cachedPlayer();
    await sql`update member set status = 'disabled' where id = ${p.memberId}`.execute(database.db);
    for (const on of [a, b]) expect((await p.bet(on)).json().status).toBe('MEMBER_DISABLED');
    await sql`update member set status = 'active' where id = ${p.memberId}`.execute(database.db);
    expect((await p.bet(b)).json().status).toBe('OK');
  });

  it('a vendor switched to the transfer wallet refuses the next bet', async () => {
    const p = await cachedPlayer();
    await sql`update game_vendor set wallet_mode = 'transfer' where code = 'PG'`.execute(database.db);
    for (const on of [a, b]) expect((await p.bet(on)).json().status).toBe('WALLET_MODE_TRANSFER');
    await sql`update game_vendor set wallet_mode = 'seamless' where code = 'PG'`.execute(database.db);
  });

  it('a wager limit set after the session was cached holds at the next bets', async () => {
    const p = await cachedPlayer();
    await sql`insert into member_protection (member_id, wager_day, updated_at) values (${p.memberId}, 500, now())`.execute(database.db);
    // 200 staked today before the limit: 300 left.
    expect((await p.bet(b, '300')).json().status).toBe('OK');
    const over = await p.bet(a, '1');
    expect(over.json().status).toBe('PLAYER_LIMIT');
    expect(await p.balance()).toBe(100_000n - 500n);
  });

  it('a launch ended by newer launches (the per-member cap) refuses the next bet', async () => {
    const p = await cachedPlayer();
    await sql`update game_launch_session set revoked_at = now() where member_id = ${p.memberId}`.execute(database.db);
    for (const on of [a, b]) expect((await p.bet(on)).json().status).toBe('INVALID_TOKEN');
  });

  it('a bet or win the cached session would refuse is decided on a fresh read, with the same answer as without a cache', async () => {
    const p = await cachedPlayer();
    const other = { ...p.calls.bet(`r-${p.memberId}-x`, '100'), currency: 'USD' };
    expect((await providerCall(a, 'PG', 'bet', other)).json()).toMatchObject({ status: 'WRONG_CURRENCY', currency: 'BDT' });
    const otherGame = { ...p.calls.win(`r-${p.memberId}-1`, '100'), gameCode: 'not-the-game' };
    expect((await providerCall(a, 'PG', 'win', otherGame)).json().status).toBe('UNKNOWN_GAME');
    expect(await p.balance()).toBe(100_000n - 200n);
  });
});
