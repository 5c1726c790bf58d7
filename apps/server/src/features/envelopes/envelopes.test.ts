import { ENVELOPE_PATHS, OPS_ENVELOPE_PATHS, type OpsRainBody } from '@playfront/contract/envelopes';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { loggedInMember, walletBalance } from '../funds/funds.fixtures.ts';
import { expectLedgerClean } from '../play/play.fixtures.ts';
import { tickRains } from './envelope-jobs.ts';
import { nextStart, runningStart } from './envelope-schedule.ts';
import { splitBudget } from './envelope-split.ts';

/** Red envelope rain (issue 12): the split, the schedule, opening under load, refusals, the operator API. */

let database: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T12:00:05Z')));
  // The seeded demo rains would run beside the test's own; these tests make their own.
  await database.db.updateTable('envelope_rain').set({ active: false }).execute();
}, 60_000);
afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const ops = { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY };

function rainBody(over: Partial<OpsRainBody> = {}): OpsRainBody {
  return {
    name: 'Test rain',
    startsAt: t.clock.now.toISOString(),
    durationSeconds: 60,
    repeatMinutes: null,
    budget: '6000',
    count: 60,
    minAmount: '50',
    maxAmount: '200',
    minVipLevel: 0,
    bonusPromotionId: null,
    active: true,
    ...over,
  };
}

/** Creates a rain through the operator API and starts it; returns the running occurrence's id. */
async function startedRain(over: Partial<OpsRainBody> = {}): Promise<{ rainId: string; occurrenceId: string }> {
  const res = await t.app.inject({ method: 'POST', url: OPS_ENVELOPE_PATHS.rains, headers: ops, payload: rainBody(over) });
  expect(res.statusCode, res.body).toBe(200);
  const rainId = res.json().value.id as string;
  await tickRains(t.app);
  const o = await database.db
    .selectFrom('envelope_occurrence')
    .select('id')
    .where('rain_id', '=', BigInt(rainId))
    .orderBy('starts_at', 'desc')
    .executeTakeFirstOrThrow();
  return { rainId, occurrenceId: String(o.id) };
}

const open = (token: string, occurrenceId: string) =>
  t.app.inject({ method: 'POST', url: ENVELOPE_PATHS.open, headers: { ...BASE_HEADERS, authorization: token }, payload: { occurrenceId } });

describe('the budget split', () => {
  it('keeps every amount within [min, max], never exceeds the budget, and spends min(budget, count × max)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.bigInt({ min: 1n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 50_000n }),
        fc.bigInt({ min: 0n, max: 3_000_000n }),
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        (count, min, spread, slack, seedBytes) => {
          const max = min + spread;
          const budget = BigInt(count) * min + slack;
          const amounts = splitBudget({ budget, count, min, max }, Buffer.from(seedBytes).toString('hex'));
          expect(amounts).toHaveLength(count);
          const sum = amounts.reduce((a, b) => a + b, 0n);
          const cap = BigInt(count) * max;
          expect(sum).toBe(budget < cap ? budget : cap);
          for (const a of amounts) expect(a >= min && a <= max).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });

  it('is the same for the same seed and differs for another', () => {
    const settings = { budget: 100_000n, count: 50, min: 100n, max: 10_000n };
    const seed = 'ab'.repeat(32);
    expect(splitBudget(settings, seed)).toEqual(splitBudget(settings, seed));
    expect(splitBudget(settings, 'cd'.repeat(32))).not.toEqual(splitBudget(settings, seed));
  });
});

describe('the schedule', () => {
  const daily = { startsAt: new Date('2026-11-01T20:00:00Z'), durationSeconds: 300, repeatMinutes: 1440 };
  it('finds the running occurrence and the next one of a daily rain', () => {
    expect(runningStart(daily, new Date('2026-11-05T20:04:59Z'))).toEqual(new Date('2026-11-05T20:00:00Z'));
    expect(runningStart(daily, new Date('2026-11-05T20:05:00Z'))).toBeNull();
    expect(nextStart(daily, new Date('2026-11-05T20:01:00Z'))).toEqual(new Date('2026-11-06T20:00:00Z'));
    expect(nextStart(daily, new Date('2026-10-01T00:00:00Z'))).toEqual(daily.startsAt);
  });
  it('a one-off rain happens once', () => {
    const once = { ...daily, repeatMinutes: null };
    expect(runningStart(once, new Date('2026-11-01T20:01:00Z'))).toEqual(once.startsAt);
    expect(runningStart(once, new Date('2026-11-02T20:01:00Z'))).toBeNull();
    expect(nextStart(once, new Date('2026-11-01T20:01:00Z'))).toBeNull();
  });
});

