import { randomUUID } from 'node:crypto';
import { REFERRAL_PATHS } from '@playfront/contract/referral';
import { SESSION_PATHS } from '@playfront/contract/session';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, captcha, login, makeApp, makeClock, sealed, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../brand/brand.repository.ts';
import { loggedInMember } from '../funds/funds.fixtures.ts';

/**
 * The referral page, the saved language and getCountryCode on one database: a member's invitees (exactly those who
 * signed up with the member's link, masked, active once they paid a deposit), nobody else's; the refusals (brand
 * flag off, trial account, guest); the language choice following the member into member info and the next login.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;
const now = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test' }, makeClock(now));
  await t.app.ready();
  brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
  await setBrandFlag(t.db, brandId, 'REGMOBVERF3', false);
  await setBrandFlag(t.db, brandId, 'REFERRAL', true);
});

afterAll(async () => {
  await t.app.close();
  await database.close();
});

const H = (token?: string) => ({ ...BASE_HEADERS, language: 'en', ...(token ? { authorization: token } : {}) });
const summary = (token: string | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `${REFERRAL_PATHS.summary}${query}`, headers: H(token) });
const PASSWORD = 'tiger-moth-42';
let ipCounter = 10;

/** A visitor signs up through a referral link (the register form sends the link's code as referralCode). */
async function signUp(username: string, referralCode?: string) {
  const res = await sealed(
    t,
    'PUT',
    SESSION_PATHS.register,
    {
      username,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
      referralCode,
      ...(await captcha(t)),
    },
    { ip: `10.30.0.${ipCounter++}` },
  );
  expect(res.statusCode, res.body).toBe(200);
  return { token: res.json().value.token as string, id: res.json().value.member.id as number };
}

async function paidDeposit(memberId: number) {
  await t.db
    .insertInto('deposit_order')
    .values({
      order_no: `D${randomUUID().replaceAll('-', '').slice(0, 20).toUpperCase()}`,
      brand_id: brandId,
      member_id: memberId,
      channel_code: 'TEST',
      gateway: 'sandbox',
      amount: 10_000n,
      currency: 'BDT',
      status: 'PAID',
      gateway_txn_id: randomUUID(),
      expires_at: now,
      paid_at: now,
    })
    .execute();
}

describe(`referral (${testDbKind})`, () => {
  it('gives each member one random code and link, and lists exactly the members who signed up with it, masked', async () => {
    const inviter = await signUp('inviter01');
    const first = await summary(inviter.token);
    expect(first.statusCode, first.body).toBe(200);
    const code = first.json().value.code as string;
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.json().value).toMatchObject({
      invitedCount: 0,
      activeCount: 0,
      invitees: { list: [], total: 0, pageNo: 1 },
      rewards: { total: '0', list: [] },
    });
    expect(first.json().value.link).toMatch(new RegExp(`^https?://[^/]+/register\\?referralCode=${code}$`));
    // Generated once: the next call answers the same code.
    expect((await summary(inviter.token)).json().value.code).toBe(code);

    const a = await signUp('dewanbaker', code.toLowerCase());
    t.clock.advance(60_000);
    await signUp('rahimuddin', code);
    const other = await signUp('outsider01');
    await signUp('strangers1', 'NOSUCHCODE');
    await paidDeposit(a.id);

    const mine = (await summary(inviter.token)).json().value;
    expect(mine.invitedCount).toBe(2);
    expect(mine.activeCount).toBe(1);
    expect(mine.invitees.total).toBe(2);
    // Newest first; no login name leaks.
    expect(mine.invitees.list).toEqual([
      { maskedName: 'ra****in', joinedAt: expect.any(String), status: 'inactive' },
      { maskedName: 'de****er', joinedAt: expect.any(String), status: 'active' },
    ]);
    expect(JSON.stringify(mine)).not.toMatch(/dewanbaker|rahimuddin/);

    // Paged.
    const page2 = (await summary(inviter.token, '?pageNo=2&pageSize=1')).json().value;
    expect(page2.invitees).toMatchObject({ total: 2, pageNo: 2, pageSize: 1 });
    expect(page2.invitees.list.map((i: { maskedName: string }) => i.maskedName)).toEqual(['de****er']);

    // Another member sees none of them, and has a different code.
    const theirs = (await summary(other.token)).json().value;
    expect(theirs.invitedCount).toBe(0);
    expect(theirs.invitees.list).toEqual([]);
    expect(theirs.code).not.toBe(code);

    // An unknown code was kept as sent and credits nobody.
    const stranger = await t.db
      .selectFrom('member')
      .select(['referral_code', 'referrer_id'])
      .where('username', '=', 'strangers1')
      .executeTakeFirstOrThrow();
    expect(stranger).toEqual({ referral_code: 'NOSUCHCODE', referrer_id: null });
  });

  it('refuses a brand without the referral promo, trial accounts, guests and bad paging', async () => {
    const m = await loggedInMember(t.db, now);
    await setBrandFlag(t.db, brandId, 'REFERRAL', false);
    try {
      const off = await summary(m.token);
      expect(off.statusCode).toBe(403);
      expect(off.json()).toMatchObject({ success: false, code: 'REFERRAL_DISABLED', message: 'errors.referralDisabled' });
    } finally {
      await setBrandFlag(t.db, brandId, 'REFERRAL', true);
    }
    const trial = await loggedInMember(t.db, now, 4);
    const refused = await summary(trial.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await summary(undefined)).statusCode).toBe(401);
    expect((await summary(m.token, '?pageSize=500')).json().code).toBe('VALIDATION');
    // No refusal gave anyone a code.
    const codes = await t.db.selectFrom('member').select('own_referral_code').where('id', 'in', [m.memberId, trial.memberId]).execute();
    expect(codes.every((c) => c.own_referral_code === null)).toBe(true);
  });
});

