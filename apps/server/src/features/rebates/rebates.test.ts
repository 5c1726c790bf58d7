import { randomUUID } from 'node:crypto';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { OPS_REBATE_PATHS, REBATE_PATHS, type RebateSettings } from '@playfront/contract/rebates';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { dispatchOnce } from '../../infra/outbox/money-outbox.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { DEMO_REBATE_DEFAULT_BPS } from '../../seed/demo-rebates.ts';
import { endBonus } from '../bonus/bonus.service.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { findBrand, setBrandFlag } from '../brand/brand.repository.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { deposit, house, memberWallet } from '../ledger/ledger.fixtures.ts';
import { postTransfers } from '../ledger/ledger.service.ts';
import { REBATE_CONSUMER, rebateAccrualConsumer } from './rebate-accrual-consumer.ts';
import { claimRebate } from './rebates.service.ts';
import { cashbackJob, rebatePayoutJob } from './rebates-jobs.ts';

/**
 * Rebates and cashback through the app on one database: accrual from settled rounds (rates by category and VIP level,
 * exactly once through a replayed batch), the member's claim and its refusals, the automatic payout racing with
 * claims, cashback maths (loss, win, cap), bonus-money payment, the operator settings, and a random sequence that
 * leaves every rebate accounted for and the ledger audit clean.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;
const DAY_MS = 86_400_000;
const tk = (taka: number) => BigInt(taka) * 100n;
const SETTINGS: RebateSettings = {
  enabled: true,
  defaultBps: DEMO_REBATE_DEFAULT_BPS,
  minimumPayout: '100',
  manualEnabled: true,
  claimIntervalSeconds: 3600,
  autoEnabled: true,
  autoPeriod: 'DAILY',
  cashbackEnabled: true,
  cashbackShareBps: 500,
  cashbackCap: String(tk(5_000)),
  cashbackMinimum: String(tk(10)),
  cashbackPeriod: 'WEEKLY',
  bonusPromotionId: null,
};

beforeAll(async () => {
  database = await createTestDatabase();
  // The outbox is drained by hand (a slow poll), so a batch can be made to crash on purpose.
  t = await makeApp(database, { ARGON2_PROFILE: 'test', OUTBOX_POLL_MS: '10000', PERIODIC_JOBS: 'off' }, makeClock(new Date()));
  await t.app.ready();
  brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
});

afterAll(async () => {
  await t.app.moneyOutbox?.drain();
  expect((await auditLedger(database.db)).violations).toEqual([]);
  await t.app.close();
  await database.close();
});

const H = (token?: string) => ({ merchant: DEMO_MERCHANT_CODE, language: 'en', ...(token ? { authorization: token } : {}) });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: H(token) });
const claim = (token: string) => t.app.inject({ method: 'POST', url: REBATE_PATHS.claim, headers: H(token) });
const ops = (method: 'GET' | 'PUT', payload?: unknown) =>
  t.app.inject({
    method,
    url: OPS_REBATE_PATHS.settings,
    headers: { ...H(), [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    ...(payload ? { payload: payload as object } : {}),
  });
async function settings(overrides: Partial<RebateSettings> = {}) {
  const res = await ops('PUT', { ...SETTINGS, ...overrides });
  expect(res.statusCode, res.body).toBe(200);
}

/** A ROUND_SETTLED money event as the provider functions write it when a round closes. */
async function settled(memberId: number, gameType: string, validBet: bigint) {
  const reference = { vendor: 'PG', roundId: `rb-${randomUUID()}`, gameType, betTotal: String(validBet), validBet: String(validBet) };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb)`.execute(database.db);
}
/** Cash play straight on the ledger: a deposit, a stake, then a win and a refund (the hourly rollup counts them). */
async function playCash(memberId: number, stake: bigint, win: bigint, refund = 0n) {
  const houseAccount = await house(database.db);
  const wallet = await memberWallet(database.db, memberId);
  await deposit(database.db, wallet, stake);
  const legs = [{ from: wallet.id, to: houseAccount.id, amount: stake, kind: 'BET' as const }];
  await postTransfers(database.db, { scope: 'test-play', idempotencyKey: randomUUID(), legs });
  for (const [amount, kind] of [
    [win, 'WIN'],
    [refund, 'ROLLBACK'],
  ] as const) {
    if (amount > 0n)
      await postTransfers(database.db, {
        scope: 'test-play',
        idempotencyKey: randomUUID(),
        legs: [{ from: houseAccount.id, to: wallet.id, amount, kind }],
      });
  }
}
const drain = () => t.app.moneyOutbox!.drain();
/** Only the rebate consumer, up to date (quicker than draining every consumer, for the loops). */
async function accrueNow() {
  while ((await dispatchOnce(database.db, rebateAccrualConsumer)) > 0) {}
}
const accruals = (memberId: number) =>
  database.db
    .selectFrom('rebate_accrual')
    .select(['category', 'valid_bet', 'accrued_e4'])
    .where('member_id', '=', memberId)
    .orderBy('category')
    .execute();
const payouts = (memberId: number) =>
  database.db
    .selectFrom('rebate_payout')
    .select(['kind', 'source', 'amount', 'base', 'status', 'paid_as'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
/** A member with a session and a wallet account (as any member who has played has). */
async function member() {
  const m = await loggedInMember(database.db, t.clock.now);
  await memberWallet(database.db, m.memberId);
  return m;
}
const rebateJob = rebatePayoutJob();
const weeklyCashback = cashbackJob();
/** A moment `days` whole days after now: a period of the daily payout that ended after the settings were made. */
let dayOffset = 1;
const nextDay = () => new Date(Date.now() + dayOffset++ * DAY_MS);

describe(`rebates and cashback (${testDbKind})`, () => {
  it('accrues valid bet × the rate of the category and the VIP level, exactly once when a crashed batch is replayed', async () => {
    await settings();
    const bronze = await member();
    const platinum = await member();
    await database.db.updateTable('member').set({ vip_level: 3 }).where('id', '=', platinum.memberId).execute();
    await settled(bronze.memberId, 'RNG', tk(1_000));
    await settled(bronze.memberId, 'LIVE', tk(500));
    await settled(bronze.memberId, 'FISH', 33_333n);
    await settled(bronze.memberId, 'UNKNOWN', tk(1_000));
    await settled(platinum.memberId, 'RNG', tk(1_000));

    // The first attempt dies after applying, before the position moves: everything it did is rolled back.
    let applied = 0;
    const crashing = {
      name: REBATE_CONSUMER,
      async apply(
        trx: Parameters<NonNullable<typeof rebateAccrualConsumer.apply>>[0],
        events: Parameters<NonNullable<typeof rebateAccrualConsumer.apply>>[1],
      ) {
        await rebateAccrualConsumer.apply!(trx, events);
        applied += events.length;
        throw new Error('crash before the position moves');
      },
    };
    await expect(dispatchOnce(database.db, crashing)).rejects.toThrow('crash');
    expect(applied).toBeGreaterThan(0);
    expect(await accruals(bronze.memberId)).toEqual([]);
    await drain();
    await drain();

    // Bronze: slots 30 bps, live 20, fishing 30 (the fraction of a poisha is kept, not paid); platinum slots 60.
    expect(await accruals(bronze.memberId)).toEqual([
      { category: 'fishing', valid_bet: 33_333n, accrued_e4: 999_990n },
      { category: 'live', valid_bet: tk(500), accrued_e4: tk(500) * 20n },
      { category: 'slots', valid_bet: tk(1_000), accrued_e4: tk(1_000) * 30n },
    ]);
    expect(await accruals(platinum.memberId)).toEqual([{ category: 'slots', valid_bet: tk(1_000), accrued_e4: tk(1_000) * 60n }]);

    const mine = (await get(REBATE_PATHS.mine, bronze.token)).json().value;
    expect(mine.categories.find((c: { category: string }) => c.category === 'slots')).toEqual({
      category: 'slots',
      validBet: String(tk(1_000)),
      rateBps: 30,
      amount: '300',
    });
    expect(mine.categories.find((c: { category: string }) => c.category === 'fishing').amount).toBe('99');
    expect(mine.total).toBe(String(300n + 100n + 99n));
    expect(mine.claim).toMatchObject({ canClaim: true, blockedBy: null });
    expect((await get(REBATE_PATHS.mine, platinum.token)).json().value.categories[0]).toMatchObject({ category: 'slots', rateBps: 60 });

    // VIP off: everyone earns the brand default, whatever their level.
    await settings({ defaultBps: { ...DEMO_REBATE_DEFAULT_BPS, slots: 45 } });
    await setBrandFlag(database.db, brandId, 'VIP', false);
    try {
      await settled(platinum.memberId, 'RNG', tk(1_000));
      await drain();
      expect((await accruals(platinum.memberId))[0]!.accrued_e4).toBe(tk(1_000) * 60n + tk(1_000) * 45n);
    } finally {
      await setBrandFlag(database.db, brandId, 'VIP', true);
      await settings();
    }
  });

  it('lets a member claim once the minimum is reached, at most once per interval, and refuses with clear codes', async () => {
    await settings({ claimIntervalSeconds: 600 });
    const m = await member();
    await settled(m.memberId, 'RNG', 3_000n);
    await drain();
    const below = (await get(REBATE_PATHS.mine, m.token)).json().value;
    expect(below).toMatchObject({ total: '9', minimum: '100', claim: { canClaim: false, blockedBy: 'BELOW_MINIMUM' } });
    expect((await claim(m.token)).json()).toMatchObject({ success: false, code: 'REBATE_BELOW_MINIMUM' });

    await settled(m.memberId, 'RNG', tk(1_000));
    await drain();
    const paid = await claim(m.token);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value.payout).toMatchObject({ kind: 'REBATE', source: 'MANUAL', amount: '309', paidAs: 'CASH', period: 'claim' });
    expect(paid.json().value.rebate).toMatchObject({ total: '0', claim: { blockedBy: 'TOO_SOON' } });
    expect(await walletBalance(database.db, m.memberId)).toBe(309n);
    expect(await accruals(m.memberId)).toEqual([{ category: 'slots', valid_bet: 0n, accrued_e4: 0n }]);

    await settled(m.memberId, 'LIVE', tk(1_000));
    await drain();
    const soon = (await claim(m.token)).json();
    expect(soon).toMatchObject({ success: false, code: 'REBATE_CLAIM_TOO_SOON' });
    expect(soon.value.nextClaimAt).toBe(new Date(t.clock.now.getTime() + 600_000).toISOString());
    t.clock.advance(600_000);
    const again = await claim(m.token);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.payout.amount).toBe('200');
    t.clock.advance(-600_000);

    const history = (await get(`${REBATE_PATHS.history}?pageSize=1`, m.token)).json().value;
    expect(history.total).toBe(2);
    expect(history.list).toEqual([expect.objectContaining({ amount: '200', kind: 'REBATE' })]);

    const trial = await loggedInMember(database.db, t.clock.now, 4);
    expect((await get(REBATE_PATHS.mine, trial.token)).json().value.claim.blockedBy).toBe('TRIAL');
    expect((await claim(trial.token)).json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });

    await settings({ manualEnabled: false });
    expect((await get(REBATE_PATHS.mine, m.token)).json().value.claim.blockedBy).toBe('DISABLED');
    expect((await claim(m.token)).json()).toMatchObject({ code: 'FEATURE_DISABLED' });
    await settings();
  });

  it('pays the automatic payout once per period; a claim racing with it pays the accrual once (30 rounds)', async () => {
    await settings({ claimIntervalSeconds: 0 });
    const m = await member();
    const me = { memberId: m.memberId, brandId, isTrial: false };
    let expected = 0n;
    const outcomes = { claim: 0, job: 0 };
    for (let round = 0; round < 30; round += 1) {
      const bet = BigInt(100_000 + ((round * 7919) % 90_000));
      await settled(m.memberId, round % 2 ? 'LIVE' : 'RNG', bet);
      await accrueNow();
      // Each category pays its whole poisha; the fractions stay.
      expected += (await accruals(m.memberId)).reduce((s, r) => s + r.accrued_e4 / 10_000n, 0n);
      const now = nextDay();
      const claiming = () =>
        claimRebate(database.db, me, now).then(
          () => 'paid',
          (e: { code?: string }) => e.code,
        );
      // Who starts first alternates (on PGlite the first to start wins; on PostgreSQL they truly overlap).
      const [claimed, job] =
        round % 2 === 0
          ? await Promise.all([claiming(), runJobOnce(database.db, rebateJob, now)])
          : await Promise.all([runJobOnce(database.db, rebateJob, now), claiming()]).then(([j, c]) => [c, j] as const);
      expect(job.ran).toBe(true);
      if (claimed === 'paid') outcomes.claim += 1;
      else {
        expect(claimed).toBe('REBATE_BELOW_MINIMUM');
        outcomes.job += 1;
      }
      // Once more in the same period: nothing is paid twice.
      expect((await runJobOnce(database.db, rebateJob, new Date(now.getTime() + 3_600_000))).affected).toBe(0);
      expect(await payouts(m.memberId)).toHaveLength(round + 1);
      expect(await walletBalance(database.db, m.memberId)).toBe(expected);
    }
    expect(outcomes.claim + outcomes.job).toBe(30);
    console.log(`[rebates] claim vs automatic payout, 30 rounds: the claim paid ${outcomes.claim}, the job ${outcomes.job}`);
    await settings();
  });

  it('pays cashback once per week: a share of the net loss, nothing to a winner, at most the cap', async () => {
    await settings();
    const loser = await member();
    const winner = await member();
    const whale = await member();
    await playCash(loser.memberId, tk(1_000), tk(150), tk(50));
    await playCash(winner.memberId, tk(100), tk(500));
    await playCash(whale.memberId, tk(200_000), 0n);
    await drain();

    const nextWeek = new Date(Date.now() + 7 * DAY_MS);
    const run = await runJobOnce(database.db, weeklyCashback, nextWeek);
    expect(run.ran).toBe(true);
    // 5 % of (1,000 − 150 − 50); the winner lost nothing; 5 % of 200,000 is capped at 5,000.
    expect(await payouts(loser.memberId)).toEqual([
      { kind: 'CASHBACK', source: 'AUTO', amount: tk(40), base: tk(800), status: 'PAID', paid_as: 'CASH' },
    ]);
    expect(await payouts(winner.memberId)).toEqual([]);
    expect((await payouts(whale.memberId))[0]).toMatchObject({ amount: tk(5_000), base: tk(200_000) });
    // Deposited 1,000, staked it, won 150 and had 50 refunded: 200 left, and the cashback.
    expect(await walletBalance(database.db, loser.memberId)).toBe(tk(200) + tk(40));
    // The next ticks of the same week pay nothing again.
    expect((await runJobOnce(database.db, weeklyCashback, new Date(nextWeek.getTime() + 3_600_000))).affected).toBe(0);
    expect(await payouts(loser.memberId)).toHaveLength(1);
    const history = (await get(REBATE_PATHS.history, loser.token)).json().value;
    expect(history.list[0]).toMatchObject({ kind: 'CASHBACK', amount: String(tk(40)), base: String(tk(800)) });
  });

  it('pays as bonus money when the brand says so; a member with an active bonus keeps the rebate accrued', async () => {
    const promotion = await database.db.selectFrom('promotion').select('id').where('code', '=', 'welcome-bonus').executeTakeFirstOrThrow();
    await settings({ bonusPromotionId: promotion.id, claimIntervalSeconds: 0 });
    try {
      const busy = await member();
      const free = await member();
      // Settled before the bonus exists, so they do not count towards its wagering.
      for (const m of [busy, free]) await settled(m.memberId, 'RNG', tk(1_000));
      await drain();
      const grant = await payReward(database.db, {
        memberId: busy.memberId,
        currency: 'BDT',
        amount: tk(20),
        kind: 'REBATE',
        key: `test-grant:${busy.memberId}`,
        bonusPromotionId: promotion.id,
        now: t.clock.now,
      });
      expect(grant).toMatchObject({ outcome: 'PAID', as: 'BONUS' });

      expect((await claim(busy.token)).json()).toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
      expect((await accruals(busy.memberId))[0]!.accrued_e4).toBe(tk(1_000) * 30n);
      const leftovers = await database.db
        .selectFrom('promotion_participation')
        .select('id')
        .where('member_id', '=', busy.memberId)
        .where('period_key', 'like', 'REBATE:%')
        .execute();
      expect(leftovers).toEqual([]);

      const paid = await claim(free.token);
      expect(paid.json().value.payout).toMatchObject({ paidAs: 'BONUS', amount: '300' });
      const grants = await database.db
        .selectFrom('bonus_grant')
        .select(['amount', 'state'])
        .where('member_id', '=', free.memberId)
        .execute();
      expect(grants).toEqual([{ amount: 300n, state: 'active' }]);

      // Once the first bonus ends, the accrued rebate is paid as bonus.
      await database.db
        .transaction()
        .execute((trx) => endBonus(trx, BigInt((grant as { grantId: string }).grantId), 'forfeited', 'cancelled', t.clock.now));
      expect((await claim(busy.token)).json().value.payout).toMatchObject({ paidAs: 'BONUS', amount: '300' });
    } finally {
      await settings();
    }
  });

  it('keeps a cashback refused as bonus (an active bonus) and pays it once the bonus has ended', async () => {
    const promotion = await database.db.selectFrom('promotion').select('id').where('code', '=', 'welcome-bonus').executeTakeFirstOrThrow();
    await settings({ bonusPromotionId: promotion.id, cashbackPeriod: 'DAILY' });
    try {
      const m = await member();
      const grant = await payReward(database.db, {
        memberId: m.memberId,
        currency: 'BDT',
        amount: tk(20),
        kind: 'CASHBACK',
        key: `test-grant:${m.memberId}`,
        bonusPromotionId: promotion.id,
        now: t.clock.now,
      });
      await playCash(m.memberId, tk(1_000), 0n);
      await drain();
      const tomorrow = new Date(Date.now() + DAY_MS);
      await runJobOnce(database.db, weeklyCashback, tomorrow);
      expect(await payouts(m.memberId)).toEqual([
        { kind: 'CASHBACK', source: 'AUTO', amount: tk(50), base: tk(1_000), status: 'DEFERRED', paid_as: null },
      ]);
      // Still refused while the bonus is active: kept, not lost, not paid twice.
      await runJobOnce(database.db, weeklyCashback, new Date(tomorrow.getTime() + 3_600_000));
      expect((await payouts(m.memberId))[0]!.status).toBe('DEFERRED');

      await database.db
        .transaction()
        .execute((trx) => endBonus(trx, BigInt((grant as { grantId: string }).grantId), 'forfeited', 'cancelled', t.clock.now));
      await runJobOnce(database.db, weeklyCashback, new Date(tomorrow.getTime() + 2 * 3_600_000));
      expect(await payouts(m.memberId)).toEqual([
        { kind: 'CASHBACK', source: 'AUTO', amount: tk(50), base: tk(1_000), status: 'PAID', paid_as: 'BONUS' },
      ]);
      const grants = await database.db
        .selectFrom('bonus_grant')
        .select(['amount', 'state'])
        .where('member_id', '=', m.memberId)
        .orderBy('id')
        .execute();
      expect(grants).toEqual([
        { amount: tk(20), state: 'forfeited' },
        { amount: tk(50), state: 'active' },
      ]);
    } finally {
      await settings();
    }
  });

  it('answers the operator settings behind the operator key and refuses a promotion of nobody', async () => {
    expect((await t.app.inject({ method: 'GET', url: OPS_REBATE_PATHS.settings, headers: H() })).statusCode).toBe(401);
    const read = (await ops('GET')).json().value;
    expect(read).toEqual(SETTINGS);
    const wrong = await ops('PUT', { ...SETTINGS, bonusPromotionId: 999_999 });
    expect(wrong.json()).toMatchObject({ code: 'PROMOTION_NOT_FOUND' });
    const bad = await ops('PUT', { ...SETTINGS, cashbackShareBps: 10_001 });
    expect(bad.statusCode).toBe(400);
    await settings({ autoPeriod: 'WEEKLY', cashbackPeriod: 'MONTHLY' });
    expect((await ops('GET')).json().value).toMatchObject({ autoPeriod: 'WEEKLY', cashbackPeriod: 'MONTHLY' });
    await settings();
  });

  it('keeps every rebate accounted for and the ledger audit clean through random claims, payouts and cashback', async () => {
    await settings({ claimIntervalSeconds: 0 });
    const members = [await member(), await member(), await member()];
    const earned = new Map<number, bigint>(members.map((m) => [m.memberId, 0n]));
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('bet' as const),
        who: fc.nat(2),
        game: fc.constantFrom('RNG', 'LIVE', 'FISH', 'SPORTS', 'LOTT'),
        bet: fc.bigInt(1n, 500_000n),
      }),
      fc.record({ kind: fc.constant('claim' as const), who: fc.nat(2) }),
      fc.record({ kind: fc.constant('job' as const) }),
    );
    const bps: Record<string, bigint> = { RNG: 30n, LIVE: 20n, FISH: 30n, SPORTS: 20n, LOTT: 10n };
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'bet') {
            const m = members[s.who]!;
            await settled(m.memberId, s.game, s.bet);
            earned.set(m.memberId, earned.get(m.memberId)! + s.bet * bps[s.game]!);
          } else if (s.kind === 'claim') {
            await accrueNow();
            await claimRebate(database.db, { memberId: members[s.who]!.memberId, brandId, isTrial: false }, nextDay()).catch(
              (e: { code?: string }) => expect(e.code).toBe('REBATE_BELOW_MINIMUM'),
            );
          } else {
            await accrueNow();
            const now = nextDay();
            await runJobOnce(database.db, rebateJob, now);
            await runJobOnce(database.db, weeklyCashback, now);
          }
        }
        await accrueNow();
        // Everything earned is either paid (whole poisha) or still accrued.
        for (const m of members) {
          const paid = (await payouts(m.memberId)).reduce((sum, p) => sum + p.amount, 0n);
          const left = (await accruals(m.memberId)).reduce((sum, r) => sum + r.accrued_e4, 0n);
          expect(paid * 10_000n + left).toBe(earned.get(m.memberId));
          expect(await walletBalance(database.db, m.memberId)).toBe(paid);
        }
        expect((await auditLedger(database.db)).violations).toEqual([]);
      }),
      { numRuns: 8, seed: 20261127 },
    );
    await settings();
  });
});
