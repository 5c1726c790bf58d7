import { OPERATOR_KEY_HEADER } from '@playfront/contract';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { PROMOTION_OPS_PATHS, PROMOTION_PATHS } from '@playfront/contract/promotions';
import { PROVIDER_ERRORS } from '@playfront/contract/provider-wallet';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { demoPromotions } from '../../seed/demo-promotions.ts';
import { applyPaymentEvent } from '../funds/deposit.service.ts';
import { eventId, memberSession, SANDBOX_SECRET, txnId, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import {
  bodies,
  type DemoGames,
  demoGames,
  expectLedgerClean,
  fundedMember,
  HOUSE_SECRET,
  launchToken,
  providerCall,
  txId,
} from '../play/play.fixtures.ts';
import { hashPassword } from '../session/password-hashing.ts';

/**
 * Promotions and bonus money end to end through the HTTP API (issue 11): joining, depositing with an offer,
 * wagering by settled rounds at the provider wallet API, conversion, forfeits, refusals, races. Every scenario
 * ends with a clean ledger audit (bonus accounts included).
 */

let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
const ENV = { HOUSE_PROVIDER_SECRET: HOUSE_SECRET, ARGON2_PROFILE: 'test', PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, PERIODIC_JOBS: 'off' };

beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, ENV, makeClock(new Date()));
  games = await demoGames(database.db);
});
afterEach(async () => {
  await t.app.moneyOutbox?.drain();
  await expectLedgerClean(database.db);
  await t.app.close();
  await database.close();
});

