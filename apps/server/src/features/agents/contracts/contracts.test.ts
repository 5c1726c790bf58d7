import {
  AGENT_CONTRACT_PATHS,
  type AgentContract,
  agentContractActionPath,
  type ContractOfferBody,
  OPS_AGENT_CONTRACT_PATHS,
} from '@playfront/contract/agent-contracts';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db.ts';
import { DEMO_MERCHANT_CODE } from '../../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../../brand/brand.repository.ts';
import { loggedInMember } from '../../funds/funds.fixtures.ts';

/**
 * Agent contracts through the app: every transition (offer, accept, reject, terminate, withdraw, replacement) and
 * every refusal (not an agent, trial, not a direct downline, a plain member, rate above the upline's, below the
 * downline's own contracts, a double offer, a rate not higher than the active one, confirmation, the wrong member,
 * twice, another tree, terms, the brand flag), the house's offers to top agents, and what each agent sees.
 */
let database: TestDatabase;
let t: TestApp;
let brandId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', OUTBOX_POLL_MS: '10000' }, makeClock(new Date('2026-11-20T10:00:00Z')));
  await t.app.ready();
  brandId = (await findBrand(database.db, DEMO_MERCHANT_CODE))!.id;
  for (const flag of ['CONTRACT_DIVIDEND', 'CONTRACT_SALARY', 'CONTRACT_HOUR_SALARY'] as const)
    await setBrandFlag(database.db, brandId, flag, true);
  await setBrandFlag(database.db, brandId, 'CONTRACT_REALTIME_SALARY', false);
});

afterAll(async () => {
  await t.app.close();
  await database.close();
});

type Who = { memberId: number; token: string };
async function account(type: number, upline: Who | null): Promise<Who> {
  const who = await loggedInMember(database.db, t.clock.now, type);
  await sql`update member set upline_id = ${upline?.memberId ?? null} where id = ${who.memberId}`.execute(database.db);
  return who;
}

const H = (token?: string) => ({ merchant: DEMO_MERCHANT_CODE, language: 'en', ...(token ? { authorization: token } : {}) });
const OPS = { ...H(), [OPERATOR_KEY_HEADER]: OPERATOR_KEY };
const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: H(who.token) });
const post = (url: string, who: Who, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: H(who.token), ...(payload ? { payload } : {}) });
const offer = (who: Who, body: ContractOfferBody) => post(AGENT_CONTRACT_PATHS.contracts, who, body);
const act = (who: Who, id: string, action: 'accept' | 'reject' | 'terminate') => post(agentContractActionPath(id, action), who);

function expectCode(res: { statusCode: number; body: string; json: () => unknown }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code });
}
function okValue<T>(res: { statusCode: number; body: string; json: () => unknown }): T {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { value: T }).value;
}
const salary = (downlineId: number, rateBps: number, extra: Partial<ContractOfferBody> = {}): ContractOfferBody => ({
  downlineId,
  kind: 'DAILY_SALARY',
  terms: { rateBps },
  ...extra,
});

