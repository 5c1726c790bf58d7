import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { MAX_AMOUNT_MINOR } from '@playfront/contract/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksClean, loggedInMember, walletBalance } from '../../src/features/funds/funds.fixtures.ts';
import { deposit, memberWallet } from '../../src/features/ledger/ledger.fixtures.ts';
import { hashPassword } from '../../src/features/session/password-hashing.ts';
import { makeApp, makeClock, sealed, type TestApp } from '../accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../test-db.ts';

/**
 * One bound for amounts (issue 21 item 12): amounts between 2^52 and the 16 digits the contract used to allow
 * reached the ledger, which refused them with a 500. Every money call now refuses past MAX_AMOUNT_MINOR with a
 * 400 in the catalogue shape, and moves nothing.
 */
let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

describe(`amount bounds (${testDbKind})`, () => {
  it('answers every money call with a 400, never a 500, past the one bound, and moves nothing', async () => {
    const agent = await loggedInMember(database.db, t.clock.now, 1);
    const m = await loggedInMember(database.db, t.clock.now);
    const pin = await hashPassword('246810', 'test');
    await sql`update member set upline_id = ${agent.memberId}, payment_password_hash = ${pin} where id = ${m.memberId}`.execute(
      database.db,
    );
    await sql`update member set payment_password_hash = ${pin} where id = ${agent.memberId}`.execute(database.db);
    await deposit(database.db, await memberWallet(database.db, m.memberId), 100_000n);
    const { username } = await database.db.selectFrom('member').select('username').where('id', '=', m.memberId).executeTakeFirstOrThrow();
    const H = { authorization: m.token, merchant: 'DEMO', 'content-type': 'application/json' };
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: H, payload });

    const overBound = [MAX_AMOUNT_MINOR + 1n, 2n ** 52n + 1n, 2n ** 53n + 1n, 10n ** 16n - 1n].map(String);
    for (const amount of overBound) {
      const answers = [
        await post(FUNDS_PATHS.depositOrders, { channelCode: 'BKASH', amount }),
        await post(FUNDS_PATHS.walletTransfer, { requestId: randomUUID(), vendorCode: 'SBO', direction: 'IN', amount }),
        await post(FUNDS_PATHS.walletTransfer, { requestId: randomUUID(), vendorCode: 'SBO', direction: 'OUT', amount }),
        await sealed(
          t,
          'POST',
          FUNDS_PATHS.withdrawals,
          { requestId: randomUUID(), amount, method: 'BKASH', accountName: 'A B', accountNumber: '01712345678', paymentPassword: '246810' },
          { token: m.token },
        ),
        await sealed(
          t,
          'POST',
          FUNDS_PATHS.transferUpline,
          { requestId: randomUUID(), amount, paymentPassword: '246810' },
          { token: m.token },
        ),
        await sealed(
          t,
          'POST',
          FUNDS_PATHS.transferDownline,
          { requestId: randomUUID(), amount, paymentPassword: '246810', downline: username },
          { token: agent.token },
        ),
      ];
      for (const a of answers) {
        expect(a.statusCode, `${amount}: ${a.body}`).toBe(400);
        expect(a.json()).toMatchObject({ success: false, code: 'VALIDATION' });
      }
    }
    // At the bound itself the call is judged on its merits: not enough money, not a malformed amount.
    const atBound = await post(FUNDS_PATHS.walletTransfer, {
      requestId: randomUUID(),
      vendorCode: 'SBO',
      direction: 'IN',
      amount: String(MAX_AMOUNT_MINOR),
    });
    expect(atBound.json()).toMatchObject({ success: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await walletBalance(database.db, m.memberId)).toBe(100_000n);
    await expectBooksClean(database.db);
  });
});
