import { randomUUID } from 'node:crypto';
import { AGENT_TEAM_PATHS, agentTeamMemberPath } from '@playfront/contract/agent-team';
import { SESSION_PATHS } from '@playfront/contract/session';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captcha, makeApp, makeClock, sealed, type TestApp } from '../../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../../brand/brand.repository.ts';
import { loggedInMember, memberSession } from '../../funds/funds.fixtures.ts';
import { auditLedger } from '../../ledger/ledger.audit.ts';
import { deposit, memberWallet } from '../../ledger/ledger.fixtures.ts';
import { maskName } from '../../lobby/lobby.service.ts';
import { brandDay, overviewWindow } from './team.service.ts';

/**
 * The agent team on one database: the closure after every way a member joins a tree (the agent's direct registration
 * of a member and of a sub-agent, a visitor's registration with the sub-agent's affiliate code, a member moved under
 * the sub-agent), the register refusals, each report's figures for a small hand-computed team with money on both
 * sides of a brand-day boundary, and another agent's tree answering not found everywhere.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;
const now = new Date();
const todayStart = overviewWindow('today', now).from;
const today = brandDay(now);

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', OUTBOX_POLL_MS: '10000' }, makeClock(now));
  await t.app.ready();
  brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
  await setBrandFlag(t.db, brandId, 'REGMOBVERF3', false);
});

afterAll(async () => {
  expect((await auditLedger(database.db)).violations).toEqual([]);
  await t.app.close();
  await database.close();
});

const H = (token: string) => ({ merchant: DEMO_MERCHANT_CODE, language: 'en', authorization: token });
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: H(token) });
const value = async (url: string, token: string) => {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().value;
};
const register = (token: string, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: AGENT_TEAM_PATHS.register, headers: H(token), payload: body });

async function agent(): Promise<{ memberId: number; token: string; username: string }> {
  const a = await loggedInMember(t.db, now, 1);
  const { username } = await t.db.selectFrom('member').select('username').where('id', '=', a.memberId).executeTakeFirstOrThrow();
  return { ...a, username };
}
const idOf = async (username: string) =>
  (await t.db.selectFrom('member').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
async function closureOf(memberId: number) {
  const { rows } = await sql<{ ancestor_id: number; depth: number }>`
    select ancestor_id, depth from agent_closure where member_id = ${memberId} order by depth`.execute(t.db);
  return rows.map((r) => [r.ancestor_id, Number(r.depth)]);
}
/** A money event as ledger_post writes it, at a chosen time (the ledger writes the database's now()). */
async function event(memberId: number, kind: string, amount: bigint, at: Date, reference: Record<string, unknown> = {}) {
  await sql`insert into money_event (member_id, kind, amount, balance_after, currency, source, reference, created_at)
    values (${memberId}, ${kind}, ${amount}, 0, 'BDT', 'test', ${JSON.stringify(reference)}::jsonb, ${at})`.execute(t.db);
}
const settled = (memberId: number, validBet: bigint, at: Date) =>
  event(memberId, 'ROUND_SETTLED', 0n, at, { gameType: 'RNG', validBet: String(validBet), roundId: randomUUID() });
async function round(memberId: number, bet: bigint, win: bigint, at: Date) {
  const game = await t.db
    .selectFrom('game')
    .select(['node_id', 'game_code', 'vendor_code'])
    .orderBy('node_id')
    .limit(1)
    .executeTakeFirstOrThrow();
  await sql`insert into game_round (vendor_code, round_id, member_id, node_id, game_code, game_type, currency, bet_total, win_total,
      bet_count, status, created_at, settled_at)
    values (${game.vendor_code}, ${randomUUID()}, ${memberId}, ${game.node_id}, ${game.game_code}, 'RNG', 'BDT', ${bet}, ${win}, 1,
      'settled', ${at}, ${at})`.execute(t.db);
}

const PASSWORD = 'tiger-moth-42';
const ms = (d: Date, n: number) => new Date(d.getTime() + n);

