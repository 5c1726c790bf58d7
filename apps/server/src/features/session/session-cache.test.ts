import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { SESSION_PATHS } from '@playfront/contract/session';
import { WALLET_PATHS } from '@playfront/contract/wallet';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { SessionCache, type SessionRead } from './session-cache.ts';

/**
 * The session cache of the hot money calls (decision 066): two instances on one database, each with its own cache.
 * A long time to live (10 s) so that only an invalidation can explain a refusal within the test's second; the
 * change log is read every 20 ms.
 */
const ENV = { SESSION_CACHE_MS: '10000', SESSION_CHANGE_POLL_MS: '20', OUTBOX_POLL_MS: '10000' };

let database: TestDatabase;
let a: TestApp;
let b: TestApp;

const transfer = (t: TestApp, token: string) =>
  t.app.inject({
    method: 'POST',
    url: FUNDS_PATHS.walletTransfer,
    headers: { authorization: token },
    payload: { requestId: randomUUID(), direction: 'IN', vendorCode: 'SBO', amount: '100' },
  });

/** A funded member whose session instance B has checked (and so holds in its cache). */
async function memberCachedOn(t: TestApp) {
  const m = await loggedInMember(database.db, t.clock.now);
  await deposit(database.db, await memberWallet(database.db, m.memberId), 1_000_000n);
  const first = await transfer(t, m.token);
  expect(first.statusCode, first.body).toBe(200);
  return m;
}

/** Calls until the answer is not 200, for at most `ms`; returns that answer and how long it took. */
async function refusedWithin(call: () => Promise<{ statusCode: number; json: () => unknown }>, ms: number) {
  const started = Date.now();
  for (;;) {
    const res = await call();
    if (res.statusCode !== 200 || Date.now() - started > ms) return { res, tookMs: Date.now() - started };
    await new Promise((r) => setTimeout(r, 10));
  }
}

const transfersOf = async (memberId: number) =>
  Number(
    (
      await sql<{ n: string }>`select count(*)::text as n from ledger_transfer t join ledger_account a on a.id = t.debit_account_id
        where a.member_id = ${memberId} and t.kind = 'VENDOR_TRANSFER_IN'`.execute(database.db)
    ).rows[0]?.n,
  );

describe(`session cache (${testDbKind})`, () => {
  beforeEach(async () => {
    database = await createTestDatabase();
    a = await makeApp(database, ENV);
    b = await makeApp(database, ENV, a.clock);
    await Promise.all([a.app.ready(), b.app.ready()]);
  });
  afterEach(async () => {
    await Promise.all([a.app.close(), b.app.close()]);
    await database.close();
  });

  it('a logout on one instance is refused at once there, and on the other within its poll, long before the cache would expire', async () => {
    const m = await memberCachedOn(b);
    expect((await transfer(b, m.token)).statusCode).toBe(200); // from B's cache
    const out = await a.app.inject({ method: 'DELETE', url: SESSION_PATHS.logout, headers: { authorization: m.token } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await transfer(a, m.token)).json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    const { res, tookMs } = await refusedWithin(() => transfer(b, m.token), 2000);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    expect(tookMs).toBeLessThan(2000);
    // No transfer went through after the logout: the two before it, and nothing else.
    const before = await transfersOf(m.memberId);
    expect((await transfer(b, m.token)).statusCode).toBe(401);
    expect(await transfersOf(m.memberId)).toBe(before);
  });

  it('a member disabled by any statement (here raw SQL, as a console or a script would) is refused on every instance', async () => {
    const m = await memberCachedOn(b);
    expect((await transfer(a, m.token)).statusCode).toBe(200); // cached on A too
    await sql`update member set status = 'disabled' where id = ${m.memberId}`.execute(database.db);
    for (const t of [a, b]) {
      const { res } = await refusedWithin(() => transfer(t, m.token), 2000);
      expect(res.json()).toMatchObject({ success: false, code: 'ACCOUNT_DISABLED' });
    }
  });

  it('a revoked session in the database is refused on the instance that cached it (the change log, not the time to live)', async () => {
    const m = await memberCachedOn(b);
    await sql`update member_session set revoked_at = now() where member_id = ${m.memberId}`.execute(database.db);
    const { res, tookMs } = await refusedWithin(() => transfer(b, m.token), 2000);
    expect(res.json()).toMatchObject({ success: false, code: 'NOT_LOGGED_IN' });
    expect(tookMs).toBeLessThan(2000);
  });

  it('a cached session still expires on time: idle and absolute lifetimes are checked on every call', async () => {
    const m = await memberCachedOn(b);
    b.clock.advance(2 * 3_600_000 + 1000); // past the default 2 h idle time
    expect((await transfer(b, m.token)).json()).toMatchObject({ success: false, code: 'SESSION_EXPIRED' });
  });

  it('touching the session (last seen) does not log anyone out or refuse anything', async () => {
    const m = await memberCachedOn(b);
    b.clock.advance(90_000);
    expect((await transfer(b, m.token)).statusCode).toBe(200); // touches last_seen_at
    const seen = await sql<{
      changes: string;
    }>`select count(*)::text as changes from session_change where member_id = ${m.memberId}`.execute(database.db);
    expect(seen.rows[0]?.changes).toBe('0');
    expect((await transfer(b, m.token)).statusCode).toBe(200);
  });

  it('the balance in the header reads the session from the cache too, and refuses after a logout', async () => {
    const m = await memberCachedOn(b);
    const balance = () => b.app.inject({ method: 'GET', url: WALLET_PATHS.balance, headers: { authorization: m.token } });
    expect((await balance()).statusCode).toBe(200);
    const out = await b.app.inject({ method: 'DELETE', url: SESSION_PATHS.logout, headers: { authorization: m.token } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await balance()).statusCode).toBe(401);
  });
});

describe('SessionCache', () => {
  const row = (memberId: number) => ({ memberId }) as SessionRead;

  it('keeps a read for its time to live, then forgets it', () => {
    let now = 1000;
    const cache = new SessionCache(2000, 10, () => now);
    cache.keep('h1', row(1), cache.mark());
    expect(cache.get('h1')?.memberId).toBe(1);
    now += 1999;
    expect(cache.get('h1')?.memberId).toBe(1);
    now += 1;
    expect(cache.get('h1')).toBeUndefined();
  });

  it('does not keep a read that overlapped a forget (it may predate the change)', () => {
    const cache = new SessionCache(2000);
    const mark = cache.mark();
    cache.forgetMember(7);
    cache.keep('h1', row(1), mark);
    expect(cache.get('h1')).toBeUndefined();
    cache.keep('h1', row(1), cache.mark());
    expect(cache.get('h1')?.memberId).toBe(1);
  });

  it('forgets every session of a member, and only theirs; holds at most its size, oldest out first', () => {
    const cache = new SessionCache(2000, 3);
    for (const [hash, member] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      cache.keep(hash, row(member), cache.mark());
    cache.forgetMember(1);
    expect([cache.get('a'), cache.get('b'), cache.get('c')?.memberId]).toEqual([undefined, undefined, 2]);
    for (const hash of ['d', 'e', 'f']) cache.keep(hash, row(3), cache.mark());
    expect(cache.size).toBe(3);
    expect(cache.get('c')).toBeUndefined();
  });

  it('keeps nothing when switched off (time to live 0)', () => {
    const cache = new SessionCache(0);
    cache.keep('h1', row(1), cache.mark());
    expect(cache.get('h1')).toBeUndefined();
  });
});