describe('agent contracts', () => {
  // A top agent `a` (no upline) with sub-agent `b`, whose sub-agent is `c`; a plain member `m` and a trial account
  // under `a`; another top agent `z` with its own sub-agent `y`.
  let a: Who;
  let b: Who;
  let c: Who;
  let m: Who;
  let trial: Who;
  let z: Who;
  let y: Who;
  beforeAll(async () => {
    a = await account(1, null);
    b = await account(2, a);
    c = await account(41, b);
    m = await account(0, a);
    trial = await account(4, a);
    z = await account(1, null);
    y = await account(42, z);
  });

  it('answers agents only: a member, a trial account and no session are refused', async () => {
    for (const path of [AGENT_CONTRACT_PATHS.consolidated, AGENT_CONTRACT_PATHS.processDailySalary, AGENT_CONTRACT_PATHS.contracts]) {
      expectCode(await get(path, m), 403, 'NON_AGENT_LOGIN');
      expectCode(await get(path, trial), 403, 'TRIAL_NOT_ALLOWED');
      expectCode(await t.app.inject({ method: 'GET', url: path, headers: H() }), 401, 'NOT_LOGGED_IN');
    }
    expectCode(await offer(m, salary(a.memberId, 10)), 403, 'NON_AGENT_LOGIN');
    expect(okValue<{ message?: string }>(await get(AGENT_CONTRACT_PATHS.consolidated, a))).toMatchObject({
      dailysalreqtype: 'NONE',
      divtypereq: 'NONE',
      contracthoursalreq: 'NONE',
      realtimesalreqtype: 'DISABLED',
    });
  });

  it('refuses offers outside the direct downline agents, above the upline, without own contract, with bad terms, when off', async () => {
    expectCode(await offer(a, salary(c.memberId, 100)), 403, 'CONTRACT_NOT_DIRECT_DOWNLINE');
    expectCode(await offer(a, salary(y.memberId, 100)), 403, 'CONTRACT_NOT_DIRECT_DOWNLINE');
    expectCode(await offer(a, salary(999_999_999, 100)), 403, 'CONTRACT_NOT_DIRECT_DOWNLINE');
    expectCode(await offer(a, salary(m.memberId, 100)), 409, 'CONTRACT_DOWNLINE_NOT_AGENT');
    expectCode(await offer(a, salary(trial.memberId, 100)), 409, 'CONTRACT_DOWNLINE_NOT_AGENT');
    // A top agent without a house contract gives at most the brand maximum (300 bps for salaries by default).
    const above = await offer(a, salary(b.memberId, 301));
    expectCode(above, 409, 'CONTRACT_RATE_ABOVE_UPLINE');
    expect(above.json().value).toMatchObject({ maxRateBps: 300 });
    // b holds no salary contract yet, so has nothing to give c.
    expectCode(await offer(b, salary(c.memberId, 10)), 409, 'CONTRACT_NONE_OF_YOUR_OWN');
    const tierAbove = {
      downlineId: b.memberId,
      kind: 'DAILY_SALARY' as const,
      terms: { rateBps: 100, tiers: [{ minActiveMembers: 1, minBetAmount: '0', rateBps: 150 }] },
    };
    expectCode(await offer(a, tierAbove), 400, 'CONTRACT_TERMS_INVALID');
    expectCode(
      await offer(a, { downlineId: b.memberId, kind: 'DIVIDEND', terms: { rateBps: 100, period: 'DAILY' } }),
      400,
      'CONTRACT_TERMS_INVALID',
    );
    expectCode(
      await offer(a, { downlineId: b.memberId, kind: 'HOUR_SALARY', terms: { rateBps: 100, period: 'DAILY' } }),
      400,
      'CONTRACT_TERMS_INVALID',
    );
    expectCode(await offer(a, { downlineId: b.memberId, kind: 'REALTIME_SALARY', terms: { rateBps: 10 } }), 403, 'FEATURE_DISABLED');
    const none = await database.db.selectFrom('agent_contract').select('id').where('downline_id', 'in', [b.memberId, c.memberId]).execute();
    expect(none).toEqual([]);
  });

  it('offer → accept by the downline only, once; a double offer is refused; the bounds hold down the tree', async () => {
    const offered = okValue<{ contract: AgentContract; terminates: AgentContract[] }>(await offer(a, salary(b.memberId, 100)));
    expect(offered.contract).toMatchObject({
      state: 'OFFERED',
      kind: 'DAILY_SALARY',
      upline: { id: a.memberId },
      downline: { id: b.memberId },
      terms: { rateBps: 100, period: 'DAILY', tiers: [], winLossRateBps: 0 },
    });
    expect(offered.terminates).toEqual([]);
    const id = offered.contract.id;
    expectCode(await offer(a, salary(b.memberId, 120)), 409, 'CONTRACT_ALREADY_OFFERED');
    expect(okValue<{ dailysalreqtype: string }>(await get(AGENT_CONTRACT_PATHS.consolidated, b)).dailysalreqtype).toBe('OFFERED');

    // The wrong member: the upline that offered it, and an agent of another tree (who cannot even see it).
    expectCode(await act(a, id, 'accept'), 403, 'CONTRACT_NOT_YOURS');
    expectCode(await act(z, id, 'accept'), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await act(z, id, 'terminate'), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await act(c, id, 'accept'), 404, 'CONTRACT_NOT_FOUND');
    expectCode(await act(b, id, 'terminate'), 409, 'CONTRACT_STATE_INVALID');

    const accepted = okValue<{ contract: AgentContract }>(await act(b, id, 'accept'));
    expect(accepted.contract).toMatchObject({ id, state: 'ACTIVE' });
    expect(accepted.contract.decidedAt).toBe(t.clock.now.toISOString());
    expectCode(await act(b, id, 'accept'), 409, 'CONTRACT_STATE_INVALID');
    expectCode(await act(b, id, 'reject'), 409, 'CONTRACT_STATE_INVALID');

    // b now gives at most its own 100 bps.
    expectCode(await offer(b, salary(c.memberId, 101)), 409, 'CONTRACT_RATE_ABOVE_UPLINE');
    const toC = okValue<{ contract: AgentContract }>(await offer(b, salary(c.memberId, 80)));
    okValue(await act(c, toC.contract.id, 'accept'));

    const summary = okValue<{ mine: AgentContract | null; given: AgentContract[]; offers: AgentContract[]; maxRateBps: number | null }>(
      await get(AGENT_CONTRACT_PATHS.processDailySalary, b),
    );
    expect(summary.mine?.id).toBe(id);
    expect(summary.given.map((g) => g.id)).toEqual([toC.contract.id]);
    expect(summary.offers).toEqual([]);
    expect(summary.maxRateBps).toBe(100);
    expect(okValue<{ dailysalreqtype: string }>(await get(AGENT_CONTRACT_PATHS.consolidated, b)).dailysalreqtype).toBe('ACTIVE');
  });

  it('a higher offer replaces the active contract only after confirmation, terminating it when accepted', async () => {
    // Below what b gives c (80), and not above b's active 100: both refused.
    const below = await offer(a, salary(b.memberId, 50));
    expectCode(below, 409, 'CONTRACT_RATE_BELOW_DOWNLINE');
    expect(below.json().value).toMatchObject({ minRateBps: 80 });
    expectCode(await offer(a, salary(b.memberId, 100)), 409, 'CONTRACT_RATE_NOT_HIGHER');
    const active = (
      await database.db
        .selectFrom('agent_contract')
        .select('id')
        .where('downline_id', '=', b.memberId)
        .where('state', '=', 'ACTIVE')
        .executeTakeFirstOrThrow()
    ).id;

    const unconfirmed = await offer(a, salary(b.memberId, 200));
    expectCode(unconfirmed, 409, 'CONTRACT_CONFIRM_REQUIRED');
    expect((unconfirmed.json().value.terminates as AgentContract[]).map((x) => [x.id, x.state, x.terms.rateBps])).toEqual([
      [String(active), 'ACTIVE', 100],
    ]);
    const offered = okValue<{ contract: AgentContract; terminates: AgentContract[] }>(
      await offer(a, salary(b.memberId, 200, { confirm: true })),
    );
    expect(offered.contract.replacesId).toBe(String(active));
    expect(offered.terminates.map((x) => x.id)).toEqual([String(active)]);
    // Until accepted, the old one stands.
    expect((await database.db.selectFrom('agent_contract').select('state').where('id', '=', active).executeTakeFirstOrThrow()).state).toBe(
      'ACTIVE',
    );

    t.clock.advance(60_000);
    const accepted = okValue<{ contract: AgentContract; terminated: AgentContract[] }>(await act(b, offered.contract.id, 'accept'));
    expect(accepted.contract.state).toBe('ACTIVE');
    expect(accepted.terminated).toMatchObject([
      { id: String(active), state: 'TERMINATED', endedBy: 'REPLACED', endedAt: t.clock.now.toISOString() },
    ]);
    const rows = await database.db
      .selectFrom('agent_contract')
      .select(['id', 'state', 'rate_bps'])
      .where('downline_id', '=', b.memberId)
      .where('kind', '=', 'DAILY_SALARY')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.state, r.rate_bps])).toEqual([
      ['TERMINATED', 100],
      ['ACTIVE', 200],
    ]);
  });

  it('reject, withdraw, terminate by either side, and never twice', async () => {
    // c's contract from b: terminated by c (the downline); again is refused.
    const cActive = (
      await database.db
        .selectFrom('agent_contract')
        .select('id')
        .where('downline_id', '=', c.memberId)
        .where('state', '=', 'ACTIVE')
        .executeTakeFirstOrThrow()
    ).id;
    const ended = okValue<{ contract: AgentContract }>(await act(c, String(cActive), 'terminate'));
    expect(ended.contract).toMatchObject({ state: 'TERMINATED', endedBy: 'DOWNLINE', endedByMemberId: c.memberId });
    expectCode(await act(c, String(cActive), 'terminate'), 409, 'CONTRACT_STATE_INVALID');
    expectCode(await act(b, String(cActive), 'terminate'), 409, 'CONTRACT_STATE_INVALID');

    // An offer rejected by c; rejecting again is refused.
    const o1 = okValue<{ contract: AgentContract }>(await offer(b, salary(c.memberId, 150)));
    expectCode(await act(b, o1.contract.id, 'reject'), 403, 'CONTRACT_NOT_YOURS');
    expect(okValue<{ contract: AgentContract }>(await act(c, o1.contract.id, 'reject')).contract.state).toBe('REJECTED');
    expectCode(await act(c, o1.contract.id, 'reject'), 409, 'CONTRACT_STATE_INVALID');
    expectCode(await act(c, o1.contract.id, 'accept'), 409, 'CONTRACT_STATE_INVALID');

    // An offer withdrawn by b, then one accepted and ended by b (the upline).
    const o2 = okValue<{ contract: AgentContract }>(await offer(b, salary(c.memberId, 150)));
    expect(okValue<{ contract: AgentContract }>(await act(b, o2.contract.id, 'terminate')).contract).toMatchObject({
      state: 'TERMINATED',
      endedBy: 'UPLINE',
    });
    expectCode(await act(c, o2.contract.id, 'accept'), 409, 'CONTRACT_STATE_INVALID');
    const o3 = okValue<{ contract: AgentContract }>(await offer(b, salary(c.memberId, 150)));
    okValue(await act(c, o3.contract.id, 'accept'));
    expect(okValue<{ contract: AgentContract }>(await act(b, o3.contract.id, 'terminate')).contract.endedBy).toBe('UPLINE');
    expectCode(await act(b, o3.contract.id, 'terminate'), 409, 'CONTRACT_STATE_INVALID');
  });

  it('an accept re-checks the bounds: an offer above what the upline holds by then is refused', async () => {
    // b offers c 150 (b holds 200), then b's own contract ends: b has nothing left to give.
    const o = okValue<{ contract: AgentContract }>(await offer(b, salary(c.memberId, 150)));
    const bActive = (
      await database.db
        .selectFrom('agent_contract')
        .select('id')
        .where('downline_id', '=', b.memberId)
        .where('kind', '=', 'DAILY_SALARY')
        .where('state', '=', 'ACTIVE')
        .executeTakeFirstOrThrow()
    ).id;
    okValue(await act(a, String(bActive), 'terminate'));
    expectCode(await act(c, o.contract.id, 'accept'), 409, 'CONTRACT_RATE_ABOVE_UPLINE');
    okValue(await act(b, o.contract.id, 'terminate'));
  });

  it('the house offers top agents only, within the brand maximum; lists show each agent only its own contracts', async () => {
    const ops = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: OPS, ...(payload ? { payload } : {}) });
    const dividend = (downlineId: number, rateBps: number) => ({ downlineId, kind: 'DIVIDEND', terms: { rateBps, period: 'WEEKLY' } });
    expectCode(await ops('POST', OPS_AGENT_CONTRACT_PATHS.contracts, dividend(b.memberId, 1000)), 409, 'CONTRACT_NOT_TOP_AGENT');
    expectCode(await ops('POST', OPS_AGENT_CONTRACT_PATHS.contracts, dividend(a.memberId, 5001)), 409, 'CONTRACT_RATE_ABOVE_UPLINE');
    const settings = { maxRateBps: { DIVIDEND: 4000, DAILY_SALARY: 300, HOUR_SALARY: 200, REALTIME_SALARY: 100 }, maxWinLossRateBps: 1000 };
    expect(okValue(await ops('PUT', OPS_AGENT_CONTRACT_PATHS.settings, settings))).toEqual(settings);
    expectCode(await ops('POST', OPS_AGENT_CONTRACT_PATHS.contracts, dividend(a.memberId, 4001)), 409, 'CONTRACT_RATE_ABOVE_UPLINE');
    const house = okValue<{ contract: AgentContract }>(await ops('POST', OPS_AGENT_CONTRACT_PATHS.contracts, dividend(a.memberId, 3000)));
    expect(house.contract.upline).toBeNull();
    expectCode(await act(z, house.contract.id, 'accept'), 404, 'CONTRACT_NOT_FOUND');
    okValue(await act(a, house.contract.id, 'accept'));
    // a now gives at most the house contract's 3000 bps.
    expectCode(
      await offer(a, { downlineId: b.memberId, kind: 'DIVIDEND', terms: { rateBps: 3001, period: 'MONTHLY' } }),
      409,
      'CONTRACT_RATE_ABOVE_UPLINE',
    );
    expect(okValue<{ maxRateBps: number }>(await get(AGENT_CONTRACT_PATHS.processDividendReq, a)).maxRateBps).toBe(3000);
    const hourly = await t.app.inject({ method: 'POST', url: AGENT_CONTRACT_PATHS.processContractHourSalary, headers: H(a.token) });
    expect(okValue<{ kind: string; maxRateBps: number }>(hourly)).toMatchObject({ kind: 'HOUR_SALARY', maxRateBps: 200 });

    const list = async (who: Who, role: 'upline' | 'downline') =>
      okValue<{ list: AgentContract[]; total: number }>(await get(`${AGENT_CONTRACT_PATHS.contracts}?role=${role}&pageSize=100`, who));
    const mine = [...(await list(a, 'upline')).list, ...(await list(a, 'downline')).list];
    expect(mine.length).toBeGreaterThan(0);
    for (const x of mine) expect([x.upline?.id, x.downline.id]).toContain(a.memberId);
    expect((await list(z, 'upline')).total).toBe(0);
    expect((await list(z, 'downline')).total).toBe(0);
    const fromHouse = okValue<{ list: AgentContract[] }>(await ops('GET', OPS_AGENT_CONTRACT_PATHS.contracts));
    expect(fromHouse.list.every((x) => x.upline === null)).toBe(true);
    expect(
      okValue<{ contract: AgentContract }>(await ops('POST', OPS_AGENT_CONTRACT_PATHS.terminate.replace(':id', house.contract.id)))
        .contract,
    ).toMatchObject({
      state: 'TERMINATED',
      endedBy: 'OPERATOR',
    });
  });
});
