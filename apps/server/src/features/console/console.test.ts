import { randomBytes } from 'node:crypto';
import {
  ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR,
  CONSOLE_PATHS,
  consolePath,
  STAFF_SESSION_IDLE_MINUTES,
  WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR,
} from '@playfront/contract/console';
import { SECURITY_PATHS } from '@playfront/contract/security';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, type TestApp } from '../../../test/accounts-helpers.ts';
import { actor, PAYMENT_PASSWORD } from '../../../test/hardening/hardening-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { memberSession, walletBalance } from '../funds/funds.fixtures.ts';
import { auditLedger } from '../ledger/ledger.audit.ts';
import {
  auditRows,
  codeNow,
  consoleCall,
  createStaffByKey,
  passwordOnlySession,
  pendingWithdrawal,
  type SignedInStaff,
  STAFF_PASSWORD,
  signedInStaff,
} from './console.fixtures.ts';

let database: TestDatabase;
let t: TestApp;
let brandId: number;
let owner: SignedInStaff;

const STEP_MS = 30_000;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-11-30T08:00:00Z')));
  brandId = (await database.db.selectFrom('brand').select('id').where('merchant_code', '=', 'PFBD').executeTakeFirstOrThrow()).id;
  owner = await signedInStaff(t, 'owner');
}, 60_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

/** A fresh session for a staff member (the test clock moves a lot): password, then the next step's code. */
async function relogin(who: SignedInStaff): Promise<string> {
  t.clock.advance(STEP_MS);
  const session = await passwordOnlySession(t, who.username);
  const res = await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, session, { code: codeNow(t, who.secret) });
  if (res.statusCode !== 200) throw new Error(`relogin: ${res.body}`);
  who.token = res.json().value.sessionToken;
  return who.token;
}

const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);