describe('agent team', () => {
  let A: Awaited<ReturnType<typeof agent>>;
  let B: Awaited<ReturnType<typeof agent>>;
  let sub: { id: number; token: string; code: string };
  let m1: number;
  let m2: number;
  let m3: number;
  let mb: number;

  beforeAll(async () => {
    A = await agent();
    B = await agent();
  });

  it('keeps the closure through every way a member joins a tree', async () => {
    const s = await register(A.token, { kind: 'agent', username: 'teamsub01', password: PASSWORD, confirmPassword: PASSWORD });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().value).toMatchObject({ username: 'teamsub01', kind: 'agent', type: 1 });
    const subId = s.json().value.id as number;
    sub = { id: subId, token: await memberSession(t.db, subId, now), code: s.json().value.affiliateCode };
    expect(sub.code).toMatch(/^[A-Z2-9]{10}$/);
    expect(await closureOf(subId)).toEqual([
      [subId, 0],
      [A.memberId, 1],
    ]);

    const d = await register(A.token, { kind: 'member', username: 'teammem01', password: PASSWORD, confirmPassword: PASSWORD });
    expect(d.statusCode, d.body).toBe(200);
    m1 = d.json().value.id;
    expect(await closureOf(m1)).toEqual([
      [m1, 0],
      [A.memberId, 1],
    ]);

    // A visitor through the sub-agent's referral link (its affiliate code) joins both teams.
    const referral = await value(AGENT_TEAM_PATHS.referral, sub.token);
    expect(referral.affiliateCode).toBe(sub.code);
    expect(referral.link).toMatch(new RegExp(`/register\\?affiliateCode=${sub.code}$`));
    const visitor = await sealed(t, 'PUT', SESSION_PATHS.register, {
      username: 'teamvis01',
      password: PASSWORD,
      confirmPassword: PASSWORD,
      termsAccepted: true,
      ageConfirmed: true,
      affiliateCode: sub.code.toLowerCase(),
      ...(await captcha(t)),
    });
    expect(visitor.statusCode, visitor.body).toBe(200);
    m2 = await idOf('teamvis01');
    expect(await closureOf(m2)).toEqual([
      [m2, 0],
      [subId, 1],
      [A.memberId, 2],
    ]);

    // Registered under A, then moved under the sub-agent (with a downline of its own, which moves along).
    const r3 = await register(A.token, { kind: 'agent', username: 'teammov01', password: PASSWORD, confirmPassword: PASSWORD });
    m3 = r3.json().value.id;
    const leaf = (
      await register(await memberSession(t.db, m3, now), {
        kind: 'member',
        username: 'teamleaf1',
        password: PASSWORD,
        confirmPassword: PASSWORD,
      })
    ).json().value.id as number;
    await sql`update member set upline_id = ${subId} where id = ${m3}`.execute(t.db);
    expect(await closureOf(m3)).toEqual([
      [m3, 0],
      [subId, 1],
      [A.memberId, 2],
    ]);
    expect(await closureOf(leaf)).toEqual([
      [leaf, 0],
      [m3, 1],
      [subId, 2],
      [A.memberId, 3],
    ]);
    // A member never moves under its own downline.
    await expect(sql`update member set upline_id = ${leaf} where id = ${subId}`.execute(t.db)).rejects.toThrow();

    const other = await register(B.token, { kind: 'member', username: 'othermem1', password: PASSWORD, confirmPassword: PASSWORD });
    mb = other.json().value.id;
    expect(await closureOf(mb)).toEqual([
      [mb, 0],
      [B.memberId, 1],
    ]);
  });

  it('refuses registrations the member registration refuses, and non-agents and trial accounts', async () => {
    const taken = await register(A.token, { kind: 'member', username: 'TEAMMEM01', password: PASSWORD, confirmPassword: PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'USERNAME_TAKEN', fields: { username: { key: 'errors.usernameTaken' } } });
    const weak = await register(A.token, { kind: 'member', username: 'teamweak1', password: 'short', confirmPassword: 'short' });
    expect(weak.json()).toMatchObject({ code: 'VALIDATION' });
    expect(weak.json().fields.password).toBeDefined();
    const mismatch = await register(A.token, {
      kind: 'member',
      username: 'teamweak2',
      password: PASSWORD,
      confirmPassword: 'other-pass-9',
    });
    expect(mismatch.json()).toMatchObject({ code: 'VALIDATION', fields: { confirmPassword: {} } });
    const badName = await register(A.token, { kind: 'member', username: '1bad', password: PASSWORD, confirmPassword: PASSWORD });
    expect(badName.json()).toMatchObject({ code: 'VALIDATION', fields: { username: {} } });

    const member = await memberSession(t.db, m1, now);
    const asMember = await register(member, { kind: 'member', username: 'teamnope1', password: PASSWORD, confirmPassword: PASSWORD });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.json()).toMatchObject({ code: 'NON_AGENT_LOGIN', message: 'errors.nonAgentLogin' });
    for (const path of Object.values(AGENT_TEAM_PATHS).filter((p) => p !== AGENT_TEAM_PATHS.register)) {
      const res = await get(path.replace(':id', String(m1)), member);
      expect(res.statusCode, path).toBe(403);
    }
    const trial = await loggedInMember(t.db, now, 4);
    const asTrial = await register(trial.token, { kind: 'member', username: 'teamnope2', password: PASSWORD, confirmPassword: PASSWORD });
    expect(asTrial.statusCode).toBe(403);
    expect(await t.db.selectFrom('member').select('id').where('username', 'in', ['teamnope1', 'teamnope2', 'teamweak1']).execute()).toEqual(
      [],
    );
  });

  it('reports the team figures from the rollups, on both sides of the brand-day boundary', async () => {
    const beforeMidnight = ms(todayStart, -1);
    // m1: a deposit exactly at the start of today, a withdrawal held and partly released.
    await event(m1, 'DEPOSIT', 100_000n, todayStart);
    await event(m1, 'WITHDRAWAL_HOLD', -20_000n, ms(todayStart, 60_000));
    await event(m1, 'WITHDRAWAL_RELEASE', 5_000n, ms(todayStart, 120_000));
    // m2 (below the sub-agent): deposited yesterday's last millisecond, played today.
    await event(m2, 'DEPOSIT', 50_000n, beforeMidnight);
    await event(m2, 'BET', -30_000n, ms(todayStart, 3_600_000));
    await event(m2, 'WIN', 10_000n, ms(todayStart, 3_600_000));
    await settled(m2, 30_000n, ms(todayStart, 3_600_000));
    await settled(m2, 1_000n, beforeMidnight);
    // The sub-agent's own play counts for A's team, not for the sub-agent's.
    await event(sub.id, 'BET', -5_000n, ms(todayStart, 7_200_000));
    await settled(sub.id, 5_000n, ms(todayStart, 7_200_000));
    // m3 was moved under the sub-agent before playing.
    await event(m3, 'BET', -7_000n, ms(todayStart, 7_200_000));
    await event(m3, 'ROLLBACK', 2_000n, ms(todayStart, 7_200_000));
    await event(m3, 'REBATE', 300n, ms(todayStart, 7_200_000));
    await settled(m3, 5_000n, ms(todayStart, 7_200_000));
    // Another agent's member: never in A's figures.
    await event(mb, 'DEPOSIT', 99_900n, ms(todayStart, 60_000));
    await settled(mb, 99_900n, ms(todayStart, 60_000));
    // And one real posting through the ledger (its event at the database's now, today).
    await deposit(t.db, await memberWallet(t.db, m1), 1_234n);
    await t.app.moneyOutbox?.drain();

    const todayA = await value(`${AGENT_TEAM_PATHS.overview}?range=today`, A.token);
    expect(todayA).toMatchObject({
      range: 'today',
      step: 'hour',
      teamSize: 5, // sub, m1, m2, m3, leaf (none of B's)
      directCount: 2, // sub and m1 (m3 moved away)
      agentCount: 2,
      newMembers: 5,
      activeMembers: 3, // m2, sub, m3
      deposits: '101234',
      withdrawals: '15000',
      bets: '40000',
      wins: '10000',
      validBets: '40000',
      bonuses: '300',
      profitLoss: '-30000',
    });
    expect(todayA.series).toHaveLength(24);
    expect(todayA.series[0]).toMatchObject({ at: todayStart.toISOString(), withdrawals: '15000' });
    expect(todayA.series[1]).toMatchObject({ bets: '30000', wins: '10000', validBets: '30000' });
    const sumOf = (key: string) => todayA.series.reduce((s: bigint, p: Record<string, string>) => s + BigInt(p[key]!), 0n);
    expect(sumOf('deposits')).toBe(101_234n);

    const yesterdayA = await value(`${AGENT_TEAM_PATHS.overview}?range=yesterday`, A.token);
    expect(yesterdayA).toMatchObject({ deposits: '50000', validBets: '1000', activeMembers: 1, bets: '0', newMembers: 0 });
    expect(yesterdayA.series[23]).toMatchObject({ deposits: '50000' });

    const subToday = await value(`${AGENT_TEAM_PATHS.overview}?range=today`, sub.token);
    expect(subToday).toMatchObject({ teamSize: 3, activeMembers: 2, deposits: '0', bets: '35000', validBets: '35000' });

    const month = await value(`${AGENT_TEAM_PATHS.overview}?range=month`, A.token);
    expect(month.step).toBe('day');
    expect(month.series.find((p: { label: string }) => p.label === today)).toMatchObject({ activeMembers: 3, deposits: '101234' });
    // Distinct members over the month: m2 was active on two days, counted once.
    expect(month.activeMembers).toBe(3);
    const sameMonth = today.slice(0, 7) === brandDay(ms(todayStart, -1)).slice(0, 7);
    expect(month.deposits).toBe(sameMonth ? '151234' : '101234');

    // One downline's figures: masked below my direct level, its own money only.
    const detail = await value(`${agentTeamMemberPath(m2)}?from=${brandDay(ms(todayStart, -1))}&to=${today}`, A.token);
    expect(detail.member).toMatchObject({ id: m2, username: maskName('teamvis01'), masked: true, level: 2, parentId: sub.id });
    expect(detail.path).toEqual([
      { id: sub.id, username: 'teamsub01' },
      { id: m2, username: maskName('teamvis01') },
    ]);
    expect(detail.figures).toMatchObject({ deposits: '50000', bets: '30000', wins: '10000', validBets: '31000', profitLoss: '-20000' });
    const subDetail = await value(agentTeamMemberPath(m2), sub.token);
    expect(subDetail.member).toMatchObject({ username: 'teamvis01', masked: false, level: 1 });

    // User P&L per member for today, lowest first, with totals.
    const pl = await value(`${AGENT_TEAM_PATHS.profitLoss}?from=${today}&to=${today}`, A.token);
    expect(pl.totals).toMatchObject({ deposits: '101234', bets: '40000', wins: '10000', profitLoss: '-30000' });
    expect(pl.list.map((r: { memberId: number; profitLoss: string }) => [r.memberId, r.profitLoss])).toEqual([
      [m2, '-20000'],
      [sub.id, '-5000'],
      [m3, '-5000'],
      [m1, '0'],
    ]);
    const plOne = await value(`${AGENT_TEAM_PATHS.profitLoss}?from=${today}&to=${today}&member=teammov01`, A.token);
    expect(plOne.list).toHaveLength(1);
    expect(plOne.list[0]).toMatchObject({ memberId: m3, bets: '5000', bonuses: '300', kind: 'agent', level: 2 });

    // Team account details: fund moves only, newest first, filtered by type.
    const tx = await value(`${AGENT_TEAM_PATHS.transactions}?from=${brandDay(ms(todayStart, -1))}&to=${today}`, A.token);
    expect(tx.total).toBe(5);
    expect(tx.list.every((r: { memberId: number }) => r.memberId !== mb)).toBe(true);
    const withdrawals = await value(`${AGENT_TEAM_PATHS.transactions}?from=${today}&to=${today}&type=WITHDRAWAL`, A.token);
    expect(withdrawals.list.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['WITHDRAWAL_RELEASE', '5000'],
      ['WITHDRAWAL_HOLD', '-20000'],
    ]);
  });

  it('lists the team table, the tree and the team bets within my tree only', async () => {
    const all = await value(`${AGENT_TEAM_PATHS.members}?sort=username&order=asc`, A.token);
    expect(all.total).toBe(5);
    expect(all.list.map((r: { username: string }) => r.username)).toEqual([
      maskName('teamleaf1'),
      'teammem01',
      maskName('teammov01'),
      'teamsub01',
      maskName('teamvis01'),
    ]);
    const byName = all.list.map((r: { id: number }) => r.id);
    expect(new Set(byName)).toEqual(new Set([sub.id, m1, m2, m3, await idOf('teamleaf1')]));
    const subRow = all.list.find((r: { id: number }) => r.id === sub.id);
    expect(subRow).toMatchObject({ kind: 'agent', level: 1, directCount: 2, masked: false, balance: '0' });
    expect(all.list.find((r: { id: number }) => r.id === m1)).toMatchObject({ balance: '1234', kind: 'member', directCount: 0 });

    const searched = await value(`${AGENT_TEAM_PATHS.members}?search=VIS`, A.token);
    expect(searched.list.map((r: { id: number }) => r.id)).toEqual([m2]);
    const paged = await value(`${AGENT_TEAM_PATHS.members}?sort=balance&order=desc&pageSize=2&pageNo=1`, A.token);
    expect(paged).toMatchObject({ total: 5, pageSize: 2 });
    expect(paged.list[0].id).toBe(m1);
    const children = await value(`${AGENT_TEAM_PATHS.members}?parentId=${sub.id}&sort=username`, A.token);
    expect(new Set(children.list.map((r: { id: number }) => r.id))).toEqual(new Set([m2, m3]));

    const root = await value(AGENT_TEAM_PATHS.tree, A.token);
    expect(root.parentId).toBe(A.memberId);
    expect(root.nodes.map((n: { id: number; teamSize: number }) => [n.id, n.teamSize])).toEqual([
      [m1, 0],
      [sub.id, 3],
    ]);
    const below = await value(`${AGENT_TEAM_PATHS.tree}?parentId=${sub.id}`, A.token);
    expect(below.nodes.map((n: { id: number }) => n.id).sort()).toEqual([m2, m3].sort());

    await round(m2, 30_000n, 10_000n, ms(todayStart, 3_600_000));
    await round(mb, 99_900n, 0n, ms(todayStart, 3_600_000));
    const bets = await value(`${AGENT_TEAM_PATHS.bets}?from=${today}&to=${today}`, A.token);
    expect(bets.total).toBe(1);
    expect(bets.list[0]).toMatchObject({
      memberId: m2,
      username: maskName('teamvis01'),
      level: 2,
      bet: '30000',
      win: '10000',
      profit: '-20000',
    });
    expect(bets.totals).toMatchObject({ rounds: 1, bet: '30000', validBet: '30000' });
    const none = await value(`${AGENT_TEAM_PATHS.bets}?from=${today}&to=${today}&gameType=LIVE`, A.token);
    expect(none.total).toBe(0);
  });

  it("answers not found for another agent's tree on every call", async () => {
    const notFound = async (url: string, token: string) => {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
    };
    for (const id of [m1, m2, sub.id]) {
      await notFound(agentTeamMemberPath(id), B.token);
      await notFound(`${AGENT_TEAM_PATHS.tree}?parentId=${id}`, B.token);
      await notFound(`${AGENT_TEAM_PATHS.members}?parentId=${id}`, B.token);
    }
    await notFound(agentTeamMemberPath(A.memberId), sub.token); // an upline is not in my tree
    await notFound(agentTeamMemberPath(mb), A.token);
    for (const path of [AGENT_TEAM_PATHS.bets, AGENT_TEAM_PATHS.profitLoss, AGENT_TEAM_PATHS.transactions]) {
      await notFound(`${path}?member=teammem01`, B.token);
      await notFound(`${path}?member=othermem1`, A.token);
    }
    const bTeam = await value(AGENT_TEAM_PATHS.members, B.token);
    expect(bTeam.list.map((r: { id: number }) => r.id)).toEqual([mb]);
    const bBets = await value(`${AGENT_TEAM_PATHS.bets}?from=${today}&to=${today}`, B.token);
    expect(bBets.list.map((r: { memberId: number }) => r.memberId)).toEqual([mb]);
    const bOverview = await value(`${AGENT_TEAM_PATHS.overview}?range=today`, B.token);
    expect(bOverview).toMatchObject({ teamSize: 1, deposits: '99900', validBets: '99900', activeMembers: 1 });
  });

  it('lists the announcements for agents in the language asked', async () => {
    const en = await value(`${AGENT_TEAM_PATHS.announcements}?language=EN`, A.token);
    const bn = await value(`${AGENT_TEAM_PATHS.announcements}?language=BN`, A.token);
    expect(en.list.length).toBeGreaterThanOrEqual(2);
    expect(bn.list.map((a: { id: number }) => a.id)).toEqual(en.list.map((a: { id: number }) => a.id));
    expect(bn.list[0].title).not.toBe(en.list[0].title);
  });
});
