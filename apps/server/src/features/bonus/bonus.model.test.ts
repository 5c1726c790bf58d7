import { OPERATOR_KEY_HEADER } from '@playfront/contract';
import { FUNDS_PATHS } from '@playfront/contract/funds';
import { PROMOTION_OPS_PATHS, PROMOTION_PATHS } from '@playfront/contract/promotions';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { demoPromotions } from '../../seed/demo-promotions.ts';
import { applyPaymentEvent } from '../funds/deposit.service.ts';
import { eventId, SANDBOX_SECRET, txnId, walletBalance } from '../funds/funds.fixtures.ts';
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
import { bonusUpkeepJob } from './bonus-jobs.ts';

/**
 * Property: random sequences of deposits (with and without the welcome offer), settled rounds (losses and wins),
 * cancellations, expiries and withdrawals keep the member's cash and bonus exactly where the written rule
 * (decision 026) puts them, never let a withdrawal take bonus money, and leave the ledger audit clean.
 */

let database: TestDatabase;
let t: TestApp;
let games: DemoGames;
const ENV = { HOUSE_PROVIDER_SECRET: HOUSE_SECRET, ARGON2_PROFILE: 'test', PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET, PERIODIC_JOBS: 'off' };
const OPS = { merchant: 'DEMO', [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
const MAX_BET = 50_000n;
const CAP = 1_000_000n;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, ENV, makeClock(new Date()));
  games = await demoGames(database.db);
  // Twice the bonus to wager, so runs of a few rounds reach the conversion.
  const list = await t.app.inject({ method: 'GET', url: PROMOTION_OPS_PATHS.promotions, headers: OPS });
  const { id } = (list.json().value.list as { id: number; code: string }[]).find((p) => p.code === 'welcome-bonus')!;
  const body = { ...demoPromotions(t.clock.now).find((p) => p.code === 'welcome-bonus')!, wageringMultiplier: '2' };
  expect(
    (await t.app.inject({ method: 'PUT', url: PROMOTION_OPS_PATHS.promotion.replace(':id', String(id)), headers: OPS, payload: body }))
      .statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await t.app.close();
  await database.close();
});

type Action =
  | { kind: 'deposit'; amount: bigint; offer: boolean }
  | { kind: 'round'; stake: bigint; winPercent: bigint }
  | { kind: 'cancel' }
  | { kind: 'expire' }
  | { kind: 'withdraw'; amount: bigint; forfeit: boolean };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.bigInt({ min: 50_000n, max: 300_000n }), offer: fc.boolean() }),
  fc.record({
    kind: fc.constant('round' as const),
    stake: fc.constantFrom(1_000n, 20_000n, 50_000n, 50_001n, 120_000n),
    winPercent: fc.constantFrom(0n, 0n, 50n, 200n, 1000n),
  }),
  fc.record({ kind: fc.constant('round' as const), stake: fc.constantFrom(30_000n), winPercent: fc.constantFrom(0n, 150n) }),
  fc.constant({ kind: 'cancel' as const }),
  fc.constant({ kind: 'expire' as const }),
  fc.record({ kind: fc.constant('withdraw' as const), amount: fc.bigInt({ min: 50_000n, max: 200_000n }), forfeit: fc.boolean() }),
);

type Model = {
  cash: bigint;
  bonus: bigint;
  held: bigint;
  grant: 'none' | 'active' | 'ended';
  wagered: bigint;
  required: bigint;
  deposits: number;
};

async function bonusBalance(memberId: number): Promise<bigint> {
  const row = await database.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('kind', '=', 'MEMBER_BONUS')
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  return row?.balance ?? 0n;
}

