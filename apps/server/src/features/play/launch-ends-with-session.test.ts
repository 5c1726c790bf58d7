import { SESSION_PATHS } from '@playfront/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { memberSession } from '../funds/funds.fixtures.ts';
import { memberWallet } from '../ledger/ledger.fixtures.ts';
import { getBalance } from '../ledger/ledger.service.ts';
import { MAX_LIVE_LAUNCHES_PER_MEMBER } from './launch.service.ts';
import {
  bodies,
  type DemoGames,
  demoGames,
  expectLedgerClean,
  fundedMember,
  launchToken,
  PLAY_ENV,
  providerCall,
  txId,
} from './play.fixtures.ts';

/**
 * Issue 21 items 4 and 5: a launch token is opened by the game server once, and a launch ends with the
 * member session that made it (logout, password change elsewhere) or when the member holds too many:
 * no new bets, while the wins and rollbacks of bets already taken still settle.
 */
let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  games = await demoGames(database.db);
});
afterEach(async () => {
  await expectLedgerClean(database.db);
  await t.app.close();
  await database.close();
});

const call = (name: string, body: unknown) => providerCall(t, 'PG', name, body);
const status = async (name: string, body: unknown) => (await call(name, body)).json().status as string;

async function player(funds: bigint) {
  const m = await fundedMember(database.db, t.clock.now, funds);
  const wallet = await memberWallet(database.db, m.memberId);
  const launch = async (sessionToken = m.token) => bodies(await launchToken(t, sessionToken, games.slot.nodeId), games.slot.gameCode);
  return { ...m, launch, balance: () => getBalance(database.db, wallet.id) };
}

const logout = (token: string) =>
  t.app.inject({ method: 'DELETE', url: SESSION_PATHS.logout, headers: { ...BASE_HEADERS, authorization: token } });

describe(`launch sessions end with the member session (${testDbKind})`, () => {
  it('opens a launch token once: a copy from a URL or a log cannot open the game again', async () => {
    const p = await player(5_000n);
    const b = await p.launch();
    expect(await status('authenticate', { token: b.bet('x', '1').token })).toBe('OK');
    expect(await status('authenticate', { token: b.bet('x', '1').token })).toBe('INVALID_TOKEN');
    // The game server's own session goes on with it.
    expect(await status('bet', b.bet('r-open', '100'))).toBe('OK');
    expect(await p.balance()).toBe(4_900n);
  });

  it('after logout: bets and balance refused, the win and rollback of bets already taken still settle', async () => {
    const p = await player(10_000n);
    const b = await p.launch();
    const betWon = b.bet('r-won', '1000');
    const betVoided = b.bet('r-void', '500');
    expect(await status('bet', betWon)).toBe('OK');
    expect(await status('bet', betVoided)).toBe('OK');
    expect((await logout(p.token)).statusCode).toBe(200);

    expect(await status('bet', b.bet('r-after', '100'))).toBe('INVALID_TOKEN');
    expect(await status('balance', { token: betWon.token })).toBe('INVALID_TOKEN');
    // A repeat of a bet answered before the logout gets its first answer, and moves nothing again.
    expect(await status('bet', betWon)).toBe('OK');
    expect(await p.balance()).toBe(8_500n);
    expect(await status('win', b.win('r-won', '2500', txId('win'), true))).toBe('OK');
    expect(await status('rollback', b.rollback('r-void', betVoided.transactionId))).toBe('OK');
    expect(await p.balance()).toBe(11_500n);
  });

  it('a password change ends the launches of the other sessions, not of the one that changed it', async () => {
    const p = await player(10_000n);
    const other = await memberSession(database.db, p.memberId, t.clock.now);
    const mine = await p.launch();
    const theirs = await p.launch(other);
    const changed = await sealed(
      t,
      'PUT',
      SESSION_PATHS.password,
      { newPassword: 'a fresh pass phrase 2026', confirmNewPassword: 'a fresh pass phrase 2026' },
      { token: p.token },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await status('bet', theirs.bet('r-theirs', '100'))).toBe('INVALID_TOKEN');
    expect(await status('bet', mine.bet('r-mine', '100'))).toBe('OK');
    expect(await p.balance()).toBe(9_900n);
  });

  it(`keeps at most ${MAX_LIVE_LAUNCHES_PER_MEMBER} live launches per member: one more ends the oldest`, async () => {
    const p = await player(10_000n);
    const launches = [];
    for (let i = 0; i <= MAX_LIVE_LAUNCHES_PER_MEMBER; i++) launches.push(await p.launch());
    const [oldest, second] = launches;
    expect(await status('bet', oldest!.bet('r-oldest', '100'))).toBe('INVALID_TOKEN');
    expect(await status('bet', second!.bet('r-second', '100'))).toBe('OK');
    expect(await status('bet', launches.at(-1)!.bet('r-newest', '100'))).toBe('OK');
    expect(await p.balance()).toBe(9_800n);
  });
});
