import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { OPS_REFERRAL_PATHS, REFERRAL_PATHS } from '@playfront/contract/referral';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { dispatchOnce, type MoneyEvent } from '../../infra/outbox/money-outbox.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../brand/brand.repository.ts';
import { expectBooksClean, memberSession, walletBalance } from '../funds/funds.fixtures.ts';
import { createMember, deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { REFERRAL_CONSUMER, referralRewardConsumer } from './referral-reward-consumer.ts';
import { applyReferralEvents, meetsRule } from './referral-rewards.ts';

/**
 * Referral rewards on one database (decision 049): a referred member's first deposit and settled valid bets, from the
 * money outbox, pay the referrer once through reward_pay when they meet the brand's rule; a replayed batch, a replayed
 * outbox, and two consumers racing over the same event pay nothing more; the books stay balanced.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, {}, makeClock(new Date()));
  await t.app.ready();
  // The tests move the outbox themselves (drain), so a background round never takes an event from under a test.
  await t.app.moneyOutbox!.stop();
  brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
  await setBrandFlag(t.db, brandId, 'REFERRAL', true);
});

afterAll(async () => {
  await t.app.close();
  await database.close();
});

const ops = (method: 'GET' | 'PUT', payload?: object, key = OPERATOR_KEY) =>
  t.app.inject({
    method,
    url: OPS_REFERRAL_PATHS.settings,
    headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: key },
    ...(payload ? { payload } : {}),
  });
const RULE = { enabled: true, minFirstDeposit: '50000', minTurnover: '100000', rewardAmount: '20000' };

async function pair() {
  const referrer = await createMember(t.db);
  const invitee = await createMember(t.db);
  await t.db.updateTable('member').set({ referrer_id: referrer }).where('id', '=', invitee).execute();
  return { referrer, invitee };
}

let round = 0;
/** A ROUND_SETTLED money event as the provider functions write it when a round closes. */
async function settled(memberId: number, validBet: bigint) {
  const reference = { vendor: 'PG', roundId: `ref-${++round}`, gameType: 'SLOT', gameCode: 'x', validBet: String(validBet), winTotal: '0' };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference, created_at)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb, ${t.clock.now})`.execute(t.db);
}
const credit = async (memberId: number, amount: bigint) => deposit(t.db, await memberWallet(t.db, memberId), amount);
const drain = () => t.app.moneyOutbox!.drain();
const rewardsOf = async (referrer: number) =>
  (
    await t.db
      .selectFrom('ledger_transfer as x')
      .innerJoin('ledger_account as a', 'a.id', 'x.credit_account_id')
      .select(['x.amount'])
      .where('x.kind', '=', 'REFERRAL_REWARD')
      .where('a.member_id', '=', referrer)
      .execute()
  ).map((r) => BigInt(r.amount));

describe(`referral rewards (${testDbKind})`, () => {
  it('lets only the operator set a whole-unit rule with a positive reward', async () => {
    expect((await ops('PUT', RULE, 'wrong-key-0000000000000000000000')).statusCode).toBe(401);
    const bad = await ops('PUT', { ...RULE, rewardAmount: '0' });
    expect(bad.statusCode).toBe(400);
    expect((await ops('PUT', { ...RULE, minTurnover: '1.5' })).statusCode).toBe(400);
    expect((await ops('GET')).statusCode).toBe(404);
    const saved = await ops('PUT', RULE);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual(RULE);
  });

  it('pays the referrer once the first deposit and the turnover meet the rule, and shows it on the page', async () => {
    const { referrer, invitee } = await pair();
    await credit(invitee, 60_000n);
    await settled(invitee, 40_000n);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([]);
    await settled(invitee, 60_000n);
    await settled(invitee, 70_000n);
    await credit(invitee, 10_000n);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([20_000n]);
    expect(await walletBalance(t.db, referrer)).toBe(20_000n);

    const token = await memberSession(t.db, referrer, t.clock.now);
    const page = await t.app.inject({
      method: 'GET',
      url: REFERRAL_PATHS.summary,
      headers: { ...BASE_HEADERS, language: 'bn', authorization: token },
    });
    expect(page.statusCode, page.body).toBe(200);
    const rewards = page.json().value.rewards;
    expect(rewards.rule).toEqual({ minFirstDeposit: '50000', minTurnover: '100000', rewardAmount: '20000' });
    expect(rewards.total).toBe('20000');
    expect(rewards.list).toHaveLength(1);
    expect(rewards.list[0]).toMatchObject({ title: 'রেফারেল পুরস্কার', amount: '20000' });
    expect(rewards.list[0].maskedName).toContain('****');
    await expectBooksClean(t.db);
  });

  it('never pays for a first deposit below the minimum, whatever comes after', async () => {
    const { referrer, invitee } = await pair();
    await credit(invitee, 49_999n);
    await credit(invitee, 500_000n);
    await settled(invitee, 1_000_000n);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([]);
    expect(
      meetsRule(
        { firstDeposit: 49_999n, turnover: 1_000_000n },
        { enabled: true, minFirstDeposit: 50_000n, minTurnover: 0n, rewardAmount: 1n },
      ),
    ).toBe(false);
  });

  it('pays nothing while the rule or the REFERRAL promo is off, and a member without a referrer earns nobody anything', async () => {
    const { referrer, invitee } = await pair();
    await ops('PUT', { ...RULE, enabled: false });
    await credit(invitee, 60_000n);
    await settled(invitee, 200_000n);
    await drain();
    await setBrandFlag(t.db, brandId, 'REFERRAL', false);
    await ops('PUT', RULE);
    await settled(invitee, 1n);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([]);
    await setBrandFlag(t.db, brandId, 'REFERRAL', true);
    // The rule is back: the invitee's next settled bet finds it met and pays once.
    await settled(invitee, 1n);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([20_000n]);

    const loner = await createMember(t.db);
    await credit(loner, 60_000n);
    await settled(loner, 200_000n);
    await drain();
    expect(await t.db.selectFrom('referral_progress').select('invitee_id').where('invitee_id', '=', loner).execute()).toEqual([]);
  });

  it('pays once when the batch is replayed, the whole outbox is replayed, or two consumers race over the same event', async () => {
    const { referrer, invitee } = await pair();
    await credit(invitee, 60_000n);
    await drain();
    const events = await lastEvents(invitee);
    await settled(invitee, 100_000n);
    const qualifying = (await lastEvents(invitee)).slice(events.length);
    expect(qualifying).toHaveLength(1);

    // Two consumers (two instances) applying the same qualifying event at once, each in its own transaction.
    const apply = () => t.db.transaction().execute((trx) => applyReferralEvents(trx, qualifying, t.clock.now));
    const raced = await Promise.allSettled([apply(), apply()]);
    expect(raced.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await rewardsOf(referrer)).toEqual([20_000n]);

    // The same batch again, then the outbox consumer from the very beginning: nothing more is paid.
    await t.db.transaction().execute((trx) => applyReferralEvents(trx, qualifying, t.clock.now));
    await sql`update outbox_consumer set position_tx = '0'::xid8, position = 0 where name = ${REFERRAL_CONSUMER}`.execute(t.db);
    const consumer = referralRewardConsumer(t.app);
    await Promise.all([dispatchOnce(t.db, consumer), dispatchOnce(t.db, consumer)]);
    await drain();
    expect(await rewardsOf(referrer)).toEqual([20_000n]);
    expect(await walletBalance(t.db, referrer)).toBe(20_000n);
    await expectBooksClean(t.db);
  });

  it('rolls the whole batch back when paying fails, so the consumer retries it later and pays once', async () => {
    const { referrer, invitee } = await pair();
    await credit(invitee, 60_000n);
    await settled(invitee, 100_000n);
    const events = await lastEvents(invitee);
    // A failure after the claim (here: a broken statement after the payment) takes the claim and the payment back.
    await expect(
      t.db.transaction().execute(async (trx) => {
        await applyReferralEvents(trx, events, t.clock.now);
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow();
    expect(await rewardsOf(referrer)).toEqual([]);
    const progress = await t.db.selectFrom('referral_progress').selectAll().where('invitee_id', '=', invitee).executeTakeFirst();
    expect(progress?.rewarded_at ?? null).toBeNull();
    await drain();
    expect(await rewardsOf(referrer)).toEqual([20_000n]);
    await expectBooksClean(t.db);
  });
});

/** The member's money events in outbox order, as the consumer sees them. */
async function lastEvents(memberId: number): Promise<MoneyEvent[]> {
  const rows = await t.db.selectFrom('money_event').selectAll().where('member_id', '=', memberId).orderBy('id').execute();
  return rows.map((r) => ({
    id: BigInt(r.id),
    txId: String(r.tx_id),
    memberId: r.member_id,
    kind: r.kind,
    amount: BigInt(r.amount),
    balanceAfter: BigInt(r.balance_after),
    currency: r.currency,
    source: r.source,
    reference: r.reference as Record<string, unknown>,
    createdAt: r.created_at,
  }));
}