const H = (token?: string) => ({ merchant: 'DEMO', language: 'en', ...(token ? { authorization: token } : {}) });
const OPS = { merchant: 'DEMO', [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
const path = (p: string, code: string) => p.replace(':code', code);

async function post(url: string, token: string, payload?: unknown) {
  return t.app.inject({ method: 'POST', url, headers: H(token), ...(payload === undefined ? {} : { payload: payload as object }) });
}
async function get(url: string, token?: string) {
  return t.app.inject({ method: 'GET', url, headers: H(token) });
}
async function card(code: string, token?: string) {
  const res = await get(path(PROMOTION_PATHS.detail, code), token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as { state: string; action: string | null; ineligibleKey: string | null };
}
async function bonus(token: string) {
  const res = await get(PROMOTION_PATHS.bonuses, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value as {
    active: null | { id: string; amount: string; remaining: string; wagered: string; wageringRequired: string; state: string };
    history: { id: string; state: string; endReason: string; convertedAmount: string; forfeitedAmount: string }[];
  };
}
async function bonusBalance(memberId: number): Promise<bigint> {
  const row = await database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', 'MEMBER_BONUS')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

/** A deposit through the API with an optional promotion, paid by the gateway's report, then the outbox run. */
async function depositWith(token: string, amount: string, promotionCode?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: FUNDS_PATHS.depositOrders,
    headers: H(token),
    payload: { channelCode: 'BKASH', amount, ...(promotionCode ? { promotionCode } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { orderNo } = res.json().value as { orderNo: string };
  const payment = await database.db
    .selectFrom('sandbox_payment')
    .select('id')
    .where('merchant_order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  await applyPaymentEvent(
    database.db,
    'sandbox',
    {
      eventId: eventId(),
      paymentId: payment.id,
      orderNo,
      status: 'PAID',
      transactionId: txnId(),
      amount: BigInt(amount),
      currency: 'BDT',
      reason: null,
    },
    t.clock.now,
  );
  await t.app.moneyOutbox?.drain();
  return orderNo;
}

/** Sets a demo promotion's terms through the operator API (as an operator would). */
async function editPromotion(code: string, change: Record<string, unknown>) {
  const list = await t.app.inject({ method: 'GET', url: PROMOTION_OPS_PATHS.promotions, headers: OPS });
  const { id } = (list.json().value.list as { id: number; code: string }[]).find((p) => p.code === code)!;
  const body = { ...demoPromotions(t.clock.now).find((p) => p.code === code)!, ...change };
  const res = await t.app.inject({
    method: 'PUT',
    url: PROMOTION_OPS_PATHS.promotion.replace(':id', String(id)),
    headers: OPS,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

/** A member with a launched house-slot session on the demo PG slot, and round helpers. */
async function newPlayer(cash = 0n) {
  const m = await fundedMember(database.db, t.clock.now, cash);
  const launch = await launchToken(t, m.token, games.slot.nodeId);
  const b = bodies(launch, games.slot.gameCode);
  const call = (name: string, body: unknown) => providerCall(t, 'PG', name, body);
  /** One settled round: a stake, then a closing win. */
  const round = async (stake: string, win = '0') => {
    const roundId = txId('round');
    const bet = await call('bet', b.bet(roundId, stake));
    if (bet.statusCode !== 200) return bet;
    const settled = await call('win', b.win(roundId, win));
    expect(settled.statusCode, settled.body).toBe(200);
    return settled;
  };
  return { ...m, b, call, round };
}

describe(`promotions and bonus money (${testDbKind})`, () => {
  it('lists the six demo promotions for a guest with the right states, and sanitises operator HTML', async () => {
    const res = await get(PROMOTION_PATHS.list);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().value.list as { code: string; state: string; action: string | null }[];
    expect(list.map((p) => p.code)).toEqual([
      'welcome-bonus',
      'weekend-reload',
      'daily-cashback',
      'vip-monthly-gift',
      'big-win-share',
      'prize-wheel',
    ]);
    expect(list.find((p) => p.code === 'prize-wheel')?.state).toBe('comingSoon');
    expect(list.find((p) => p.code === 'welcome-bonus')).toMatchObject({ state: 'join', action: 'join' });
    const summary = await get(PROMOTION_PATHS.summary);
    expect(summary.json().value.availablePromoCount).toBeGreaterThan(0);

    await editPromotion('big-win-share', {
      rulesHtml: {
        en: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:alert(3)">l</a></p>',
        bn: '<p>হ্যাঁ</p>',
      },
    });
    const detail = await get(path(PROMOTION_PATHS.detail, 'big-win-share'));
    const html = detail.json().value.rulesHtml as string;
    expect(html).toContain('Hi');
    expect(html).not.toMatch(/script|onerror|onclick|javascript|<img/i);
  });

  it('welcome offer: picked at deposit, bonus locked, a bet over the maximum refused, wagering from settled rounds converts it', async () => {
    await editPromotion('welcome-bonus', { wageringMultiplier: '2' });
    const p = await newPlayer();
    await depositWith(p.token, '100000', 'welcome-bonus'); // ৳1,000 → ৳1,000 bonus
    expect(await walletBalance(database.db, p.memberId)).toBe(100_000n);
    expect(await bonusBalance(p.memberId)).toBe(100_000n);
    let details = await bonus(p.token);
    expect(details.active).toMatchObject({ amount: '100000', remaining: '100000', wagered: '0', wageringRequired: '200000' });
    expect((await card('welcome-bonus', p.token)).state).toBe('process');

    // The game sees cash + bonus; the maximum bet (৳500) while wagering is a refusal that takes nothing.
    const balance = await p.call('balance', { token: p.b.bet('x', '1').token });
    expect(balance.json().balance).toBe('200000');
    const over = await p.call('bet', p.b.bet(txId('round'), '50001'));
    expect(over.statusCode).toBe(PROVIDER_ERRORS.BET_LIMIT);
    expect(over.json().status).toBe('BET_LIMIT');
    expect(await walletBalance(database.db, p.memberId)).toBe(100_000n);

    // Cash first: ৳1,000 of stakes empty the wallet, then the bonus pays; a win goes back in the same shares.
    await p.round('50000');
    await p.round('50000');
    expect(await walletBalance(database.db, p.memberId)).toBe(0n);
    const roundId = txId('round');
    expect((await p.call('bet', p.b.bet(roundId, '40000'))).statusCode).toBe(200);
    expect(await bonusBalance(p.memberId)).toBe(60_000n);
    expect((await p.call('win', p.b.win(roundId, '80000'))).statusCode).toBe(200);
    expect(await bonusBalance(p.memberId)).toBe(140_000n);
    await t.app.moneyOutbox?.drain();
    details = await bonus(p.token);
    expect(details.active?.wagered).toBe('140000');

    // 60,000 more of slot stakes meet 200,000: the rest of the bonus becomes cash in one transfer.
    await p.round('30000', '30000');
    await p.round('30000', '30000');
    await t.app.moneyOutbox?.drain();
    details = await bonus(p.token);
    expect(details.active).toBeNull();
    expect(details.history[0]).toMatchObject({ state: 'converted', endReason: 'wagered', convertedAmount: '140000' });
    expect(await bonusBalance(p.memberId)).toBe(0n);
    expect(await walletBalance(database.db, p.memberId)).toBe(140_000n);
    expect((await card('welcome-bonus', p.token)).state).toBe('claimed');
    // A second deposit is not a first deposit: no second welcome bonus.
    await depositWith(p.token, '100000');
    expect(await bonusBalance(p.memberId)).toBe(0n);
  });

  it('contribution per category counts, and a withdrawal forfeits the bonus only when the member says so', async () => {
    const p = await newPlayer();
    await depositWith(p.token, '100000', 'welcome-bonus');
    const grant = (await bonus(p.token)).active!;
    expect(grant.amount).toBe('100000');
    // A category at 10 %: a settled round of ৳100 adds ৳10.
    await sql`update bonus_grant set contribution = ${JSON.stringify({ RNG: 10 })}::jsonb where id = ${BigInt(grant.id)}`.execute(
      database.db,
    );
    await p.round('10000');
    await t.app.moneyOutbox?.drain();
    expect((await bonus(p.token)).active?.wagered).toBe('1000');

    await sql`update member set payment_password_hash = ${await hashPassword('246810', 'test')} where id = ${p.memberId}`.execute(
      database.db,
    );
    const withdraw = (requestId: string, forfeitBonus?: boolean) =>
      sealed(
        t,
        'POST',
        FUNDS_PATHS.withdrawals,
        {
          requestId,
          amount: '50000',
          method: 'BKASH',
          accountName: 'Rahim Uddin',
          accountNumber: '01700000000',
          paymentPassword: '246810',
          ...(forfeitBonus === undefined ? {} : { forfeitBonus }),
        },
        { token: p.token },
      );
    const refused = await withdraw('wd-bonus-0001');
    expect(refused.json().code, refused.body).toBe('BONUS_FORFEIT_REQUIRED');
    expect(await bonusBalance(p.memberId)).toBe(100_000n);
    expect(await walletBalance(database.db, p.memberId)).toBe(90_000n);
    const accepted = await withdraw('wd-bonus-0002', true);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await bonusBalance(p.memberId)).toBe(0n);
    expect(await walletBalance(database.db, p.memberId)).toBe(40_000n);
    expect((await bonus(p.token)).history[0]).toMatchObject({ state: 'forfeited', endReason: 'withdrawal', forfeitedAmount: '100000' });
  });

  it('apply and approve: applying, approval issues once, a second decision is refused; a rejection is final', async () => {
    const a = await newPlayer();
    const b = await newPlayer();
    const applied = await post(path(PROMOTION_PATHS.apply, 'big-win-share'), a.token, { note: 'x50 on Fortune Tiger' });
    expect(applied.json().value.state, applied.body).toBe('applying');
    expect((await post(path(PROMOTION_PATHS.apply, 'big-win-share'), a.token, {})).json().code).toBe('PROMOTION_WRONG_STATE');
    await post(path(PROMOTION_PATHS.apply, 'big-win-share'), b.token, {});
    const pending = await t.app.inject({ method: 'GET', url: PROMOTION_OPS_PATHS.applications, headers: OPS });
    const apps = pending.json().value.list as { id: string; memberId: number }[];
    const ofA = apps.find((x) => x.memberId === a.memberId)!;
    const ofB = apps.find((x) => x.memberId === b.memberId)!;
    const decide = (id: string, approve: boolean) =>
      t.app.inject({
        method: 'POST',
        url: PROMOTION_OPS_PATHS.decision.replace(':id', id),
        headers: OPS,
        payload: { approve, note: 'checked' },
      });
    // Two operators approving at once: one grant; the later one gets the same grant or a wrong-state refusal.
    const twice = await Promise.all([decide(ofA.id, true), decide(ofA.id, true)]);
    for (const r of twice) expect([200, 409], r.body).toContain(r.statusCode);
    expect(new Set(twice.filter((r) => r.statusCode === 200).map((r) => r.json().value.grantId)).size).toBe(1);
    expect(await database.db.selectFrom('bonus_grant').select('id').where('member_id', '=', a.memberId).execute()).toHaveLength(1);
    expect((await decide(ofA.id, true)).json().code).toBe('PROMOTION_WRONG_STATE');
    expect(await bonusBalance(a.memberId)).toBe(50_000n);
    expect((await decide(ofB.id, false)).json().value.state).toBe('rejected');
    expect((await decide(ofB.id, true)).json().code).toBe('PROMOTION_WRONG_STATE');
    expect(await bonusBalance(b.memberId)).toBe(0n);
    expect((await card('big-win-share', a.token)).state).toBe('process');
    expect((await card('big-win-share', b.token)).state).toBe('rejected');
    const audit = await database.db
      .selectFrom('promotion_participation_event')
      .select(['to_state', 'actor'])
      .where('participation_id', '=', BigInt(ofA.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { to_state: 'applying', actor: 'member' },
      { to_state: 'issued', actor: 'operator' },
    ]);
  });

  it('refusals change nothing: not eligible, coming soon, budget spent, one bonus at a time, nothing to claim', async () => {
    const p = await newPlayer();
    expect((await post(path(PROMOTION_PATHS.join, 'vip-monthly-gift'), p.token)).json().code).toBe('PROMOTION_NOT_ELIGIBLE');
    expect((await card('vip-monthly-gift', p.token)).ineligibleKey).toBe('promotions.ineligible.vip');
    expect((await post(path(PROMOTION_PATHS.claim, 'prize-wheel'), p.token)).json().code).toBe('PROMOTION_CLOSED');
    expect(await card('daily-cashback', p.token)).toMatchObject({
      state: 'close',
      action: null,
      ineligibleKey: 'promotions.ineligible.noLoss',
    });
    expect((await post(path(PROMOTION_PATHS.claim, 'daily-cashback'), p.token)).json().code).toBe('PROMOTION_NOTHING_TO_CLAIM');
    expect((await post(path(PROMOTION_PATHS.join, 'nope-none'), p.token)).json().code).toBe('PROMOTION_NOT_FOUND');

    await database.db.updateTable('member').set({ vip_level: 3 }).where('id', '=', p.memberId).execute();
    await editPromotion('vip-monthly-gift', { budget: '150000' });
    expect((await post(path(PROMOTION_PATHS.join, 'vip-monthly-gift'), p.token)).json().value.state).toBe('process');
    // One bonus at a time: the applied-for reward cannot be issued while the gift is active.
    await post(path(PROMOTION_PATHS.apply, 'big-win-share'), p.token, {});
    const apps = (await t.app.inject({ method: 'GET', url: PROMOTION_OPS_PATHS.applications, headers: OPS })).json().value.list as {
      id: string;
    }[];
    const refused = await t.app.inject({
      method: 'POST',
      url: PROMOTION_OPS_PATHS.decision.replace(':id', apps[0]!.id),
      headers: OPS,
      payload: { approve: true },
    });
    expect(refused.json().code).toBe('BONUS_ALREADY_ACTIVE');
    expect(await bonusBalance(p.memberId)).toBe(100_000n);

    // Budget: 1,500 of budget, 1,000 granted; a second member's 1,000 would go over.
    const q = await newPlayer();
    await database.db.updateTable('member').set({ vip_level: 5 }).where('id', '=', q.memberId).execute();
    expect((await post(path(PROMOTION_PATHS.join, 'vip-monthly-gift'), q.token)).json().code).toBe('PROMOTION_BUDGET_SPENT');
    expect(await bonusBalance(q.memberId)).toBe(0n);

    // Cancel forfeits the rest to the budget; the history says so.
    const active = (await bonus(p.token)).active!;
    const cancelled = await post(PROMOTION_PATHS.cancelBonus.replace(':grantId', active.id), p.token);
    expect(cancelled.json().value.forfeited, cancelled.body).toBe('100000');
    expect((await post(PROMOTION_PATHS.cancelBonus.replace(':grantId', active.id), p.token)).json().code).toBe('PROMOTION_WRONG_STATE');
    expect(await bonusBalance(p.memberId)).toBe(0n);
  });

  it('concurrent claims of one reward give one grant; daily cashback pays 5 % of yesterday’s net loss', async () => {
    const p = await newPlayer(1_000_000n);
    // Yesterday: ৳4,000 staked, ৳1,000 won → ৳3,000 net loss → ৳150 cashback.
    await p.round('400000', '100000');
    await t.app.moneyOutbox?.drain();
    // Those moves were today; the rollup of them is moved to yesterday (the hourly figures cashback reads).
    await sql`update member_money_hourly set hour = hour - interval '1 day' where member_id = ${p.memberId}`.execute(database.db);
    expect(await card('daily-cashback', p.token)).toMatchObject({ action: 'claim', pendingReward: '15000' });
    const claims = await Promise.all(Array.from({ length: 6 }, () => post(path(PROMOTION_PATHS.claim, 'daily-cashback'), p.token)));
    const granted = new Set(claims.filter((r) => r.statusCode === 200).map((r) => r.json().value.grantId));
    expect(granted.size, claims.map((r) => r.body).join('\n')).toBe(1);
    expect(await bonusBalance(p.memberId)).toBe(15_000n);
    const grants = await database.db.selectFrom('bonus_grant').select('id').where('member_id', '=', p.memberId).execute();
    expect(grants).toHaveLength(1);
  });

  it('expiry: warned a day before, then forfeited by the upkeep job exactly once across two runners', async () => {
    const p = await newPlayer();
    await depositWith(p.token, '50000', 'welcome-bonus');
    const { bonusUpkeepJob } = await import('../bonus/bonus-jobs.ts');
    const { runJobOnce } = await import('../../infra/jobs/job-runner.ts');
    t.clock.advance(29.5 * 86_400_000);
    await runJobOnce(database.db, bonusUpkeepJob(), t.clock.now);
    const warned = await database.db
      .selectFrom('member_message')
      .select('type')
      .where('member_id', '=', p.memberId)
      .where('type', '=', 'BONUS_EXPIRING')
      .execute();
    expect(warned).toHaveLength(1);
    t.clock.advance(86_400_000);
    await Promise.all([runJobOnce(database.db, bonusUpkeepJob(), t.clock.now), runJobOnce(database.db, bonusUpkeepJob(), t.clock.now)]);
    expect((await bonus(await memberSession(database.db, p.memberId, t.clock.now))).history[0]).toMatchObject({
      state: 'expired',
      endReason: 'expired',
      forfeitedAmount: '50000',
    });
    const forfeits = await database.db.selectFrom('ledger_transfer').select('id').where('kind', '=', 'BONUS_FORFEIT').execute();
    expect(forfeits).toHaveLength(1);
  });

  it('a rollback of a bonus-funded stake returns it to the bonus; after conversion a late win of a bonus stake is cash', async () => {
    const p = await newPlayer();
    await depositWith(p.token, '50000', 'welcome-bonus');
    await p.round('50000'); // cash gone
    const roundId = txId('round');
    const betTx = txId('bet');
    expect((await p.call('bet', p.b.bet(roundId, '20000', betTx))).statusCode).toBe(200);
    expect(await bonusBalance(p.memberId)).toBe(30_000n);
    const rb = await p.call('rollback', p.b.rollback(roundId, betTx));
    expect(rb.statusCode, rb.body).toBe(200);
    expect(await bonusBalance(p.memberId)).toBe(50_000n);
    expect(await walletBalance(database.db, p.memberId)).toBe(0n);

    const open = txId('round');
    expect((await p.call('bet', p.b.bet(open, '10000'))).statusCode).toBe(200);
    await database.db.updateTable('bonus_grant').set({ wagered: 10_000_000n }).where('member_id', '=', p.memberId).execute();
    await p.round('100'); // settles → the consumer converts
    await t.app.moneyOutbox?.drain();
    expect((await bonus(p.token)).history[0]?.state).toBe('converted');
    const cashBefore = await walletBalance(database.db, p.memberId);
    expect((await p.call('win', p.b.win(open, '20000'))).statusCode).toBe(200);
    expect(await walletBalance(database.db, p.memberId)).toBe(cashBefore + 20_000n);
    expect(await bonusBalance(p.memberId)).toBe(0n);
  });

  it('the ledger audit checks bonus money: a promotion total or a grant that does not match its transfers is reported', async () => {
    const p = await newPlayer();
    await depositWith(p.token, '50000', 'welcome-bonus');
    expect((await auditLedger(database.db)).violations).toEqual([]);
    await sql`update promotion set granted_total = granted_total + 1 where code = 'welcome-bonus'`.execute(database.db);
    await sql`update bonus_grant set amount = amount + 5 where member_id = ${p.memberId}`.execute(database.db);
    const report = await auditLedger(database.db);
    expect(report.violations.filter((v) => v.check === 'BONUS').map((v) => v.message.split(':')[0])).toEqual([
      expect.stringMatching(/^grant \d+$/),
      expect.stringMatching(/^promotion \d+$/),
    ]);
    await sql`update promotion set granted_total = granted_total - 1 where code = 'welcome-bonus'`.execute(database.db);
    await sql`update bonus_grant set amount = amount - 5 where member_id = ${p.memberId}`.execute(database.db);
  });

  it('members racing for the last of a budget: exactly as many grants as it holds, never more', async () => {
    await editPromotion('weekend-reload', { budget: '30000' });
    const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer()));
    for (const p of players) {
      await sql`insert into promotion_participation (promotion_id, member_id, period_key, state, reward_amount, deposit_amount, created_at, updated_at)
        select id, ${p.memberId}, 'race', 'claimable', 10000, 50000, now(), now() from promotion where code = 'weekend-reload'`.execute(
        database.db,
      );
    }
    const answers = await Promise.all(players.map((p) => post(path(PROMOTION_PATHS.claim, 'weekend-reload'), p.token)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode !== 200).map((r) => r.json().code)).toEqual(Array(5).fill('PROMOTION_BUDGET_SPENT'));
    const promotion = await database.db
      .selectFrom('promotion')
      .select(['granted_total', 'grants_count'])
      .where('code', '=', 'weekend-reload')
      .executeTakeFirstOrThrow();
    expect(promotion).toEqual({ granted_total: 30_000n, grants_count: 3 });
    // The losers' rewards stay claimable: nothing they earned is lost if the operator tops the budget up.
    const waiting = await database.db
      .selectFrom('promotion_participation')
      .select('id')
      .where('period_key', '=', 'race')
      .where('state', '=', 'claimable')
      .execute();
    expect(waiting).toHaveLength(5);
  });
});