describe(`staff sign-in (${testDbKind})`, () => {
  it('enrols through the one-time link: password required, wrong code refused, then signed in; the link is spent', async () => {
    const made = await createStaffByKey(t, 'finance');
    const info = await consoleCall(t, 'GET', `${CONSOLE_PATHS.enrolInfo}?token=${made.enrolToken}`);
    expect(info.json().value).toMatchObject({ username: made.username, role: 'finance', passwordRequired: true });

    const noPassword = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolStart, undefined, { token: made.enrolToken });
    expect(noPassword.json()).toMatchObject({ code: 'STAFF_PASSWORD_REQUIRED', message: 'errors.staffPasswordRequired' });
    const shortPassword = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolStart, undefined, { token: made.enrolToken, password: 'short' });
    expect(shortPassword.statusCode).toBe(400);

    const start = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolStart, undefined, { token: made.enrolToken, password: STAFF_PASSWORD });
    const { secret, otpauthUri, recoveryCodes } = start.json().value;
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);
    expect(recoveryCodes).toHaveLength(10);
    // The secret is stored sealed, never as typed.
    const row = await database.db.selectFrom('staff').selectAll().where('id', '=', Number(made.id)).executeTakeFirstOrThrow();
    expect(row.totp_pending_sealed).not.toContain(secret);

    const wrong = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolConfirm, undefined, {
      token: made.enrolToken,
      code: codeNow(t, secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.json().code).toBe('STAFF_CODE_INVALID');
    const confirm = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolConfirm, undefined, {
      token: made.enrolToken,
      code: codeNow(t, secret),
    });
    expect(confirm.statusCode).toBe(200);
    const me = await consoleCall(t, 'GET', CONSOLE_PATHS.me, confirm.json().value.sessionToken);
    expect(me.json().value).toMatchObject({ username: made.username, role: 'finance', secondFactorPassed: true, recoveryCodesLeft: 10 });
    expect(me.json().value.permissions).toContain('payments.approve');

    t.clock.advance(STEP_MS);
    const again = await consoleCall(t, 'POST', CONSOLE_PATHS.enrolConfirm, undefined, { token: made.enrolToken, code: codeNow(t, secret) });
    expect(again.json().code).toBe('STAFF_ENROLMENT_INVALID');
    expect((await auditRows(database.db, 'staff.enrol', made.id)).length).toBe(1);
  });

  it('password then second factor: nothing but me/logout before the code; a replayed code is refused; the pre-code token dies', async () => {
    t.clock.advance(STEP_MS);
    const staff = await signedInStaff(t, 'support');
    // Same 30 s step as the enrolment's code: a replay.
    const session = await passwordOnlySession(t, staff.username);
    const blocked = await consoleCall(t, 'GET', CONSOLE_PATHS.members, session);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'STAFF_SECOND_FACTOR_REQUIRED', message: 'errors.staffSecondFactorRequired' });
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, session)).json().value.secondFactorPassed).toBe(false);

    const replay = await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, session, { code: codeNow(t, staff.secret) });
    expect(replay.json()).toMatchObject({ code: 'STAFF_CODE_USED', message: 'errors.staffCodeUsed' });
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.members, session)).json().code).toBe('STAFF_SECOND_FACTOR_REQUIRED');

    t.clock.advance(STEP_MS);
    const passed = await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, session, { code: codeNow(t, staff.secret) });
    expect(passed.statusCode).toBe(200);
    const fresh = passed.json().value.sessionToken as string;
    expect(fresh).not.toBe(session);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.members, fresh)).statusCode).toBe(200);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, session)).json().code).toBe('STAFF_NOT_SIGNED_IN');

    // The same code again on another session (same step): refused.
    const other = await passwordOnlySession(t, staff.username);
    expect((await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, other, { code: codeNow(t, staff.secret) })).json().code).toBe(
      'STAFF_CODE_USED',
    );
    // A recovery code works once.
    const recovery = staff.recoveryCodes[0] ?? '';
    expect((await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, other, { recoveryCode: recovery })).statusCode).toBe(200);
    const third = await passwordOnlySession(t, staff.username);
    expect((await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, third, { recoveryCode: recovery })).json().code).toBe(
      'STAFF_CODE_INVALID',
    );

    const logout = await consoleCall(t, 'POST', CONSOLE_PATHS.logout, fresh);
    expect(logout.statusCode).toBe(200);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.members, fresh)).json().code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('locks after five wrong passwords (even the right one is refused), unlocks after 15 minutes', async () => {
    const staff = await signedInStaff(t, 'content');
    const unknown = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: 'nobody-here', password: 'whatever-else' });
    const wrong = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: staff.username, password: 'not the password' });
    // An unknown username answers exactly like a wrong password.
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json().code).toBe('INVALID_CREDENTIALS');
    for (let i = 0; i < 4; i++)
      await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: staff.username, password: 'not the password' });
    const locked = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: staff.username, password: STAFF_PASSWORD });
    expect(locked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(locked.json().value.retryAfterSeconds).toBeGreaterThan(0);
    t.clock.advance(15 * 60_000 + 1000);
    const open = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: staff.username, password: STAFF_PASSWORD });
    expect(open.json().value.step).toBe('SECOND_FACTOR');
    expect((await auditRows(database.db, 'staff.login_failed', staff.id)).length).toBe(5);
  });

  it('wrong authenticator codes count toward the lock too', async () => {
    t.clock.advance(STEP_MS);
    const staff = await signedInStaff(t, 'risk');
    t.clock.advance(STEP_MS);
    const session = await passwordOnlySession(t, staff.username);
    const good = codeNow(t, staff.secret);
    const bad = good === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i++) await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, session, { code: bad });
    expect((await consoleCall(t, 'POST', CONSOLE_PATHS.secondFactor, session, { code: good })).json().code).toBe('TOO_MANY_REQUESTS');
  });

  it('idle timeout (30 minutes without a call) and absolute timeout (12 hours whatever happens)', async () => {
    const staff = await signedInStaff(t, 'read-only');
    t.clock.advance((STAFF_SESSION_IDLE_MINUTES - 1) * 60_000);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, staff.token)).statusCode).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MINUTES * 60_000 + 1000);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, staff.token)).json().code).toBe('STAFF_NOT_SIGNED_IN');

    t.clock.advance(STEP_MS);
    const busy = await signedInStaff(t, 'read-only');
    for (let minutes = 0; minutes < 12 * 60 - 20; minutes += 20) {
      t.clock.advance(20 * 60_000);
      expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, busy.token)).statusCode).toBe(200);
    }
    t.clock.advance(21 * 60_000);
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, busy.token)).json().code).toBe('STAFF_NOT_SIGNED_IN');
  });

  it('the brand’s IP allow-list shuts the console to other addresses', async () => {
    t.clock.advance(STEP_MS);
    const staff = await signedInStaff(t, 'read-only');
    await database.db.insertInto('staff_ip_allow').values({ brand_id: brandId, cidr: '10.1.0.0/16' }).execute();
    try {
      expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, staff.token, undefined, '192.0.2.9')).json().code).toBe('STAFF_IP_NOT_ALLOWED');
      expect(
        (
          await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: staff.username, password: STAFF_PASSWORD }, '192.0.2.9')
        ).json().code,
      ).toBe('STAFF_IP_NOT_ALLOWED');
      expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, staff.token, undefined, '10.1.2.3')).statusCode).toBe(200);
    } finally {
      await database.db.deleteFrom('staff_ip_allow').where('brand_id', '=', brandId).execute();
    }
  });
});

