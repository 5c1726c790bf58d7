import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { SESSION_PATHS } from '@playfront/contract/session-paths';
import { VIP_OPS_PATHS, VIP_PATHS } from '@playfront/contract/vip';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../brand/brand.repository.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import { deposit, memberWallet } from '../ledger/ledger.fixtures.ts';
import { vipPerks } from './vip.service.ts';
import { vipReviewJob } from './vip-jobs.ts';
import { VIP_CONSUMER } from './vip-progress-consumer.ts';

/**
 * VIP levels through the app: progress from the money outbox, upgrades at once (several levels in one step), each
 * level-up bonus paid once whatever is replayed, the monthly review (downgrade, monthly bonus) once across two
 * runners, the brand's VIP switch. Every scenario ends with the money audit clean.
 */
let database: TestDatabase;
let t: TestApp;

beforeEach(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', PERIODIC_JOBS: 'off' }, makeClock(new Date()));
  await t.app.ready();
});

afterEach(async () => {
  await t.app.moneyOutbox?.drain();
  const money = await auditLedger(database.db);
  expect(money.violations).toEqual([]);
  await t.app.close();
  await database.close();
});

const tk = (taka: number) => BigInt(taka) * 100n;
const get = (url: string, token: string, language = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { merchant: DEMO_MERCHANT_CODE, language, authorization: token } });