describe(`language saved to the account (${testDbKind})`, () => {
  const putLanguage = (token: string | undefined, language: unknown) =>
    t.app.inject({ method: 'PUT', url: SESSION_PATHS.memberLanguage, headers: H(token), payload: { language } });

  it('stores the choice, answers it in member info and at the next login', async () => {
    const m = await signUp('polyglot01');
    expect((await t.app.inject({ method: 'GET', url: SESSION_PATHS.memberInfo, headers: H(m.token) })).json().value.language).toBeNull();

    const saved = await putLanguage(m.token, 'en');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual({ language: 'EN' });
    expect((await t.app.inject({ method: 'GET', url: SESSION_PATHS.memberInfo, headers: H(m.token) })).json().value.language).toBe('EN');

    expect((await putLanguage(m.token, 'BN')).json().value).toEqual({ language: 'BN' });
    // A new device: the login answer carries the saved choice.
    const again = await login(t, { username: 'polyglot01', password: PASSWORD }, '10.30.1.1');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().value.member.language).toBe('BN');
  });

  it('refuses an unsupported language, a trial account and a guest, changing nothing', async () => {
    const m = await loggedInMember(t.db, now);
    for (const bad of ['fr', '', 42, null]) {
      const res = await putLanguage(m.token, bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
    }
    const trial = await loggedInMember(t.db, now, 4);
    expect((await putLanguage(trial.token, 'en')).json().code).toBe('TRIAL_NOT_ALLOWED');
    expect((await putLanguage(undefined, 'en')).statusCode).toBe(401);
    const rows = await t.db.selectFrom('member').select('language').where('id', 'in', [m.memberId, trial.memberId]).execute();
    expect(rows.every((r) => r.language === null)).toBe(true);
  });
});

describe(`getCountryCode (${testDbKind})`, () => {
  it("answers the brand's dialing codes, its default first, the same list the register settings carry", async () => {
    const res = await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.countryCode, headers: H() });
    expect(res.statusCode, res.body).toBe(200);
    const value = res.json().value;
    const settings = (await t.app.inject({ method: 'GET', url: SYSTEM_PATHS.registerSettings, headers: H() })).json().value;
    expect(value.list).toEqual(settings.countries);
    expect(value.defaultCountry).toBe(settings.defaultCountry);
    expect(value.list[0].code).toBe(value.defaultCountry);
    expect(value.list.length).toBeGreaterThan(0);
    for (const c of value.list) expect(c.dialingCode).toMatch(/^\+\d{1,4}$/);
  });
});
