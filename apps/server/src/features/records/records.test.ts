import { randomUUID } from 'node:crypto';
import { RECORDS_PATHS } from '@playfront/contract/funds';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { deposit, house, memberWallet } from '../ledger/ledger.fixtures.ts';
import { ensureAccount, postTransfers } from '../ledger/ledger.service.ts';
import type { LedgerTransferKind } from '../ledger/ledger.table.ts';
import { resolveWindow } from './record-window.ts';

describe('record windows (brand day = UTC+6)', () => {
  const at = new Date('2026-11-22T20:30:00Z'); // already 23 November in Dhaka
  it('resolves presets around the brand day, today included', () => {
    expect(resolveWindow({ preset: 'last7' }, at)).toMatchObject({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(resolveWindow({ preset: 'last30' }, at)).toMatchObject({ fromDay: '2026-10-25', toDay: '2026-11-23' });
    expect(resolveWindow({ preset: 'next7' }, at)).toMatchObject({ fromDay: '2026-11-23', toDay: '2026-11-29' });
    const w = resolveWindow({ preset: 'next30' }, at);
    expect(w).toMatchObject({ fromDay: '2026-11-23', toDay: '2026-12-22' });
    expect(w.from.toISOString()).toBe('2026-11-22T18:00:00.000Z');
    expect(w.to.toISOString()).toBe('2026-12-22T18:00:00.000Z');
  });
  it('takes explicit days and refuses reversed, impossible or too long windows', () => {
    expect(resolveWindow({ from: '2026-11-01', to: '2026-11-01' }, at)).toMatchObject({ fromDay: '2026-11-01', toDay: '2026-11-01' });
    expect(resolveWindow({}, at)).toMatchObject({ fromDay: '2026-11-17', toDay: '2026-11-23' });
    expect(() => resolveWindow({ from: '2026-11-10', to: '2026-11-09' }, at)).toThrow();
    expect(() => resolveWindow({ from: '2026-02-30', to: '2026-03-01' }, at)).toThrow();
    expect(() => resolveWindow({ from: '2026-01-01', to: '2026-12-31' }, at)).toThrow();
  });
});

let database: TestDatabase;
let t: TestApp;
beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, {}, makeClock(new Date()));
});
afterEach(async () => {
  await t.app.close();
  await database.close();
});

const H = (token: string) => ({ authorization: token, merchant: 'DEMO' });

async function move(from: bigint, to: bigint, amount: bigint, kind: LedgerTransferKind, reference = {}) {
  await postTransfers(database.db, { scope: 'records-test', idempotencyKey: randomUUID(), legs: [{ from, to, amount, kind, reference }] });
}