describe(`opening envelopes (${testDbKind})`, () => {
  it('100 members opening at once: never over the budget, one envelope each at most, each paid its amount', async () => {
    const { occurrenceId } = await startedRain({ name: 'Crowd', budget: '6000', count: 60, minAmount: '50', maxAmount: '200' });
    const members = await Promise.all(Array.from({ length: 100 }, () => loggedInMember(database.db, t.clock.now)));
    // A fifth of them also send a second open at the same moment: at most one of the two may win.
    const calls = members.flatMap((m, i) =>
      i % 5 === 0 ? [open(m.token, occurrenceId), open(m.token, occurrenceId)] : [open(m.token, occurrenceId)],
    );
    const answers = await Promise.all(calls);
    const codes = answers.map((a) => (a.statusCode === 200 ? 'OK' : (a.json().code as string)));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(60);
    expect(new Set(codes)).toEqual(new Set(['OK', 'ENVELOPE_RAIN_EMPTY', 'ENVELOPE_ALREADY_OPENED']));

    const slots = await database.db.selectFrom('envelope_slot').selectAll().where('occurrence_id', '=', BigInt(occurrenceId)).execute();
    const opened = slots.filter((s) => s.member_id !== null);
    expect(opened).toHaveLength(60);
    expect(new Set(opened.map((s) => s.member_id)).size).toBe(60);
    const paid = opened.reduce((sum, s) => sum + s.amount, 0n);
    expect(paid <= 6000n).toBe(true);
    for (const s of opened) {
      expect(await walletBalance(database.db, s.member_id!)).toBe(s.amount);
      expect(s.transfer_id).not.toBeNull();
    }
    const rewardTransfers = await database.db
      .selectFrom('ledger_transfer')
      .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.sum<string>('amount').as('sum')])
      .where('kind', '=', 'RED_ENVELOPE')
      .where('idempotency_key', 'like', `envelope:${occurrenceId}:%`)
      .executeTakeFirstOrThrow();
    expect(Number(rewardTransfers.n)).toBe(60);
    expect(BigInt(rewardTransfers.sum)).toBe(paid);
    await expectLedgerClean(database.db);
  }, 25_000);

  it('answers the rain state: running with what is left and the member’s own amount, then the next one', async () => {
    const { occurrenceId } = await startedRain({ name: 'State', count: 5, budget: '1000', minAmount: '100', maxAmount: '300' });
    const me = await loggedInMember(database.db, t.clock.now);
    const opened = await open(me.token, occurrenceId);
    expect(opened.statusCode, opened.body).toBe(200);
    const state = await t.app.inject({ method: 'GET', url: ENVELOPE_PATHS.rain, headers: { ...BASE_HEADERS, authorization: me.token } });
    const current = state.json().value.current;
    expect(current).toMatchObject({ occurrenceId, remaining: 4, opened: opened.json().value.amount, eligible: true, payAs: 'CASH' });
    const guest = await t.app.inject({ method: 'GET', url: ENVELOPE_PATHS.rain, headers: BASE_HEADERS });
    expect(guest.json().value.current).toMatchObject({ occurrenceId, opened: null, eligible: null });
    const again = await open(me.token, occurrenceId);
    expect(again.json()).toMatchObject({ success: false, code: 'ENVELOPE_ALREADY_OPENED' });
  });

  it('refuses an open before the start, after the end, or of an unknown rain, with ENVELOPE_RAIN_NOT_RUNNING', async () => {
    const me = await loggedInMember(database.db, t.clock.now);
    const { occurrenceId } = await startedRain({ name: 'Short', durationSeconds: 10 });
    const unknown = await open(me.token, '999999999');
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json()).toMatchObject({ code: 'ENVELOPE_RAIN_NOT_RUNNING', message: 'errors.envelopeRainNotRunning' });

    const later = await t.app.inject({
      method: 'POST',
      url: OPS_ENVELOPE_PATHS.rains,
      headers: ops,
      payload: rainBody({ name: 'Later', startsAt: new Date(t.clock.now.getTime() + 3_600_000).toISOString() }),
    });
    expect(later.json().value.nextStartsAt).toBe(new Date(t.clock.now.getTime() + 3_600_000).toISOString());
    expect((await tickRains(t.app)).started.filter((o) => String(o.rain_id) === later.json().value.id)).toEqual([]);

    t.clock.advance(11_000);
    try {
      const over = await open(me.token, occurrenceId);
      expect(over.json()).toMatchObject({ code: 'ENVELOPE_RAIN_NOT_RUNNING' });
      // Ended by this tick, or by the app's own job tick if that ran first on a busy machine: ended either way.
      await tickRains(t.app);
      const { rows } = await sql<{ state: string }>`select state from envelope_occurrence where id = ${occurrenceId}`.execute(database.db);
      expect(rows[0]?.state).toBe('ENDED');
      expect(await walletBalance(database.db, me.memberId)).toBe(0n);
    } finally {
      t.clock.advance(-11_000);
    }
  });

  it('refuses members below the VIP floor, and trial accounts and guests', async () => {
    const { occurrenceId } = await startedRain({ name: 'VIP only', minVipLevel: 2 });
    const me = await loggedInMember(database.db, t.clock.now);
    expect((await open(me.token, occurrenceId)).json()).toMatchObject({ code: 'ENVELOPE_NOT_ELIGIBLE' });
    await database.db.updateTable('member').set({ vip_level: 2 }).where('id', '=', me.memberId).execute();
    expect((await open(me.token, occurrenceId)).statusCode).toBe(200);
    const trial = await loggedInMember(database.db, t.clock.now, 4);
    expect((await open(trial.token, occurrenceId)).json()).toMatchObject({ code: 'TRIAL_NOT_ALLOWED' });
    const guest = await t.app.inject({ method: 'POST', url: ENVELOPE_PATHS.open, headers: BASE_HEADERS, payload: { occurrenceId } });
    expect(guest.statusCode).toBe(401);
  });

  it('a bonus rain pays a grant of its promotion; a member with an active bonus is refused and the envelope stays for others', async () => {
    const promo = await database.db.selectFrom('promotion').select('id').where('code', '=', 'welcome-bonus').executeTakeFirstOrThrow();
    const { occurrenceId } = await startedRain({
      name: 'Bonus rain',
      count: 2,
      budget: '400',
      minAmount: '100',
      maxAmount: '300',
      bonusPromotionId: promo.id,
    });
    const busy = await loggedInMember(database.db, t.clock.now);
    await payReward(database.db, {
      memberId: busy.memberId,
      currency: 'BDT',
      amount: 500n,
      kind: 'CASHBACK',
      key: `envelope-test:${busy.memberId}`,
      bonusPromotionId: promo.id,
      now: t.clock.now,
    });
    expect((await open(busy.token, occurrenceId)).json()).toMatchObject({ code: 'BONUS_ALREADY_ACTIVE' });
    const free = await database.db
      .selectFrom('envelope_slot')
      .select('id')
      .where('occurrence_id', '=', BigInt(occurrenceId))
      .where('member_id', 'is', null)
      .execute();
    expect(free).toHaveLength(2);
    const other = await loggedInMember(database.db, t.clock.now);
    const res = await open(other.token, occurrenceId);
    expect(res.json().value).toMatchObject({ payAs: 'BONUS' });
    const grant = await database.db
      .selectFrom('bonus_grant')
      .select('amount')
      .where('member_id', '=', other.memberId)
      .executeTakeFirstOrThrow();
    expect(String(grant.amount)).toBe(res.json().value.amount);
    await expectLedgerClean(database.db);
  });
});

