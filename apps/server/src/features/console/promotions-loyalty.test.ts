import { CONSOLE_LOYALTY_PATHS, loyaltyPath } from '@playfront/contract/console-loyalty';
import { PROMOTION_PATHS } from '@playfront/contract/promotions';
import { REFERRAL_PATHS } from '@playfront/contract/referral';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';
import { expectLedgerClean } from '../play/play.fixtures.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';
import { consoleRouteTable } from './console.plugin.ts';

/**
 * Console promotions and loyalty (decision 047): the staff powers of the /ops/* routes, each change with exactly
 * one audit row in its transaction (a failure leaves neither), approvals that pay once under a race.
 */

let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let readOnly: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T08:00:00Z')));
  owner = await signedInStaff(t, 'owner');
  readOnly = await signedInStaff(t, 'read-only');
}, 180_000);

afterAll(async () => {
  await t?.app.moneyOutbox?.drain();
  await t?.app.close();
  await database?.close();
});

const P = CONSOLE_LOYALTY_PATHS;
const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);

/** Makes the next audit insert fail (as a full disk or a bug would), runs `fn`, then removes the failure. */
async function withFailingAudit(fn: () => Promise<void>) {
  await sql
    .raw(`create function fail_audit_e() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`)
    .execute(database.db);
  await sql
    .raw('create trigger fail_audit_e before insert on staff_audit for each row execute function fail_audit_e()')
    .execute(database.db);
  try {
    await fn();
  } finally {
    await sql.raw('drop trigger fail_audit_e on staff_audit').execute(database.db);
    await sql.raw('drop function fail_audit_e()').execute(database.db);
  }
}