describe(`records (${testDbKind})`, () => {
  it('lists the member own movements with paging and type filter, and sums the day in personal profit', async () => {
    const me = await loggedInMember(database.db, t.clock.now);
    const other = await loggedInMember(database.db, t.clock.now);
    const wallet = await memberWallet(database.db, me.memberId);
    const vendor = await ensureAccount(database.db, { kind: 'VENDOR_WALLET', memberId: me.memberId, vendorCode: 'JILI', currency: 'BDT' });
    const hold = await ensureAccount(database.db, { kind: 'WITHDRAWAL_HOLD', memberId: me.memberId, currency: 'BDT' });
    const houseAcc = await house(database.db);
    const bonus = await ensureAccount(database.db, { kind: 'BONUS', currency: 'BDT' });
    const payout = await ensureAccount(database.db, { kind: 'PAYMENT_CLEARING', currency: 'BDT', vendorCode: 'payout' });
    await deposit(database.db, wallet, 100_000n);
    await move(wallet.id, houseAcc.id, 30_000n, 'BET', { roundId: 'R1' });
    await move(houseAcc.id, wallet.id, 45_000n, 'WIN', { roundId: 'R1' });
    await move(wallet.id, houseAcc.id, 10_000n, 'BET', { roundId: 'R2' });
    await move(houseAcc.id, wallet.id, 10_000n, 'ROLLBACK', { roundId: 'R2' });
    await move(bonus.id, wallet.id, 5_000n, 'BONUS');
    await move(wallet.id, vendor.id, 20_000n, 'VENDOR_TRANSFER_IN');
    await move(wallet.id, hold.id, 50_000n, 'WITHDRAWAL_HOLD', { orderNo: 'W1' });
    await move(hold.id, payout.id, 50_000n, 'WITHDRAWAL_PAYOUT', { orderNo: 'W1' });
    await deposit(database.db, await memberWallet(database.db, other.memberId), 999_000n);

    const page1 = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.transactions}?preset=last7&pageSize=4`, headers: H(me.token) });
    expect(page1.statusCode, page1.body).toBe(200);
    const v = page1.json().value;
    // 9 transfers make 11 of the member's entries: the two own-wallet moves show on both sides.
    expect(v.total).toBe(11);
    expect(v.list).toHaveLength(4);
    expect(v.list[0]).toMatchObject({ type: 'WITHDRAWAL_PAYOUT', wallet: 'HOLD', amount: '-50000', balanceAfter: '0', reference: 'W1' });
    expect(JSON.stringify(v)).not.toMatch(/accountId|account_id|counterparty/);
    const page3 = await t.app.inject({
      method: 'GET',
      url: `${RECORDS_PATHS.transactions}?preset=last7&pageSize=4&pageNo=3`,
      headers: H(me.token),
    });
    expect(page3.json().value.list.at(-1)).toMatchObject({ type: 'DEPOSIT', wallet: 'MAIN', amount: '100000', balanceAfter: '100000' });
    const bets = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.transactions}?type=BET`, headers: H(me.token) });
    expect(bets.json().value.list.map((r: { amount: string }) => r.amount)).toEqual(['-10000', '-30000']);
    const vendorSide = await t.app.inject({
      method: 'GET',
      url: `${RECORDS_PATHS.transactions}?type=VENDOR_TRANSFER_IN`,
      headers: H(me.token),
    });
    expect(
      vendorSide
        .json()
        .value.list.map((r: { wallet: string }) => r.wallet)
        .sort(),
    ).toEqual(['JILI', 'MAIN']);
    const future = await t.app.inject({
      method: 'GET',
      url: `${RECORDS_PATHS.transactions}?from=2020-01-01&to=2020-01-31`,
      headers: H(me.token),
    });
    expect(future.json().value.total).toBe(0);

    const pnl = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.personalProfit}?preset=last7`, headers: H(me.token) });
    expect(pnl.statusCode, pnl.body).toBe(200);
    const p = pnl.json().value;
    expect(p.days).toHaveLength(7);
    expect(p.total).toEqual({ deposits: '100000', withdrawals: '50000', bets: '30000', wins: '45000', bonuses: '5000', net: '20000' });
    expect(p.days.at(-1)).toMatchObject({ deposits: '100000', net: '20000' });
    expect(p.days.slice(0, 6).every((d: { net: string; deposits: string }) => d.net === '0' && d.deposits === '0')).toBe(true);
    const next = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.personalProfit}?preset=next30`, headers: H(me.token) });
    expect(next.json().value.days).toHaveLength(30);
    expect(next.json().value.days[0]).toMatchObject({ deposits: '100000' });

    const theirs = await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.personalProfit}?preset=last7`, headers: H(other.token) });
    expect(theirs.json().value.total).toMatchObject({ deposits: '999000', bets: '0' });
    const bad = await t.app.inject({
      method: 'GET',
      url: `${RECORDS_PATHS.personalProfit}?from=2026-01-01&to=2026-12-31`,
      headers: H(me.token),
    });
    expect(bad.statusCode).toBe(400);
    const anon = await t.app.inject({ method: 'GET', url: RECORDS_PATHS.transactions });
    expect(anon.statusCode).toBe(401);
  });

  it('names the game of a bet in the asked language and the other member of a transfer, on each side (issue 22)', async () => {
    const downline = await loggedInMember(database.db, t.clock.now);
    const upline = await loggedInMember(database.db, t.clock.now);
    const usernames = await database.db
      .selectFrom('member')
      .select(['id', 'username'])
      .where('id', 'in', [downline.memberId, upline.memberId])
      .execute();
    const nameOf = (id: number) => usernames.find((u) => Number(u.id) === id)?.username;
    const game = await database.db
      .selectFrom('game')
      .select(['vendor_code', 'game_code', 'name_en', 'name_bn'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const wallet = await memberWallet(database.db, downline.memberId);
    const uplineWallet = await memberWallet(database.db, upline.memberId);
    await deposit(database.db, wallet, 100_000n);
    await move(wallet.id, (await house(database.db)).id, 2_000n, 'BET', {
      vendor: game.vendor_code,
      roundId: 'G1',
      gameCode: game.game_code,
    });
    const link = { fromMemberId: downline.memberId, toMemberId: upline.memberId };
    await move(wallet.id, uplineWallet.id, 7_000n, 'UPLINE_TRANSFER', link);

    const list = async (token: string, query: string) =>
      (await t.app.inject({ method: 'GET', url: `${RECORDS_PATHS.transactions}?${query}`, headers: H(token) })).json().value.list;
    const [bnBet] = await list(downline.token, 'type=BET&language=bn');
    expect(bnBet).toMatchObject({ gameName: game.name_bn, counterpart: null });
    expect((await list(downline.token, 'type=BET'))[0].gameName).toBe(game.name_en);
    // The sender sees money going to the upline; the receiver sees it coming from the downline it came from.
    const [sent] = await list(downline.token, 'type=UPLINE_TRANSFER');
    expect(sent).toMatchObject({ amount: '-7000', counterpart: nameOf(upline.memberId), gameName: null });
    const [received] = await list(upline.token, 'type=UPLINE_TRANSFER');
    expect(received).toMatchObject({ amount: '7000', counterpart: nameOf(downline.memberId) });
  });
});