let round = 0;
/** A ROUND_SETTLED money event as the provider functions write it when a round closes. */
async function settled(memberId: number, validBet: bigint) {
  const reference = { vendor: 'PG', roundId: `vip-${++round}`, gameType: 'RNG', betTotal: String(validBet), validBet: String(validBet) };
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference)
    values (${memberId}, 'ROUND_SETTLED', 0, 0, 'BDT', 'provider:PG', ${JSON.stringify(reference)}::jsonb)`.execute(database.db);
}
const levelOf = async (memberId: number) =>
  (await database.db.selectFrom('member').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow()).vip_level;
const bonuses = (memberId: number) =>
  database.db
    .selectFrom('vip_bonus')
    .select(['kind', 'level', 'period', 'amount'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
const changes = (memberId: number) =>
  database.db
    .selectFrom('vip_level_change')
    .select(['from_level', 'to_level', 'reason'])
    .where('member_id', '=', memberId)
    .orderBy('id')
    .execute();
const vipPostings = async (memberId: number) => {
  const { rows } = await sql<{
    n: number;
  }>`select count(*)::int as n from ledger_transfer t join ledger_account a on a.id = t.credit_account_id
    where a.member_id = ${memberId} and t.idempotency_scope = 'vip-bonus'`.execute(database.db);
  return rows[0]!.n;
};

describe(`VIP levels (${testDbKind})`, () => {
  it('moves a member up at once when the window reaches a level, pays its bonus once, and shows it in member info', async () => {
    const m = await loggedInMember(database.db, t.clock.now);
    const before = await get(SESSION_PATHS.memberInfo, m.token);
    expect(before.json().value).toMatchObject({ hasVip: true, vipRankLevel: 0, vipLabelName: 'Bronze' });

    await deposit(database.db, await memberWallet(database.db, m.memberId), tk(2_000));
    await settled(m.memberId, tk(6_000));
    await t.app.moneyOutbox?.drain();
    // Deposits are enough for Silver, valid bets not yet (both are needed).
    expect(await levelOf(m.memberId)).toBe(0);

    await settled(m.memberId, tk(4_000));
    await t.app.moneyOutbox?.drain();
    await t.app.moneyOutbox?.drain();
    expect(await levelOf(m.memberId)).toBe(1);
    expect(await bonuses(m.memberId)).toEqual([{ kind: 'LEVEL_UP', level: 1, period: 'level-1', amount: tk(100) }]);
    expect(await walletBalance(database.db, m.memberId)).toBe(tk(2_000) + tk(100));

    const info = (await get(SESSION_PATHS.memberInfo, m.token)).json().value;
    expect(info).toMatchObject({ hasVip: true, vipRankLevel: 1, vipLabelName: 'Silver' });
    expect((await get(SESSION_PATHS.memberInfo, m.token, 'bn')).json().value.vipLabelName).toBe('রৌপ্য');

    const mine = (await get(VIP_PATHS.mine, m.token)).json();
    expect(mine.success).toBe(true);
    expect(mine.value.current).toMatchObject({ level: 1, name: 'Silver' });
    expect(mine.value.next).toMatchObject({ level: 2, name: 'Gold' });
    expect(mine.value.progress).toEqual({
      validBet: String(tk(10_000)),
      deposit: String(tk(2_000)),
      validBetTarget: String(tk(50_000)),
      depositTarget: String(tk(10_000)),
      validBetPercent: 20,
      depositPercent: 20,
    });
    expect(mine.value.bonuses).toHaveLength(1);

    const levels = (await get(VIP_PATHS.levels, m.token, 'bn')).json().value;
    expect(levels.levels).toHaveLength(8);
    expect(levels.levels[7]).toMatchObject({ level: 7, name: 'হীরা' });
    expect(levels.levels[2].rebateBps.slots).toBe(50);
  });

  it('moves up several levels in one step, paying each level-up bonus exactly once whatever the outbox replays', async () => {
    const m = await loggedInMember(database.db, t.clock.now);
    await deposit(database.db, await memberWallet(database.db, m.memberId), tk(40_000));
    await settled(m.memberId, tk(120_000));
    await settled(m.memberId, tk(80_000));
    await t.app.moneyOutbox?.drain();
    await t.app.moneyOutbox?.drain();
    expect(await levelOf(m.memberId)).toBe(3);
    expect(await changes(m.memberId)).toEqual([{ from_level: 0, to_level: 3, reason: 'UPGRADE' }]);
    // What the rebate and withdrawal work read of the level.
    expect(await vipPerks(database.db, m.memberId)).toMatchObject({
      level: 3,
      dailyWithdrawalLimit: tk(500_000),
      rebateBps: { slots: 60, lottery: 25 },
    });
    const paid = [
      { kind: 'LEVEL_UP', level: 1, period: 'level-1', amount: tk(100) },
      { kind: 'LEVEL_UP', level: 2, period: 'level-2', amount: tk(300) },
      { kind: 'LEVEL_UP', level: 3, period: 'level-3', amount: tk(1_000) },
    ];
    expect(await bonuses(m.memberId)).toEqual(paid);
    const balance = tk(40_000) + tk(1_400);
    expect(await walletBalance(database.db, m.memberId)).toBe(balance);

    // A crash before the position moved replays the whole outbox: the totals double, but nothing is paid twice.
    await sql`update outbox_consumer set position = 0, position_tx = '0'::xid8 where name = ${VIP_CONSUMER}`.execute(database.db);
    await t.app.moneyOutbox?.drain();
    await t.app.moneyOutbox?.drain();
    expect(await bonuses(m.memberId)).toEqual(paid);
    expect(await vipPostings(m.memberId)).toBe(3);
    expect(await walletBalance(database.db, m.memberId)).toBe(balance);

    // Dropped a level at a review and earned back: the bonus of a level is paid once per member, ever.
    await sql`update member set vip_level = 2 where id = ${m.memberId}`.execute(database.db);
    await settled(m.memberId, tk(1_000));
    await t.app.moneyOutbox?.drain();
    expect(await levelOf(m.memberId)).toBe(3);
    expect(await vipPostings(m.memberId)).toBe(3);
  });

  it('the monthly review downgrades below the keep threshold and pays the monthly bonus once across two runners', async () => {
    const brand = (await findBrand(database.db, DEMO_MERCHANT_CODE))!;
    const a = await loggedInMember(database.db, t.clock.now);
    const b = await loggedInMember(database.db, t.clock.now);
    const c = await loggedInMember(database.db, t.clock.now);
    // A is Platinum but bet only ৳30,000 (keeps Gold, 25,000); B is Silver and bet ৳6,000 (keeps it); C is Bronze.
    await sql`update member set vip_level = 3 where id = ${a.memberId}`.execute(database.db);
    await sql`update member set vip_level = 1 where id = ${b.memberId}`.execute(database.db);
    const now = new Date('2027-03-01T00:30:00Z');
    await sql`insert into vip_member_daily (member_id, day, valid_bet, deposit) values
      (${a.memberId}, '2027-02-20', ${tk(30_000)}, 0), (${b.memberId}, '2027-02-25', ${tk(6_000)}, 0),
      -- Outside the 30-day window: does not count.
      (${b.memberId}, '2027-01-20', ${tk(900_000)}, 0)`.execute(database.db);

    const job = vipReviewJob();
    const runs = await Promise.all([runJobOnce(database.db, job, now), runJobOnce(database.db, job, now)]);
    expect(runs.filter((r) => r.ran)).toHaveLength(1);
    expect(brand.id).toBeGreaterThan(0);
    expect(await levelOf(a.memberId)).toBe(2);
    expect(await levelOf(b.memberId)).toBe(1);
    expect(await levelOf(c.memberId)).toBe(0);
    expect(await changes(a.memberId)).toEqual([{ from_level: 3, to_level: 2, reason: 'REVIEW' }]);
    expect(await changes(b.memberId)).toEqual([]);
    expect(await bonuses(a.memberId)).toEqual([{ kind: 'MONTHLY', level: 2, period: '2027-03', amount: tk(150) }]);
    expect(await bonuses(b.memberId)).toEqual([{ kind: 'MONTHLY', level: 1, period: '2027-03', amount: tk(50) }]);
    expect(await bonuses(c.memberId)).toEqual([]);

    // Later periods of the same month review nobody again; the next month does.
    expect(await runJobOnce(database.db, job, new Date('2027-03-01T05:30:00Z'))).toEqual({ ran: true, affected: 0 });
    expect(await vipPostings(a.memberId)).toBe(1);
    await runJobOnce(database.db, job, new Date('2027-04-01T00:30:00Z'));
    // No valid bets in the window any more: both fall to Bronze, which has no monthly bonus.
    expect(await levelOf(a.memberId)).toBe(0);
    expect(await levelOf(b.memberId)).toBe(0);
    expect(await vipPostings(a.memberId)).toBe(1);
    expect(await walletBalance(database.db, a.memberId)).toBe(tk(150));
  });

  it('the operator edits a level behind the key; a ladder that would not rise is refused and nothing changes', async () => {
    const ops = { merchant: DEMO_MERCHANT_CODE, [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
    expect((await t.app.inject({ method: 'GET', url: VIP_OPS_PATHS.levels })).statusCode).toBe(401);
    const listed = (await t.app.inject({ method: 'GET', url: VIP_OPS_PATHS.levels, headers: ops })).json().value;
    expect(listed.enabled).toBe(true);
    expect(listed.levels).toHaveLength(8);
    const silver = listed.levels[1];
    expect(silver).toMatchObject({ level: 1, nameEn: 'Silver', icon: 'silver' });
    const put = (level: number, body: object) =>
      t.app.inject({ method: 'PUT', url: VIP_OPS_PATHS.level.replace(':level', String(level)), headers: ops, payload: body });

    // Silver asking more valid bets than Gold (৳50,000) would let members skip it.
    const tooHigh = await put(1, { ...silver, level: undefined, validBetThreshold: String(tk(60_000)) });
    expect(tooHigh.json().code).toBe('VIP_LADDER_ORDER');
    expect(tooHigh.statusCode).toBe(400);
    expect((await put(1, { ...silver, level: undefined, icon: 'pearl' })).statusCode).toBe(400);
    expect((await put(9, { ...silver, level: undefined })).statusCode).toBe(400);
    const unchanged = (await t.app.inject({ method: 'GET', url: VIP_OPS_PATHS.levels, headers: ops })).json().value.levels[1];
    expect(unchanged).toEqual(silver);

    const edited = {
      ...silver,
      level: undefined,
      nameEn: 'Silver Star',
      dailyWithdrawalLimit: String(tk(150_000)),
      rebateBps: { ...silver.rebateBps, slots: 45 },
    };
    const saved = await put(1, edited);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toMatchObject({ level: 1, nameEn: 'Silver Star', dailyWithdrawalLimit: String(tk(150_000)) });
    const m = await loggedInMember(database.db, t.clock.now);
    await sql`update member set vip_level = 1 where id = ${m.memberId}`.execute(database.db);
    expect(await vipPerks(database.db, m.memberId)).toMatchObject({ dailyWithdrawalLimit: tk(150_000), rebateBps: { slots: 45 } });
    const levels = (await get(VIP_PATHS.levels, m.token)).json().value.levels;
    expect(levels[1]).toMatchObject({ name: 'Silver Star' });
  });

  it('with VIP off for the brand: no upgrades, no VIP calls, member info says so', async () => {
    const brand = (await findBrand(database.db, DEMO_MERCHANT_CODE))!;
    await setBrandFlag(database.db, brand.id, 'VIP', false);
    const m = await loggedInMember(database.db, t.clock.now);
    await deposit(database.db, await memberWallet(database.db, m.memberId), tk(40_000));
    await settled(m.memberId, tk(200_000));
    await t.app.moneyOutbox?.drain();
    expect(await levelOf(m.memberId)).toBe(0);
    expect(await bonuses(m.memberId)).toEqual([]);
    const mine = await get(VIP_PATHS.mine, m.token);
    expect(mine.statusCode).toBe(403);
    expect(mine.json().code).toBe('FEATURE_DISABLED');
    expect((await get(SESSION_PATHS.memberInfo, m.token)).json().value.hasVip).toBe(false);
  });
});