describe(`the start job (${testDbKind})`, () => {
  it('a start that dies half way (as in a crash) leaves nothing behind, and the next tick starts the occurrence once', async () => {
    const db = database.db;
    // The envelopes' insert fails, as if the process died after the claim and the occurrence row: all is rolled back.
    await sql`create function envelope_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'crash in the middle of the start'; end $$`.execute(db);
    await sql`create trigger envelope_test_fail before insert on envelope_slot for each statement execute function envelope_test_fail()`.execute(
      db,
    );
    let rainId: bigint;
    try {
      // Due a second from now, so the save's own tick finds nothing to start yet.
      const startsAt = new Date(t.clock.now.getTime() + 1000).toISOString();
      const res = await t.app.inject({
        method: 'POST',
        url: OPS_ENVELOPE_PATHS.rains,
        headers: ops,
        payload: rainBody({ name: 'Crashing start', startsAt }),
      });
      rainId = BigInt(res.json().value.id);
      t.clock.advance(1000);
      await expect(tickRains(t.app)).rejects.toThrow(/crash in the middle/);
      expect(await db.selectFrom('envelope_occurrence').select('id').where('rain_id', '=', rainId).execute()).toEqual([]);
      expect(await db.selectFrom('job_run').select('job').where('job', '=', `envelope-rain-start:${rainId}`).execute()).toEqual([]);
    } finally {
      await sql`drop trigger envelope_test_fail on envelope_slot`.execute(db);
      await sql`drop function envelope_test_fail()`.execute(db);
    }
    await Promise.all([tickRains(t.app), tickRains(t.app)]);
    const occurrences = await db.selectFrom('envelope_occurrence').select('id').where('rain_id', '=', rainId).execute();
    expect(occurrences).toHaveLength(1);
    expect(await db.selectFrom('envelope_slot').select('id').where('occurrence_id', '=', occurrences[0]!.id).execute()).toHaveLength(60);
    expect(await db.selectFrom('job_run').select('affected').where('job', '=', `envelope-rain-start:${rainId}`).execute()).toEqual([
      { affected: 60 },
    ]);
  });
});