describe(`console promotions (${testDbKind})`, () => {
  it('registers every path of the contract behind a permission', () => {
    const urls = new Set(consoleRouteTable(t.app).map((r) => r.url));
    for (const path of Object.values(P)) expect(urls, path).toContain(path);
  });

  it('lists with server paging, filter and sort; edits, pauses and resumes with one audit row each', async () => {
    const page = await consoleCall(t, 'GET', `${P.promotions}?pageSize=2&sort=code&order=asc`, readOnly.token);
    expect(page.statusCode, page.body).toBe(200);
    const { list, total } = page.json().value as { list: { code: string }[]; total: number };
    expect(list).toHaveLength(2);
    expect(total).toBeGreaterThan(2);
    expect(list.map((p) => p.code)).toEqual([...list.map((p) => p.code)].sort());
    const found = await consoleCall(t, 'GET', `${P.promotions}?q=big-win`, readOnly.token);
    const promo = found.json().value.list[0] as { id: number; code: string; status: string };
    expect(promo.code).toBe('big-win-share');

    const detail = await consoleCall(t, 'GET', loyaltyPath('promotion', { promotionId: promo.id }), readOnly.token);
    const body = detail.json().value.body;
    expect(body.code).toBe('big-win-share');
    // Read-only staff read but never write.
    expect((await consoleCall(t, 'PUT', loyaltyPath('promotion', { promotionId: promo.id }), readOnly.token, body)).json().code).toBe(
      'STAFF_PERMISSION_DENIED',
    );

    const before = await auditCount();
    const edited = await consoleCall(t, 'PUT', loyaltyPath('promotion', { promotionId: promo.id }), owner.token, {
      ...body,
      budget: '90000000',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().value.budget).toBe('90000000');
    const rows = await auditRows(database.db, 'promotion.update', String(promo.id));
    expect(rows).toHaveLength(1);
    expect((rows[0]!.before as { budget: string }).budget).toBe(body.budget);
    expect((rows[0]!.after as { budget: string }).budget).toBe('90000000');

    // A refused change (the code names the promotion and stays) changes nothing and writes nothing.
    const renamed = await consoleCall(t, 'PUT', loyaltyPath('promotion', { promotionId: promo.id }), owner.token, {
      ...body,
      code: 'other',
    });
    expect(renamed.json().code).toBe('VALIDATION');

    const paused = await consoleCall(t, 'POST', loyaltyPath('promotionStatus', { promotionId: promo.id }), owner.token, {
      status: 'PAUSED',
    });
    expect(paused.json().value.status).toBe('PAUSED');
    expect(
      (await consoleCall(t, 'GET', `${P.promotions}?status=PAUSED`, owner.token)).json().value.list.map((p: { id: number }) => p.id),
    ).toEqual([promo.id]);
    const resumed = await consoleCall(t, 'POST', loyaltyPath('promotionStatus', { promotionId: promo.id }), owner.token, {
      status: 'ACTIVE',
    });
    expect(resumed.json().value.status).toBe('ACTIVE');
    expect(await auditCount()).toBe(before + 3);

    // The audit insert fails: the pause is rolled back with it.
    await withFailingAudit(async () => {
      const res = await consoleCall(t, 'POST', loyaltyPath('promotionStatus', { promotionId: promo.id }), owner.token, {
        status: 'PAUSED',
      });
      expect(res.statusCode).toBe(500);
    });
    const status = await database.db.selectFrom('promotion').select('status').where('id', '=', promo.id).executeTakeFirstOrThrow();
    expect(status.status).toBe('ACTIVE');
    expect(await auditCount()).toBe(before + 3);
  });

  it('creates a promotion; a taken code is refused without an audit row', async () => {
    const detail = await consoleCall(t, 'GET', `${P.promotions}?q=big-win`, owner.token);
    const id = detail.json().value.list[0].id as number;
    const body = (await consoleCall(t, 'GET', loyaltyPath('promotion', { promotionId: id }), owner.token)).json().value.body;
    const created = await consoleCall(t, 'POST', P.promotions, owner.token, { ...body, code: 'console-made', budget: '1000000' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value).toMatchObject({ code: 'console-made', grantedTotal: '0', status: 'ACTIVE' });
    expect(await auditRows(database.db, 'promotion.create', String(created.json().value.id))).toHaveLength(1);
    const before = await auditCount();
    const again = await consoleCall(t, 'POST', P.promotions, owner.token, { ...body, code: 'console-made', budget: '1000000' });
    expect(again.json().code).toBe('VALIDATION');
    expect(await auditCount()).toBe(before);
  });

  it('approving an application twice at once pays once; a rejection carries its reason to the member', async () => {
    const a = await loggedInMember(database.db, t.clock.now);
    const b = await loggedInMember(database.db, t.clock.now);
    for (const m of [a, b]) {
      const applied = await t.app.inject({
        method: 'POST',
        url: PROMOTION_PATHS.apply.replace(':code', 'big-win-share'),
        headers: { ...BASE_HEADERS, authorization: m.token },
        payload: { note: 'x50 on Fortune Tiger' },
      });
      expect(applied.json().value?.state, applied.body).toBe('applying');
    }
    const pending = await consoleCall(t, 'GET', `${P.applications}?pageSize=50`, readOnly.token);
    const apps = pending.json().value.list as { id: string; memberId: string; promotionId: number; promotionCode: string }[];
    const ofA = apps.find((x) => x.memberId === String(a.memberId))!;
    const ofB = apps.find((x) => x.memberId === String(b.memberId))!;
    expect(ofA.promotionCode).toBe('big-win-share');

    const approve = () => consoleCall(t, 'POST', loyaltyPath('applicationApprove', { participationId: ofA.id }), owner.token, {});
    const twice = await Promise.all([approve(), approve()]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(twice.find((r) => r.statusCode === 409)!.json().code).toBe('PROMOTION_WRONG_STATE');
    const grants = await database.db.selectFrom('bonus_grant').select(['id', 'amount']).where('member_id', '=', a.memberId).execute();
    expect(grants).toHaveLength(1);
    expect(await auditRows(database.db, 'promotion.approve', ofA.id)).toHaveLength(1);
    const history = await database.db
      .selectFrom('promotion_participation_event')
      .select(['to_state', 'actor_id'])
      .where('participation_id', '=', BigInt(ofA.id))
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toEqual({ to_state: 'issued', actor_id: `staff:${owner.id}` });

    expect((await consoleCall(t, 'POST', loyaltyPath('applicationReject', { participationId: ofB.id }), owner.token, {})).json().code).toBe(
      'VALIDATION',
    );
    const rejected = await consoleCall(t, 'POST', loyaltyPath('applicationReject', { participationId: ofB.id }), owner.token, {
      reason: 'not a qualifying game',
    });
    expect(rejected.json().value).toEqual({ state: 'rejected', grantId: null });
    const audit = await auditRows(database.db, 'promotion.reject', ofB.id);
    expect((audit[0]!.after as { reason: string }).reason).toBe('not a qualifying game');
    expect(
      (await consoleCall(t, 'POST', loyaltyPath('applicationApprove', { participationId: ofB.id }), owner.token, {})).json().code,
    ).toBe('PROMOTION_WRONG_STATE');
    expect(await database.db.selectFrom('bonus_grant').select('id').where('member_id', '=', b.memberId).execute()).toHaveLength(0);

    const listed = await consoleCall(t, 'GET', `${P.bonusGrants}?state=active&promotionId=${ofA.promotionId}`, readOnly.token);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().value.list.map((g: { id: string }) => g.id)).toContain(String(grants[0]!.id));
    const byMember = await consoleCall(
      t,
      'GET',
      `${P.bonusGrants}?username=${(await database.db.selectFrom('member').select('username').where('id', '=', a.memberId).executeTakeFirstOrThrow()).username}`,
      readOnly.token,
    );
    const grant = byMember.json().value.list[0];
    expect(grant).toMatchObject({ memberId: String(a.memberId), promotionCode: 'big-win-share', state: 'active', wagered: '0' });
    expect(BigInt(grant.wageringRequired)).toBeGreaterThan(0n);
    await t.app.moneyOutbox?.drain();
    await expectLedgerClean(database.db);
  });
});

describe(`console VIP, points, missions, rebates (${testDbKind})`, () => {
  it('edits a VIP level with an audit row; a ladder out of order is refused and writes nothing', async () => {
    const ladder = (await consoleCall(t, 'GET', P.vipLevels, readOnly.token)).json().value as {
      levels: ({ level: number; validBetThreshold: string } & Record<string, unknown>)[];
    };
    expect(ladder.levels.length).toBeGreaterThan(2);
    const { level, ...one } = ladder.levels[1]!;
    const saved = await consoleCall(t, 'PUT', loyaltyPath('vipLevel', { level }), owner.token, { ...one, nameEn: 'Bronze Plus' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.nameEn).toBe('Bronze Plus');
    const rows = await auditRows(database.db, 'vip.level', String(level));
    expect(rows).toHaveLength(1);
    expect((rows[0]!.after as { nameEn: string }).nameEn).toBe('Bronze Plus');
    const before = await auditCount();
    const higher = ladder.levels[2]!.validBetThreshold;
    const wrong = await consoleCall(t, 'PUT', loyaltyPath('vipLevel', { level }), owner.token, {
      ...one,
      validBetThreshold: (BigInt(higher) + 1n).toString(),
    });
    expect(wrong.json().code).toBe('VIP_LADDER_ORDER');
    expect(await auditCount()).toBe(before);

    const m = await loggedInMember(database.db, t.clock.now);
    const username = (await database.db.selectFrom('member').select('username').where('id', '=', m.memberId).executeTakeFirstOrThrow())
      .username;
    const member = await consoleCall(t, 'GET', `${P.vipMember}?username=${encodeURIComponent(username)}`, readOnly.token);
    expect(member.json().value).toMatchObject({ memberId: String(m.memberId), level: 0, validBet: '0', nextLevel: 1 });
    expect((await consoleCall(t, 'GET', `${P.vipMember}?username=nobody-here`, readOnly.token)).json().code).toBe('NOT_FOUND');
  });

  it('points configuration and mall items, missions, rebate settings: each change audited once', async () => {
    const config = (await consoleCall(t, 'GET', P.pointsConfig, readOnly.token)).json().value;
    const saved = await consoleCall(t, 'PUT', P.pointsConfig, owner.token, {
      rates: { ...config.rates, slots: config.rates.slots + 1 },
      convertPoints: config.convertPoints,
      convertAmount: config.convertAmount,
      minConvertPoints: config.minConvertPoints,
      convertEnabled: config.convertEnabled,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.rates.slots).toBe(config.rates.slots + 1);
    expect(await auditRows(database.db, 'points.config')).toHaveLength(1);

    const rewards = (await consoleCall(t, 'GET', P.pointsRewards, readOnly.token)).json().value.list as { id: number; price: string }[];
    expect(rewards.length).toBeGreaterThan(0);
    const item = rewards[0]!;
    const changed = await consoleCall(t, 'PUT', loyaltyPath('pointsReward', { rewardId: item.id }), owner.token, {
      price: '777',
      stock: 5,
      active: false,
      sort: 1,
    });
    expect(changed.json().value).toMatchObject({ id: item.id, price: '777', stock: 5, active: false });
    const itemAudit = await auditRows(database.db, 'points.reward', String(item.id));
    expect(itemAudit).toHaveLength(1);
    expect((itemAudit[0]!.before as { price: string }).price).toBe(item.price);

    const mission = {
      code: 'console-wager',
      period: 'daily',
      goal: 'wager',
      category: null,
      target: '100000',
      rewardAmount: '500',
      points: 10,
      titleEn: 'Wager 1,000',
      titleBn: '১,০০০ বাজি ধরুন',
    };
    const created = await consoleCall(t, 'POST', P.missions, owner.token, mission);
    expect(created.statusCode, created.body).toBe(201);
    const missionId = created.json().value.id as number;
    const paused = await consoleCall(t, 'PUT', loyaltyPath('mission', { missionId }), owner.token, { ...mission, active: false });
    expect(paused.json().value.active).toBe(false);
    expect(await auditRows(database.db, 'mission.create', String(missionId))).toHaveLength(1);
    expect(await auditRows(database.db, 'mission.update', String(missionId))).toHaveLength(1);
    const before = await auditCount();
    expect((await consoleCall(t, 'POST', P.missions, owner.token, mission)).json().code).toBe('MISSION_CODE_TAKEN');
    expect(await auditCount()).toBe(before);

    const settings = (await consoleCall(t, 'GET', P.rebateSettings, readOnly.token)).json().value;
    const rebate = await consoleCall(t, 'PUT', P.rebateSettings, owner.token, { ...settings, cashbackShareBps: 750 });
    expect(rebate.statusCode, rebate.body).toBe(200);
    expect(rebate.json().value.cashbackShareBps).toBe(750);
    const rebateAudit = await auditRows(database.db, 'rebate.settings');
    expect(rebateAudit).toHaveLength(1);
    expect((rebateAudit[0]!.before as { cashbackShareBps: number }).cashbackShareBps).toBe(settings.cashbackShareBps);
    // A failing audit leaves the settings as they were.
    await withFailingAudit(async () => {
      expect((await consoleCall(t, 'PUT', P.rebateSettings, owner.token, { ...settings, cashbackShareBps: 900 })).statusCode).toBe(500);
    });
    expect((await consoleCall(t, 'GET', P.rebateSettings, owner.token)).json().value.cashbackShareBps).toBe(750);

    const runs = await consoleCall(t, 'GET', `${P.rebateRuns}?kind=CASHBACK`, readOnly.token);
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().value).toMatchObject({ pageNo: 1 });
  });
});

describe(`console envelope rains (${testDbKind})`, () => {
  const rain = (startsAt: string) => ({
    name: 'Friday rain',
    startsAt,
    durationSeconds: 120,
    repeatMinutes: 60,
    budget: '100000',
    count: 50,
    minAmount: '100',
    maxAmount: '5000',
    minVipLevel: 0,
    bonusPromotionId: null,
    active: true,
  });

  it('created, listed with its next start, paused with one audit row each; a read-only staff member may only look', async () => {
    const startsAt = new Date(t.clock.now.getTime() + 3_600_000).toISOString();
    const created = await consoleCall(t, 'POST', P.rains, owner.token, rain(startsAt));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().value.id as string;
    expect(created.json().value).toMatchObject({ name: 'Friday rain', budget: '100000', nextStartsAt: startsAt });
    expect(await auditRows(database.db, 'rain.create', id)).toHaveLength(1);

    const listed = (await consoleCall(t, 'GET', P.rains, readOnly.token)).json().value.list as { id: string }[];
    expect(listed.map((r) => r.id)).toContain(id);
    const before = await auditCount();
    expect((await consoleCall(t, 'POST', P.rains, readOnly.token, rain(startsAt))).json().code).toBe('STAFF_PERMISSION_DENIED');
    expect(await auditCount()).toBe(before);

    const paused = await consoleCall(t, 'PUT', loyaltyPath('rain', { rainId: id }), owner.token, { ...rain(startsAt), active: false });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().value).toMatchObject({ active: false, nextStartsAt: null });
    const [update] = await auditRows(database.db, 'rain.update', id);
    expect(update?.before).toMatchObject({ active: true });
    expect(update?.after).toMatchObject({ active: false });
    const occurrences = await consoleCall(t, 'GET', loyaltyPath('rainOccurrences', { rainId: id }), readOnly.token);
    expect(occurrences.json().value.list).toEqual([]);
  });

  it('settings that cannot pay out are refused on the field, and a failing audit leaves no rain', async () => {
    const startsAt = new Date(t.clock.now.getTime() + 3_600_000).toISOString();
    const count = async () => (await consoleCall(t, 'GET', P.rains, owner.token)).json().value.list.length as number;
    const rains = await count();
    const audits = await auditCount();
    const upsideDown = await consoleCall(t, 'POST', P.rains, owner.token, { ...rain(startsAt), minAmount: '6000' });
    expect(upsideDown.json()).toMatchObject({ code: 'ENVELOPE_RAIN_INVALID', fields: { maxAmount: { params: { rule: 'maxBelowMin' } } } });
    const tooSmall = await consoleCall(t, 'POST', P.rains, owner.token, { ...rain(startsAt), budget: '1000' });
    expect(tooSmall.json()).toMatchObject({
      code: 'ENVELOPE_RAIN_INVALID',
      fields: { budget: { params: { rule: 'budgetBelowMinimums' } } },
    });
    await withFailingAudit(async () => {
      expect((await consoleCall(t, 'POST', P.rains, owner.token, rain(startsAt))).statusCode).toBe(500);
    });
    expect(await count()).toBe(rains);
    expect(await auditCount()).toBe(audits);
  });
});

describe(`console referral rule (${testDbKind})`, () => {
  it('the rule staff set is the one members see, with one audit row; a zero reward or a read-only staff member changes nothing', async () => {
    const initial = (await consoleCall(t, 'GET', P.referral, readOnly.token)).json().value;
    expect(typeof initial.promoRunning).toBe('boolean');
    const rule = { enabled: true, minFirstDeposit: '50000', minTurnover: '100000', rewardAmount: '20000' };
    const saved = await consoleCall(t, 'PUT', P.referral, owner.token, rule);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value.settings).toEqual(rule);
    const [audit] = await auditRows(database.db, 'referral.settings');
    expect(audit?.before).toEqual(initial.settings);
    expect(audit?.after).toEqual(rule);

    // The demo brand runs the REFERRAL promo: a member's referral page shows the rule just set.
    expect(saved.json().value.promoRunning).toBe(true);
    const member = await loggedInMember(database.db, t.clock.now);
    const summary = await t.app.inject({
      method: 'GET',
      url: REFERRAL_PATHS.summary,
      headers: { ...BASE_HEADERS, authorization: member.token },
    });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().value.rewards.rule).toEqual({ minFirstDeposit: '50000', minTurnover: '100000', rewardAmount: '20000' });

    const before = await auditCount();
    expect((await consoleCall(t, 'PUT', P.referral, owner.token, { ...rule, rewardAmount: '0' })).json().code).toBe('VALIDATION');
    expect((await consoleCall(t, 'PUT', P.referral, readOnly.token, rule)).json().code).toBe('STAFF_PERMISSION_DENIED');
    expect(await auditCount()).toBe(before);
    expect((await consoleCall(t, 'GET', P.referral, readOnly.token)).json().value.settings).toEqual(rule);
  });
});