describe(`console rate limit (${testDbKind})`, () => {
  it('logins per address are limited to a twentieth of the general limit', async () => {
    const small = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '200' }, t.clock);
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await small.app.inject({
          method: 'POST',
          url: CONSOLE_PATHS.login,
          headers: { merchant: 'PFBD' },
          payload: { username: 'nobody', password: 'x' },
          remoteAddress: '198.18.0.7',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await small.app.close();
    }
  });
});

describe(`dashboard and member search (${testDbKind})`, () => {
  it('sums the brand’s daily rollups: GGR = bets − wins, NGR = GGR − bonuses; active and new players', async () => {
    const reader = await signedInStaff(t, 'read-only');
    const a = await actor(database.db, t.clock.now);
    const b = await actor(database.db, t.clock.now);
    const today = new Date(t.clock.now.getTime() + 6 * 3_600_000).toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now.getTime() + 6 * 3_600_000 - 86_400_000).toISOString().slice(0, 10);
    const before = (await consoleCall(t, 'GET', `${CONSOLE_PATHS.dashboard}?from=${yesterday}&to=${today}`, reader.token)).json().value;
    // Two accounts made today (brand time).
    await database.db.updateTable('member').set({ created_at: t.clock.now }).where('id', 'in', [a.memberId, b.memberId]).execute();
    // The rollup the agent-team outbox consumer keeps (member, brand day): written here as that consumer would.
    await sql`insert into agent_member_daily (member_id, day, deposits, withdrawals, bets, wins, valid_bets, bonuses) values
      (${a.memberId}, ${today}::date, 10000, 2000, 5000, 3000, 5000, 500),
      (${b.memberId}, ${today}::date, 0, 0, 1000, 0, 1000, 0),
      (${b.memberId}, ${yesterday}::date, 7000, 0, 0, 0, 0, 100)`.execute(database.db);
    const after = (await consoleCall(t, 'GET', `${CONSOLE_PATHS.dashboard}?from=${yesterday}&to=${today}`, reader.token)).json().value;
    const diff = (k: string, scope: 'today' | 'period') =>
      BigInt(scope === 'today' ? after.today[k] : after.period.figures[k]) -
      BigInt(scope === 'today' ? before.today[k] : before.period.figures[k]);
    expect([
      diff('deposits', 'today'),
      diff('bets', 'today'),
      diff('wins', 'today'),
      diff('ggr', 'today'),
      diff('bonuses', 'today'),
      diff('ngr', 'today'),
    ]).toEqual([10_000n, 6_000n, 3_000n, 3_000n, 500n, 2_500n]);
    expect([diff('deposits', 'period'), diff('bonuses', 'period'), diff('ngr', 'period')]).toEqual([17_000n, 600n, 2_400n]);
    expect(after.today.activePlayers - before.today.activePlayers).toBe(2);
    expect(after.daily.map((d: { day: string }) => d.day)).toEqual([yesterday, today]);
    expect(after.today.newPlayers - before.today.newPlayers).toBe(2);
    expect(after.period.figures.newPlayers - before.period.figures.newPlayers).toBe(2);
    const bad = await consoleCall(t, 'GET', `${CONSOLE_PATHS.dashboard}?from=${today}&to=${yesterday}`, reader.token);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('finds members by username prefix, mobile digits, id and an address they used', async () => {
    const reader = await signedInStaff(t, 'read-only');
    const m = await actor(database.db, t.clock.now);
    await database.db
      .updateTable('member')
      .set({ mobile: '1812345678', country_dialing_code: '+880', last_login_ip: '203.0.113.77' })
      .where('id', '=', m.memberId)
      .execute();
    const find = async (by: string, q: string) =>
      (
        (await consoleCall(t, 'GET', `${CONSOLE_PATHS.members}?by=${by}&q=${encodeURIComponent(q)}&pageSize=50`, reader.token)).json().value
          .list as { id: string }[]
      ).map((r) => r.id);
    expect(await find('username', m.username.slice(0, -1))).toContain(String(m.memberId));
    expect(await find('mobile', '812345678')).toContain(String(m.memberId));
    expect(await find('id', String(m.memberId))).toEqual([String(m.memberId)]);
    expect(await find('ip', '203.0.113.77')).toEqual([String(m.memberId)]);
    expect(await find('username', 'zz-nobody-has-this')).toEqual([]);
    expect((await consoleCall(t, 'GET', `${CONSOLE_PATHS.members}?by=id&q=abc`, reader.token)).json().code).toBe('VALIDATION');
    const csv = await consoleCall(t, 'GET', `${CONSOLE_PATHS.membersCsv}?by=id&q=${m.memberId}`, reader.token);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body.split('\r\n')).toEqual([
      'id,username,mobile,status,balance_minor,created_at,last_login_at',
      // A cell starting with + (or = - @) gets a leading ' so a spreadsheet shows it as text, never runs it.
      expect.stringContaining(`"${m.memberId}","${m.username}","'+880 ******5678","active","0"`),
      '',
    ]);
  });
});

