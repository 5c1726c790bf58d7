import { randomUUID } from 'node:crypto';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { hashPassword } from '../session/password-hashing.ts';
import { expectBooksClean, loggedInMember, walletBalance } from './funds.fixtures.ts';

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(new Date()));
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });

async function member(funds: bigint, opts: { type?: number; uplineId?: number } = {}) {
  const m = await loggedInMember(database.db, t.clock.now, opts.type ?? 0);
  await sql`update member set payment_password_hash = ${await hashPassword('135790', 'test')}, upline_id = ${opts.uplineId ?? null} where id = ${m.memberId}`.execute(
    database.db,
  );
  if (funds > 0n) await deposit(database.db, await memberWallet(database.db, m.memberId), funds);
  const { username } = await database.db.selectFrom('member').select('username').where('id', '=', m.memberId).executeTakeFirstOrThrow();
  return { ...m, username };
}

const vendorTransfer = (token: string, body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: FUNDS_PATHS.walletTransfer,
    headers: H(token),
    payload: { requestId: randomUUID(), direction: 'IN', vendorCode: 'SBO', ...body },
  });

describe(`main ↔ vendor wallet transfers (${testDbKind})`, () => {
  it('moves money both ways for transfer-mode vendors only, once per requestId', async () => {
    const m = await member(100_000n);
    const wallet = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.merchantWallet });
    expect(wallet.json().value.isSingle).toBe(false);
    expect(wallet.json().value.transferVendors).toContain('SBO');

    const into = await vendorTransfer(m.token, { requestId: 'req-into-1', amount: '30000' });
    expect(into.statusCode, into.body).toBe(200);
    expect(into.json().value).toEqual({ vendorCode: 'SBO', main: '70000', vendor: '30000', replayed: false });
    const again = await vendorTransfer(m.token, { requestId: 'req-into-1', amount: '30000' });
    expect(again.json().value).toEqual({ vendorCode: 'SBO', main: '70000', vendor: '30000', replayed: true });
    expect((await vendorTransfer(m.token, { requestId: 'req-into-1', amount: '30001' })).json().code).toBe('IDEMPOTENCY_CONFLICT');
    const out = await vendorTransfer(m.token, { direction: 'OUT', amount: '10000' });
    expect(out.json().value).toMatchObject({ main: '80000', vendor: '20000' });
    const tooMuch = await vendorTransfer(m.token, { direction: 'OUT', amount: '20001' });
    expect(tooMuch.json()).toMatchObject({ code: 'INSUFFICIENT_FUNDS', value: { balance: '20000' } });

    const seamless = await database.db
      .selectFrom('game_vendor')
      .select('code')
      .where('wallet_mode', '=', 'seamless')
      .executeTakeFirstOrThrow();
    expect((await vendorTransfer(m.token, { vendorCode: seamless.code, amount: '100' })).json().code).toBe('VENDOR_NOT_TRANSFER_MODE');
    expect((await vendorTransfer(m.token, { vendorCode: 'NOPE', amount: '100' })).json().code).toBe('VENDOR_NOT_TRANSFER_MODE');

    const consolidated = await t.app.inject({ method: 'GET', url: FUNDS_PATHS.consolidated, headers: H(m.token) });
    expect(consolidated.json().value).toMatchObject({ main: '80000', vendors: [{ vendorCode: 'SBO', balance: '20000' }], total: '100000' });
    await expectBooksClean(database.db);
  });

  it('concurrent transfers never overdraw the main wallet', async () => {
    const m = await member(100_000n);
    const results = await Promise.all(Array.from({ length: 8 }, () => vendorTransfer(m.token, { amount: '30000' })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.json().code === 'INSUFFICIENT_FUNDS')).toHaveLength(5);
    expect(await walletBalance(database.db, m.memberId)).toBe(10_000n);
    await expectBooksClean(database.db);
  });
});

describe(`upline and downline transfers (${testDbKind})`, () => {
  it('sends only to the direct upline, with the payment password, once per requestId', async () => {
    const agent = await member(0n, { type: 1 });
    const m = await member(50_000n, { uplineId: agent.memberId });
    const orphan = await member(50_000n);
    const body = { requestId: 'up-req-0001', amount: '20000', paymentPassword: '135790' };
    expect(
      (await sealed(t, 'POST', FUNDS_PATHS.transferUpline, { ...body, paymentPassword: '000000' }, { token: m.token })).json().code,
    ).toBe('PAYMENT_PASSWORD_INVALID');
    const sent = await sealed(t, 'POST', FUNDS_PATHS.transferUpline, body, { token: m.token });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toEqual({ to: agent.username, amount: '20000', balance: '30000', replayed: false });
    const resent = await sealed(t, 'POST', FUNDS_PATHS.transferUpline, body, { token: m.token });
    expect(resent.json().value).toMatchObject({ balance: '30000', replayed: true });
    expect(await walletBalance(database.db, agent.memberId)).toBe(20_000n);
    expect((await sealed(t, 'POST', FUNDS_PATHS.transferUpline, body, { token: orphan.token })).json().code).toBe('NO_UPLINE');
    const plain = await t.app.inject({ method: 'POST', url: FUNDS_PATHS.transferUpline, headers: H(m.token), payload: body });
    expect(plain.json().code).toBe('ENCRYPTION_REQUIRED');
    await expectBooksClean(database.db);
  });

  it('lets an agent send only inside their own downline tree, and concurrent resends apply once', async () => {
    const agent = await member(500_000n, { type: 1 });
    const otherAgent = await member(0n, { type: 1 });
    const child = await member(0n, { uplineId: agent.memberId, type: 1 });
    const grandchild = await member(0n, { uplineId: child.memberId });
    const stranger = await member(0n, { uplineId: otherAgent.memberId });
    const send = (token: string, downline: string, requestId: string = randomUUID(), amount = '10000') =>
      sealed(t, 'POST', FUNDS_PATHS.transferDownline, { requestId, amount, paymentPassword: '135790', downline }, { token });

    expect((await send(agent.token, child.username)).statusCode).toBe(200);
    expect((await send(agent.token, grandchild.username)).json().value).toMatchObject({ to: grandchild.username, balance: '480000' });
    expect((await send(agent.token, stranger.username)).json().code).toBe('NOT_FOUND');
    expect((await send(agent.token, 'nobody-here')).json().code).toBe('NOT_FOUND');
    expect((await send(child.token, agent.username)).json().code).toBe('NOT_FOUND');
    expect((await send(grandchild.token, child.username)).json().code).toBe('NON_AGENT_LOGIN');

    const twins = await Promise.all(Array.from({ length: 5 }, () => send(agent.token, child.username, 'down-req-twin1', '25000')));
    expect(twins.every((r) => r.statusCode === 200)).toBe(true);
    expect(twins.filter((r) => r.json().value.replayed === false)).toHaveLength(1);
    expect(await walletBalance(database.db, child.memberId)).toBe(35_000n);
    expect(await walletBalance(database.db, agent.memberId)).toBe(455_000n);
    expect(await walletBalance(database.db, stranger.memberId)).toBe(0n);
    await expectBooksClean(database.db);
  });
});