describe('the operator API', () => {
  it('refuses settings that cannot work and needs the operator key', async () => {
    const post = (payload: unknown, headers: Record<string, string> = ops) =>
      t.app.inject({ method: 'POST', url: OPS_ENVELOPE_PATHS.rains, headers, payload: payload as object });
    expect((await post(rainBody({ budget: '100', count: 10, minAmount: '50' }))).json()).toMatchObject({
      code: 'ENVELOPE_RAIN_INVALID',
      fields: { budget: { params: { rule: 'budgetBelowMinimums' } } },
    });
    expect((await post(rainBody({ minAmount: '300', maxAmount: '200' }))).json()).toMatchObject({ code: 'ENVELOPE_RAIN_INVALID' });
    expect((await post(rainBody({ repeatMinutes: 5, durationSeconds: 300 }))).json()).toMatchObject({ code: 'ENVELOPE_RAIN_INVALID' });
    expect((await post(rainBody({ bonusPromotionId: 999_999 }))).json()).toMatchObject({ code: 'ENVELOPE_RAIN_INVALID' });
    expect((await post(rainBody(), BASE_HEADERS)).statusCode).toBe(401);
  });

  it('updates a rain and reports its occurrences', async () => {
    const { rainId, occurrenceId } = await startedRain({ name: 'Edited', count: 3, budget: '300', minAmount: '100', maxAmount: '100' });
    const me = await loggedInMember(database.db, t.clock.now);
    await open(me.token, occurrenceId);
    const put = await t.app.inject({
      method: 'PUT',
      url: OPS_ENVELOPE_PATHS.rain.replace(':rainId', rainId),
      headers: ops,
      payload: rainBody({ name: 'Edited', active: false, repeatMinutes: 60 }),
    });
    expect(put.json().value).toMatchObject({ active: false, repeatMinutes: 60, nextStartsAt: null });
    const report = await t.app.inject({ method: 'GET', url: OPS_ENVELOPE_PATHS.occurrences.replace(':rainId', rainId), headers: ops });
    expect(report.json().value.list).toEqual([
      expect.objectContaining({ id: occurrenceId, opened: 1, paid: '100', count: 3, state: 'RUNNING' }),
    ]);
    const list = await t.app.inject({ method: 'GET', url: OPS_ENVELOPE_PATHS.rains, headers: ops });
    expect(list.json().value.list.map((r: { id: string }) => r.id)).toContain(rainId);
  });
});