describe(`audit log (${testDbKind})`, () => {
  it('one audit row per change, in its transaction: a failure after the change leaves neither', async () => {
    t.clock.advance(STEP_MS);
    const editor = await signedInStaff(t, 'content');
    const banner = { group: 'w_home', imageUrl: { EN: '/banners/a.webp', BN: '/banners/a-bn.webp' }, title: { EN: 'Hello', BN: 'হ্যালো' } };
    const before = await auditCount();
    const made = await consoleCall(t, 'POST', CONSOLE_PATHS.banners, editor.token, banner);
    expect(made.statusCode).toBe(201);
    expect(await auditCount()).toBe(before + 1);
    const [row] = await auditRows(database.db, 'banner.create', made.json().value.id);
    expect(row).toMatchObject({ staff_id: Number(editor.id), target_type: 'banner', ip: '127.0.0.1' });
    expect(row?.after).toMatchObject({ title: { EN: 'Hello', BN: 'হ্যালো' } });

    // Make the audit insert fail: the banner must not remain either.
    const banners = async () => Number((await sql<{ n: string }>`select count(*) as n from banner`.execute(database.db)).rows[0]?.n);
    const bannersBefore = await banners();
    await sql
      .raw(`create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`)
      .execute(database.db);
    await sql.raw('create trigger fail_audit before insert on staff_audit for each row execute function fail_audit()').execute(database.db);
    try {
      const failed = await consoleCall(t, 'POST', CONSOLE_PATHS.banners, editor.token, banner);
      expect(failed.statusCode).toBe(500);
      expect(await banners()).toBe(bannersBefore);
      expect(await auditCount()).toBe(before + 1);
    } finally {
      await sql.raw('drop trigger fail_audit on staff_audit').execute(database.db);
      await sql.raw('drop function fail_audit()').execute(database.db);
    }
  });

  it('is append-only: UPDATE and DELETE are refused by the database', async () => {
    await expect(sql`update staff_audit set action = 'x'`.execute(database.db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from staff_audit`.execute(database.db)).rejects.toThrow(/append-only/);
  });

  it('searches by staff, action and target with paging, and exports CSV (formula-safe)', async () => {
    await relogin(owner);
    const bad = { group: 'w_home', imageUrl: { EN: 'javascript:alert(1)', BN: '/b.webp' }, title: { EN: '=HYPERLINK("x")', BN: 'x' } };
    const refused = await consoleCall(t, 'POST', CONSOLE_PATHS.banners, owner.token, bad);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION' });
    expect(refused.json().fields['imageUrl.EN']).toBeDefined();
    const ok = await consoleCall(t, 'POST', CONSOLE_PATHS.banners, owner.token, { ...bad, imageUrl: { EN: '/a.webp', BN: '/b.webp' } });
    expect(ok.statusCode).toBe(201);
    const search = await consoleCall(t, 'GET', `${CONSOLE_PATHS.audit}?staffId=${owner.id}&action=banner.create&pageSize=5`, owner.token);
    expect(search.json().value.total).toBe(1);
    expect(search.json().value.list[0]).toMatchObject({
      staffUsername: owner.username,
      action: 'banner.create',
      targetId: ok.json().value.id,
    });
    const csv = await consoleCall(t, 'GET', `${CONSOLE_PATHS.auditCsv}?action=banner.create`, owner.token);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-/);
    expect(csv.body.split('\r\n')[0]).toBe('id,at,staff_id,staff,action,target_type,target_id,before,after,ip,user_agent');
    expect(csv.body).toContain(owner.username);
    // The title JSON starts with `{`, so it is not a formula; a cell that starts with = would get a leading '.
    expect(csv.body).not.toMatch(/(^|,)"=/m);
  });
});

describe(`members, adjustments, withdrawals (${testDbKind})`, () => {
  it('lock ends the member’s sessions (their calls are refused); unlock; force logout; reset password sends a code', async () => {
    t.clock.advance(STEP_MS);
    const support = await signedInStaff(t, 'support');
    const member = await actor(database.db, t.clock.now, { funds: 10_000n });
    const url = (k: 'memberLock' | 'memberUnlock' | 'memberForceLogout' | 'memberResetPassword') =>
      consolePath(k, { memberId: member.memberId });
    const search = await consoleCall(t, 'GET', `${CONSOLE_PATHS.members}?by=id&q=${member.memberId}`, support.token);
    expect(search.json().value.list).toEqual([expect.objectContaining({ username: member.username, balance: '10000', locked: false })]);

    const noReason = await consoleCall(t, 'POST', url('memberLock'), support.token, { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const lock = await consoleCall(t, 'POST', url('memberLock'), support.token, { reason: 'chargeback fraud' });
    expect(lock.json().value).toMatchObject({ locked: true, sessionsEnded: 1 });
    const live = await database.db.selectFrom('member_session').select('revoked_at').where('member_id', '=', member.memberId).execute();
    expect(live.every((s) => s.revoked_at !== null)).toBe(true);
    expect((await auditRows(database.db, 'member.lock', String(member.memberId)))[0]?.after).toMatchObject({
      status: 'disabled',
      reason: 'chargeback fraud',
    });
    const profile = await consoleCall(t, 'GET', consolePath('member', { memberId: member.memberId }), support.token);
    expect(profile.json().value.flags).toContain('LOCKED');
    expect(profile.json().value.balances.main).toBe('10000');

    const memberCall = (token: string) =>
      t.app.inject({ method: 'GET', url: SECURITY_PATHS.account, headers: { ...BASE_HEADERS, authorization: token } });
    expect((await memberCall(member.token)).statusCode).toBe(401);

    expect((await consoleCall(t, 'POST', url('memberUnlock'), support.token, { reason: 'cleared by risk' })).json().value.locked).toBe(
      false,
    );
    const again = await memberSession(database.db, member.memberId, t.clock.now);
    expect((await memberCall(again)).statusCode).toBe(200);
    const kicked = await consoleCall(t, 'POST', url('memberForceLogout'), support.token, { reason: 'shared account' });
    expect(kicked.json().value).toMatchObject({ locked: false, sessionsEnded: 1 });
    expect((await memberCall(again)).statusCode).toBe(401);
    expect(await auditRows(database.db, 'member.force_logout', String(member.memberId))).toHaveLength(1);
    await database.db
      .updateTable('member')
      .set({ mobile: '1711999888', country_dialing_code: '+880' })
      .where('id', '=', member.memberId)
      .execute();
    const reset = await consoleCall(t, 'POST', url('memberResetPassword'), support.token, { channel: 'SMS', reason: 'member called in' });
    expect(reset.statusCode).toBe(200);
    const sms = await database.db.selectFrom('outbox').selectAll().where('recipient', '=', '+8801711999888').execute();
    expect(sms).toHaveLength(1);
    expect(await auditRows(database.db, 'member.reset_password', String(member.memberId))).toHaveLength(1);
    const noEmail = await consoleCall(t, 'POST', url('memberResetPassword'), support.token, {
      channel: 'EMAIL',
      reason: 'member called in',
    });
    expect(noEmail.json().code).toBe('VALIDATION');
  });

  it('two-person rule for adjustments: the requester cannot approve; a different staff member can, once', async () => {
    t.clock.advance(STEP_MS);
    const alice = await signedInStaff(t, 'finance');
    const bob = await signedInStaff(t, 'finance');
    const member = await actor(database.db, t.clock.now, { funds: 1_000n });
    const adjustUrl = consolePath('memberAdjust', { memberId: member.memberId });
    const big = (ADJUSTMENT_SECOND_APPROVAL_ABOVE_MINOR + 1n).toString();
    const body = { direction: 'CREDIT', amount: big, reason: 'goodwill after outage', idempotencyKey: randomBytes(8).toString('hex') };
    const requested = await consoleCall(t, 'POST', adjustUrl, alice.token, body);
    expect(requested.json().value).toMatchObject({ status: 'PENDING', needsSecondApproval: true, requestedBy: alice.username });
    const id = requested.json().value.id as string;
    // A repeat of the request is the same adjustment; the same key with other content is refused.
    expect((await consoleCall(t, 'POST', adjustUrl, alice.token, body)).json().value.id).toBe(id);
    expect((await consoleCall(t, 'POST', adjustUrl, alice.token, { ...body, amount: '5' })).json().code).toBe('IDEMPOTENCY_CONFLICT');

    const self = await consoleCall(t, 'POST', consolePath('adjustmentApprove', { adjustmentId: id }), alice.token);
    expect(self.json()).toMatchObject({ code: 'STAFF_SAME_APPROVER', message: 'errors.staffSameApprover' });
    expect(await walletBalance(database.db, member.memberId)).toBe(1_000n);
    // Bypassing the service, the database refuses it too.
    await expect(sql`update staff_adjustment set decided_by = requested_by where id = ${id}`.execute(database.db)).rejects.toThrow();

    await relogin(owner);
    const [first, second] = await Promise.all([
      consoleCall(t, 'POST', consolePath('adjustmentApprove', { adjustmentId: id }), bob.token),
      consoleCall(t, 'POST', consolePath('adjustmentApprove', { adjustmentId: id }), owner.token),
    ]);
    const codes = [first, second].map((r) => (r.statusCode === 200 ? 'APPLIED' : r.json().code)).sort();
    expect(codes).toEqual(['ADJUSTMENT_NOT_PENDING', 'APPLIED']);
    expect(await walletBalance(database.db, member.memberId)).toBe(1_000n + BigInt(big));
    expect(await auditRows(database.db, 'adjustment.approve', id)).toHaveLength(1);
    expect((await auditLedger(database.db)).ok).toBe(true);
  });

  it('small adjustments post at once; a debit past the balance changes nothing', async () => {
    t.clock.advance(STEP_MS);
    const finance = await signedInStaff(t, 'finance');
    const member = await actor(database.db, t.clock.now, { funds: 500n });
    const adjustUrl = consolePath('memberAdjust', { memberId: member.memberId });
    const credit = await consoleCall(t, 'POST', adjustUrl, finance.token, {
      direction: 'CREDIT',
      amount: '250',
      reason: 'manual bonus',
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    expect(credit.json().value).toMatchObject({ status: 'APPLIED', needsSecondApproval: false });
    expect(await walletBalance(database.db, member.memberId)).toBe(750n);
    const rowsBefore = await auditCount();
    const debit = await consoleCall(t, 'POST', adjustUrl, finance.token, {
      direction: 'DEBIT',
      amount: '751',
      reason: 'too much',
      idempotencyKey: randomBytes(8).toString('hex'),
    });
    expect(debit.json().code).toBe('INSUFFICIENT_FUNDS');
    expect(await walletBalance(database.db, member.memberId)).toBe(750n);
    expect(await auditCount()).toBe(rowsBefore);
    const left = await database.db.selectFrom('staff_adjustment').select('id').where('member_id', '=', member.memberId).execute();
    expect(left).toHaveLength(1);
  });

  it('withdrawals: approve under the threshold; above it two different staff; reject returns the money', async () => {
    t.clock.advance(STEP_MS);
    // The VIP ladder's daily withdrawal limit is not what this test is about.
    await database.db
      .updateTable('vip_level')
      .set({ daily_withdrawal_limit: 10n ** 13n })
      .execute();
    const alice = await signedInStaff(t, 'finance');
    const bob = await signedInStaff(t, 'finance');
    const big = WITHDRAWAL_SECOND_APPROVAL_ABOVE_MINOR + 100n;
    const member = await actor(database.db, t.clock.now, { funds: 2n * big + 10_000n });
    const small = await pendingWithdrawal(database.db, brandId, member.memberId, 2_000n, t.clock.now, PAYMENT_PASSWORD);
    const large = await pendingWithdrawal(database.db, brandId, member.memberId, big, t.clock.now, PAYMENT_PASSWORD);
    const other = await pendingWithdrawal(database.db, brandId, member.memberId, 3_000n, t.clock.now, PAYMENT_PASSWORD);

    const queue = await consoleCall(t, 'GET', `${CONSOLE_PATHS.withdrawals}?status=PENDING&pageSize=200`, alice.token);
    const mine = queue.json().value.list.filter((w: { memberId: string }) => w.memberId === String(member.memberId));
    expect(mine.map((w: { orderNo: string }) => w.orderNo)).toEqual([small, large, other]);
    expect(mine[1]).toMatchObject({
      needsSecondApproval: true,
      firstApprovedBy: null,
      risk: expect.objectContaining({ deposits30d: expect.any(String) }),
    });

    expect((await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: small }), alice.token)).json().value.outcome).toBe(
      'APPROVED',
    );
    expect(await auditRows(database.db, 'withdrawal.approve', small)).toHaveLength(1);

    expect((await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: large }), alice.token)).json().value.outcome).toBe(
      'AWAITING_SECOND',
    );
    const again = await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: large }), alice.token);
    expect(again.json().code).toBe('STAFF_SAME_APPROVER');
    const stillPending = await database.db
      .selectFrom('withdrawal_order')
      .select('status')
      .where('order_no', '=', large)
      .executeTakeFirstOrThrow();
    expect(stillPending.status).toBe('PENDING');
    expect((await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: large }), bob.token)).json().value.outcome).toBe(
      'APPROVED',
    );
    const paid = await database.db
      .selectFrom('withdrawal_order')
      .select(['status', 'decided_by'])
      .where('order_no', '=', large)
      .executeTakeFirstOrThrow();
    expect(paid).toEqual({ status: 'APPROVED', decided_by: `staff:${bob.username}` });
    expect((await auditRows(database.db, 'withdrawal.approve_first', large))[0]?.staff_id).toBe(Number(alice.id));
    expect((await auditRows(database.db, 'withdrawal.approve', large))[0]?.staff_id).toBe(Number(bob.id));

    const csv = await consoleCall(t, 'GET', `${CONSOLE_PATHS.withdrawalsCsv}?status=APPROVED`, alice.token);
    expect(csv.body).toContain(`"${large}","${member.username}","${big}"`);
    // The first approver of the large one is in its row.
    expect(csv.body.split('\r\n').find((line) => line.startsWith(`"${large}"`))).toContain(`"${alice.username}"`);
    const balanceBefore = await walletBalance(database.db, member.memberId);
    const reject = await consoleCall(t, 'POST', consolePath('withdrawalReject', { orderNo: other }), bob.token, {
      reason: 'account name mismatch',
    });
    expect(reject.json().value.outcome).toBe('REJECTED');
    expect(await walletBalance(database.db, member.memberId)).toBe(balanceBefore + 3_000n);
    expect((await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: other }), alice.token)).json().code).toBe(
      'WITHDRAWAL_NOT_PENDING',
    );

    // Two different second approvers at once: it pays out once, with one audit row.
    const twice = await pendingWithdrawal(database.db, brandId, member.memberId, big, t.clock.now, PAYMENT_PASSWORD);
    expect((await consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: twice }), alice.token)).json().value.outcome).toBe(
      'AWAITING_SECOND',
    );
    await relogin(owner);
    const racing = await Promise.all([
      consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: twice }), bob.token),
      consoleCall(t, 'POST', consolePath('withdrawalApprove', { orderNo: twice }), owner.token),
    ]);
    expect(racing.map((r) => r.json().value?.outcome)).toEqual(['APPROVED', 'APPROVED']);
    expect(await auditRows(database.db, 'withdrawal.approve', twice)).toHaveLength(1);
    const payouts = await sql<{ n: string }>`select count(*) as n from ledger_transfer
      where kind = 'WITHDRAWAL_PAYOUT' and idempotency_scope = 'withdrawal-decision' and idempotency_key = ${twice}`.execute(database.db);
    expect(Number(payouts.rows[0]?.n)).toBe(1);
    expect((await auditLedger(database.db)).ok).toBe(true);
  });
});

describe(`staff management (${testDbKind})`, () => {
  it('owner creates and manages staff; an admin cannot touch an owner; the last owner stays', async () => {
    await relogin(owner);
    const created = await consoleCall(t, 'POST', CONSOLE_PATHS.staff, owner.token, {
      username: `fin${randomBytes(3).toString('hex')}`,
      role: 'finance',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().value.enrolmentLink).toMatch(/^\/console\/enrol\?token=/);
    const taken = await consoleCall(t, 'POST', CONSOLE_PATHS.staff, owner.token, {
      username: created.json().value.staff.username,
      role: 'support',
    });
    expect(taken.json().code).toBe('STAFF_USERNAME_TAKEN');

    const admin = await signedInStaff(t, 'admin');
    expect(
      (
        await consoleCall(t, 'POST', CONSOLE_PATHS.staff, admin.token, { username: `own${randomBytes(3).toString('hex')}`, role: 'owner' })
      ).json().code,
    ).toBe('STAFF_OWNER_PROTECTED');
    expect(
      (await consoleCall(t, 'POST', consolePath('staffDisable', { staffId: owner.id }), admin.token, { reason: 'take over' })).json().code,
    ).toBe('STAFF_OWNER_PROTECTED');
    expect(
      (await consoleCall(t, 'PUT', consolePath('staffRole', { staffId: owner.id }), admin.token, { role: 'read-only' })).json().code,
    ).toBe('STAFF_OWNER_PROTECTED');

    const role = await consoleCall(t, 'PUT', consolePath('staffRole', { staffId: created.json().value.staff.id }), admin.token, {
      role: 'risk',
    });
    expect(role.json().value.role).toBe('risk');

    const victim = await signedInStaff(t, 'support');
    const disabled = await consoleCall(t, 'POST', consolePath('staffDisable', { staffId: victim.id }), owner.token, {
      reason: 'left the company',
    });
    expect(disabled.json().value.status).toBe('DISABLED');
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, victim.token)).json().code).toBe('STAFF_NOT_SIGNED_IN');

    const owners = await database.db
      .selectFrom('staff')
      .select('id')
      .where('brand_id', '=', brandId)
      .where('role', '=', 'owner')
      .where('status', '=', 'ACTIVE')
      .execute();
    expect(owners).toHaveLength(1);
    expect(
      (await consoleCall(t, 'POST', consolePath('staffDisable', { staffId: owner.id }), owner.token, { reason: 'oops' })).json().code,
    ).toBe('STAFF_OWNER_PROTECTED');
    // A lost phone: a new link, TOTP off, sessions ended; the password stays, so the link does not ask for one.
    const lost = await signedInStaff(t, 'finance');
    const reenrol = await consoleCall(t, 'POST', consolePath('staffReenrol', { staffId: lost.id }), owner.token);
    const token = new URL(reenrol.json().value.enrolmentLink, 'http://x').searchParams.get('token');
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.me, lost.token)).json().code).toBe('STAFF_NOT_SIGNED_IN');
    expect((await consoleCall(t, 'GET', `${CONSOLE_PATHS.enrolInfo}?token=${token}`)).json().value.passwordRequired).toBe(false);
    const relogged = await consoleCall(t, 'POST', CONSOLE_PATHS.login, undefined, { username: lost.username, password: STAFF_PASSWORD });
    expect(relogged.json().value.step).toBe('ENROL');
    expect(await auditRows(database.db, 'staff.reenrol', lost.id)).toHaveLength(1);
    const list = await consoleCall(t, 'GET', CONSOLE_PATHS.staff, owner.token);
    expect(list.json().value.list.map((s: { username: string }) => s.username)).toContain(victim.username);
  });
});