async function runScenario(actions: Action[]): Promise<void> {
  const m = await fundedMember(database.db, t.clock.now, 0n);
  await sql`update member set payment_password_hash = ${await hashPassword('246810', 'test')} where id = ${m.memberId}`.execute(
    database.db,
  );
  const b = bodies(await launchToken(t, m.token, games.slot.nodeId), games.slot.gameCode);
  const H = { merchant: 'DEMO', authorization: m.token };
  const model: Model = { cash: 0n, bonus: 0n, held: 0n, grant: 'none', wagered: 0n, required: 0n, deposits: 0 };
  let step = 0;

  for (const a of actions) {
    step += 1;
    const where = `step ${step} ${JSON.stringify(a, (_k, v) => (typeof v === 'bigint' ? String(v) : v))}`;
    if (a.kind === 'deposit') {
      const offer = a.offer && model.deposits === 0 && model.grant === 'none';
      const res = await t.app.inject({
        method: 'POST',
        url: FUNDS_PATHS.depositOrders,
        headers: H,
        payload: { channelCode: 'BKASH', amount: String(a.amount), ...(a.offer ? { promotionCode: 'welcome-bonus' } : {}) },
      });
      if (a.offer && !offer) {
        // Not a first deposit any more (or the offer was used): the pick itself is refused, nothing moves.
        expect(res.statusCode, where).not.toBe(200);
        continue;
      }
      expect(res.statusCode, `${where} ${res.body}`).toBe(200);
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
          amount: a.amount,
          currency: 'BDT',
          reason: null,
        },
        t.clock.now,
      );
      model.cash += a.amount;
      model.deposits += 1;
      if (offer) {
        const grant = a.amount > CAP ? CAP : a.amount;
        model.bonus += grant;
        model.grant = 'active';
        model.wagered = 0n;
        model.required = grant * 2n;
      }
    } else if (a.kind === 'round') {
      const roundId = txId('round');
      const bet = await providerCall(t, 'PG', 'bet', b.bet(roundId, String(a.stake)));
      if (model.grant === 'active' && a.stake > MAX_BET) {
        expect(bet.json().status, where).toBe('BET_LIMIT');
        continue;
      }
      if (model.cash + model.bonus < a.stake) {
        expect(bet.json().status, where).toBe('INSUFFICIENT_FUNDS');
        continue;
      }
      expect(bet.statusCode, `${where} ${bet.body}`).toBe(200);
      const cashPart = model.cash < a.stake ? model.cash : a.stake;
      const bonusPart = a.stake - cashPart;
      model.cash -= cashPart;
      model.bonus -= bonusPart;
      const win = (a.stake * a.winPercent) / 100n;
      const bonusShare = (win * bonusPart) / a.stake;
      expect((await providerCall(t, 'PG', 'win', b.win(roundId, String(win)))).statusCode, where).toBe(200);
      model.cash += win - bonusShare;
      model.bonus += bonusShare;
      if (model.grant === 'active') {
        model.wagered += a.stake;
        if (model.wagered >= model.required) {
          model.cash += model.bonus;
          model.bonus = 0n;
          model.grant = 'ended';
        } else if (model.bonus === 0n) {
          model.grant = 'ended';
        }
      }
    } else if (a.kind === 'cancel') {
      const active = await database.db
        .selectFrom('bonus_grant')
        .select('id')
        .where('member_id', '=', m.memberId)
        .where('state', '=', 'active')
        .executeTakeFirst();
      expect(active !== undefined, where).toBe(model.grant === 'active');
      if (!active) continue;
      const res = await t.app.inject({
        method: 'POST',
        url: PROMOTION_PATHS.cancelBonus.replace(':grantId', String(active.id)),
        headers: H,
      });
      expect(res.statusCode, `${where} ${res.body}`).toBe(200);
      model.bonus = 0n;
      model.grant = 'ended';
    } else if (a.kind === 'expire') {
      await database.db
        .updateTable('bonus_grant')
        .set({ expires_at: new Date(t.clock.now.getTime() - 1) })
        .where('member_id', '=', m.memberId)
        .where('state', '=', 'active')
        .execute();
      t.clock.advance(61_000); // the next job period
      await runJobOnce(database.db, bonusUpkeepJob(), t.clock.now);
      if (model.grant === 'active') {
        model.bonus = 0n;
        model.grant = 'ended';
      }
    } else {
      const res = await sealed(
        t,
        'POST',
        FUNDS_PATHS.withdrawals,
        {
          requestId: txId('wd').slice(0, 40),
          amount: String(a.amount),
          method: 'BKASH',
          accountName: 'Rahim Uddin',
          accountNumber: '01700000000',
          paymentPassword: '246810',
          forfeitBonus: a.forfeit,
        },
        { token: m.token },
      );
      if (model.grant === 'active' && !a.forfeit) {
        expect(res.json().code, where).toBe('BONUS_FORFEIT_REQUIRED');
      } else if (a.amount > model.cash) {
        // Only cash can be withdrawn: locked bonus never makes up a shortfall.
        expect(res.json().code, `${where} ${res.body}`).toBe('INSUFFICIENT_FUNDS');
      } else {
        expect(res.statusCode, `${where} ${res.body}`).toBe(200);
        model.cash -= a.amount;
        model.held += a.amount;
        if (model.grant === 'active') {
          model.bonus = 0n;
          model.grant = 'ended';
        }
      }
    }
    await t.app.moneyOutbox?.drain();
    expect(await walletBalance(database.db, m.memberId), `${where}: cash`).toBe(model.cash);
    expect(await bonusBalance(m.memberId), `${where}: bonus`).toBe(model.bonus);
  }
}

describe(`bonus money under random play (${testDbKind})`, () => {
  it('cash and bonus follow the written rule; withdrawals never take bonus money; the ledger stays clean', {
    timeout: 240_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 3, maxLength: 10 }), async (actions) => {
        await runScenario([{ kind: 'deposit', amount: 200_000n, offer: true }, ...actions]);
      }),
      { numRuns: Number(process.env.BONUS_MODEL_RUNS ?? 25) },
    );
    await expectLedgerClean(database.db);
  });
});
