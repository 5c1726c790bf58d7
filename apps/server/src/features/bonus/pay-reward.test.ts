import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { expectLedgerClean } from '../play/play.fixtures.ts';
import { payReward, type RewardPayment } from './pay-reward.ts';

/** reward_pay, the one statement every reward of issue 12 is paid by: once per key, cash or bonus, never twice. */

let database: TestDatabase;
let promotionId: number;
let currency: string;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  const promo = await database.db
    .selectFrom('promotion')
    .select(['id', 'currency'])
    .where('code', '=', 'welcome-bonus')
    .executeTakeFirstOrThrow();
  promotionId = promo.id;
  currency = promo.currency;
});
afterAll(async () => {
  await database.close();
});

const cash = (memberId: number, key: string, amount = 1_500n): RewardPayment => ({
  memberId,
  currency,
  amount,
  kind: 'CASHBACK',
  key,
  reference: { test: 'cash' },
  now,
});

const bonusGrants = async (memberId: number) =>
  database.db.selectFrom('bonus_grant').select(['id', 'amount', 'state']).where('member_id', '=', memberId).execute();

describe('reward_pay', () => {
  it('pays cash from the budget to the wallet once per key; a repeat answers the same transfer and moves nothing', async () => {
    const { memberId } = await loggedInMember(database.db, now);
    const first = await payReward(database.db, cash(memberId, `t:${memberId}:a`));
    expect(first).toMatchObject({ outcome: 'PAID', as: 'CASH' });
    const again = await payReward(database.db, cash(memberId, `t:${memberId}:a`));
    expect(again).toEqual({ ...first, outcome: 'REPLAY' });
    expect(await walletBalance(database.db, memberId)).toBe(1_500n);
    const transfer = await database.db
      .selectFrom('ledger_transfer')
      .select(['kind', 'amount', 'reference'])
      .where('idempotency_scope', '=', 'reward')
      .where('idempotency_key', '=', `t:${memberId}:a`)
      .execute();
    expect(transfer).toEqual([{ kind: 'CASHBACK', amount: 1_500n, reference: { test: 'cash' } }]);
  });

  it('refuses a key used for another member or amount, and pays a new key again', async () => {
    const { memberId } = await loggedInMember(database.db, now);
    await payReward(database.db, cash(memberId, `t:${memberId}:b`));
    await expect(payReward(database.db, cash(memberId, `t:${memberId}:b`, 1_501n))).rejects.toThrow(/used for another payment/);
    await payReward(database.db, cash(memberId, `t:${memberId}:c`, 500n));
    expect(await walletBalance(database.db, memberId)).toBe(2_000n);
  });

  it('pays 40 racing calls with one key exactly once', async () => {
    const { memberId } = await loggedInMember(database.db, now);
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => payReward(database.db, cash(memberId, `t:${memberId}:race`))));
    expect(outcomes.filter((o) => o.outcome === 'PAID')).toHaveLength(1);
    expect(outcomes.filter((o) => o.outcome === 'REPLAY')).toHaveLength(39);
    expect(await walletBalance(database.db, memberId)).toBe(1_500n);
    await expectLedgerClean(database.db);
  });

  it('pays bonus money as a grant of the promotion once, and refuses a second grant while the first is active', async () => {
    const { memberId } = await loggedInMember(database.db, now);
    const bonus = { ...cash(memberId, `t:${memberId}:bonus`, 2_000n), bonusPromotionId: promotionId };
    const first = await payReward(database.db, bonus);
    expect(first).toMatchObject({ outcome: 'PAID', as: 'BONUS' });
    expect(await payReward(database.db, bonus)).toEqual({ ...first, outcome: 'REPLAY' });
    expect(await bonusGrants(memberId)).toEqual([{ id: BigInt((first as { grantId: string }).grantId), amount: 2_000n, state: 'active' }]);
    // The wallet is untouched (the money is in the member's bonus account), but it exists: a converted grant pays into it.
    expect(await walletBalance(database.db, memberId)).toBe(0n);
    const wallet = await database.db
      .selectFrom('ledger_account')
      .select('id')
      .where('member_id', '=', memberId)
      .where('kind', '=', 'MEMBER_WALLET')
      .execute();
    expect(wallet).toHaveLength(1);

    const second = await payReward(database.db, { ...bonus, key: `t:${memberId}:bonus2` });
    expect(second).toEqual({ outcome: 'REFUSED', code: 'BONUS_ALREADY_ACTIVE' });
    expect(await bonusGrants(memberId)).toHaveLength(1);
    await expectLedgerClean(database.db);
  });
});
