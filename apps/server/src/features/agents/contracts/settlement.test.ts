import { randomUUID } from 'node:crypto';
import {
  AGENT_CONTRACT_PATHS,
  type AgentContractKind,
  type AgentIncome,
  type AgentSettlement,
  type ContractTermsInput,
  OPS_AGENT_CONTRACT_PATHS,
} from '@playfront/contract/agent-contracts';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../../test/test-db.ts';
import type { Db } from '../../../db/database.ts';
import { runJobOnce } from '../../../infra/jobs/job-runner.ts';
import { dispatchOnce } from '../../../infra/outbox/money-outbox.ts';
import { DEMO_MERCHANT_CODE } from '../../../seed/demo-brand.ts';
import { findBrand, setBrandFlag } from '../../brand/brand.repository.ts';
import { memberSession, walletBalance } from '../../funds/funds.fixtures.ts';
import { auditLedger } from '../../ledger/ledger.audit.ts';
import { createMember, deposit, house, memberWallet } from '../../ledger/ledger.fixtures.ts';
import { postTransfers } from '../../ledger/ledger.service.ts';
import { agentMoney5minConsumer } from './agent-money-5min-consumer.ts';
import { acceptContract, offerContract } from './contracts.service.ts';
import { agentSettlementJob } from './contracts-jobs.ts';
import { rollupComplete, settleKind } from './settlement.service.ts';

/**
 * Settlement of agent contracts on one database: a property over random three-level teams, contracts and activity
 * (each settlement pays exactly the formula, once, through repeated runs, two ticks of a period and the job runner;
 * the wallets move by exactly the settlements; the ledger audit stays clean), a settlement owed while the upline's
 * wallet is short and paid once it is funded, the real-time salary from real bets through the 5-minute rollup, and
 * the agent's settlement and income views.
 */
let database: TestDatabase;
let db: Db;
let t: TestApp;
let brandId: number;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const tk = (taka: number) => BigInt(taka) * 100n;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  t = await makeApp(database, { ARGON2_PROFILE: 'test', OUTBOX_POLL_MS: '10000', PERIODIC_JOBS: 'off' }, makeClock(new Date()));
  await t.app.ready();
  // The outbox is dispatched by hand: the tests decide when the rollups are up to date.
  await t.app.moneyOutbox?.stop();
  brandId = (await findBrand(db, DEMO_MERCHANT_CODE))!.id;
  for (const flag of ['CONTRACT_DIVIDEND', 'CONTRACT_SALARY', 'CONTRACT_HOUR_SALARY', 'CONTRACT_REALTIME_SALARY'] as const) {
    await setBrandFlag(db, brandId, flag, true);
  }
  await sql`insert into agent_contract_settings (brand_id, max_rate_bps, max_win_loss_rate_bps)
    values (${brandId}, ${JSON.stringify({ DIVIDEND: 5000, DAILY_SALARY: 500, HOUR_SALARY: 500, REALTIME_SALARY: 500 })}::jsonb, 3000)
    on conflict (brand_id) do nothing`.execute(db);
});

afterAll(async () => {
  expect((await auditLedger(db)).violations).toEqual([]);
  await t?.app.close();
  await database.close();
});

async function agentOf(type: number, uplineId: number | null): Promise<number> {
  const id = await createMember(db);
  await sql`update member set type = ${type}, upline_id = ${uplineId} where id = ${id}`.execute(db);
  return id;
}

/** A contract offered (by `uplineId`, or the house when null) and accepted at `at`. */
async function contract(uplineId: number | null, downlineId: number, kind: AgentContractKind, terms: ContractTermsInput, at: Date) {
  const actor = uplineId === null ? { operator: true as const, brandId } : { memberId: uplineId, brandId };
  const offered = await offerContract(db, actor, { downlineId, kind, terms, confirm: true }, at);
  await acceptContract(db, { memberId: downlineId, brandId }, BigInt(offered.contract.id), at);
  return BigInt(offered.contract.id);
}

type Activity = { memberId: number; hour: Date; bet: bigint; win: bigint; rollback: bigint };
/** Activity straight into the hourly rollup (what the money-hourly consumer would have summed). */
async function play(a: Activity) {
  for (const [kind, total] of [
    ['BET', -a.bet],
    ['WIN', a.win],
    ['ROLLBACK', a.rollback],
  ] as const) {
    if (total === 0n) continue;
    await sql`insert into member_money_hourly (member_id, hour, kind, currency, total, moves) values (${a.memberId}, ${a.hour}, ${kind}, 'BDT', ${total}, 1)
      on conflict (member_id, hour, kind, currency) do update set total = member_money_hourly.total + excluded.total`.execute(db);
  }
}

/**
 * The 5-minute rollup past every money event. On PostgreSQL a batch can come back empty while another database's open
 * transaction holds the cluster's xmin back (events are read below it): wait then, as the outbox's drain does.
 */
async function rollupUpToDate() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    while ((await dispatchOnce(db, agentMoney5minConsumer)) > 0) {}
    if (await rollupComplete(db, agentMoney5minConsumer.name, new Date(Date.now() + DAY))) return;
    if (Date.now() > deadline) throw new Error('the 5-minute rollup did not catch up in 30 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settlementsOf = (contractIds: bigint[]) =>
  contractIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('agent_settlement')
        .selectAll()
        .where('contract_id', 'in', contractIds)
        .orderBy('contract_id')
        .orderBy('period')
        .execute();

/** The figures and the pay of one contract's team for one window, computed here from the activity alone. */
function expected(
  kind: AgentContractKind,
  terms: { rateBps: number; tiers?: { minActiveMembers: number; minBetAmount: string; rateBps: number }[]; winLossRateBps?: number },
  team: Set<number>,
  activity: Activity[],
  start: number,
  end: number,
) {
  const inWindow = activity.filter((a) => team.has(a.memberId) && a.hour.getTime() >= start && a.hour.getTime() < end);
  const bet = inWindow.reduce((s, a) => s + a.bet, 0n);
  const win = inWindow.reduce((s, a) => s + a.win, 0n);
  const rollback = inWindow.reduce((s, a) => s + a.rollback, 0n);
  const active = new Set(inWindow.filter((a) => a.bet > 0n).map((a) => a.memberId)).size;
  const validBet = bet - rollback;
  const netLoss = bet - win - rollback;
  const loss = netLoss > 0n ? netLoss : 0n;
  if (bet === 0n && netLoss === 0n) return null;
  if (kind === 'DIVIDEND') return { validBet, netLoss, active, rateBps: terms.rateBps, amount: (BigInt(terms.rateBps) * loss) / 10_000n };
  let rateBps = terms.rateBps;
  if (terms.tiers && terms.tiers.length > 0) {
    rateBps = 0;
    for (const tier of terms.tiers)
      if (active >= tier.minActiveMembers && validBet >= BigInt(tier.minBetAmount)) rateBps = Math.max(rateBps, tier.rateBps);
  }
  const amount = (BigInt(rateBps) * (validBet > 0n ? validBet : 0n) + BigInt(terms.winLossRateBps ?? 0) * loss) / 10_000n;
  return { validBet, netLoss, active, rateBps, amount };
}

// ---------------------------------------------------------------- the property

const tierArb = fc.record({
  minActiveMembers: fc.integer({ min: 0, max: 4 }),
  minBet: fc.integer({ min: 0, max: 3000 }),
  share: fc.integer({ min: 1, max: 100 }),
});
const agentArb = fc.record({
  members: fc.integer({ min: 0, max: 2 }),
  salaryShare: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  dividendShare: fc.option(fc.integer({ min: 1, max: 100 }), { nil: null }),
  winLossShare: fc.integer({ min: 0, max: 100 }),
  tiers: fc.array(tierArb, { maxLength: 2 }),
});
const playArb = fc.record({
  day: fc.integer({ min: 0, max: 2 }),
  hour: fc.integer({ min: 0, max: 23 }),
  bet: fc.integer({ min: 0, max: 5000 }),
  winPct: fc.integer({ min: 0, max: 250 }),
  rollbackPct: fc.integer({ min: 0, max: 100 }),
});
const treeArb = fc.record({
  top: agentArb,
  subs: fc.array(fc.record({ self: agentArb, subs: fc.array(agentArb, { maxLength: 2 }) }), { minLength: 1, maxLength: 2 }),
  plays: fc.array(fc.record({ who: fc.nat(), play: playArb }), { minLength: 1, maxLength: 14 }),
});

describe('settlement of agent contracts', () => {
  it('pays every contract exactly the formula once per period, however often it runs (property)', async () => {
    // A week per run from Monday 2020-01-06 (UTC), years before the real clock, so every money event the database has
    // is after it (the rollup counts as complete) and shrinking has weeks to spare.
    let week = Date.parse('2020-01-06T00:00:00Z');
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(treeArb, async (tree) => {
        const monday = week;
        week += 7 * DAY;
        const before = new Date(monday - DAY);
        // The team: agents with their uplines, plain members under each agent.
        type Node = { id: number; upline: Node | null; spec: typeof tree.top };
        const nodes: Node[] = [];
        const members: { id: number; upline: Node }[] = [];
        const add = async (spec: typeof tree.top, upline: Node | null, type: number) => {
          const node: Node = { id: await agentOf(type, upline?.id ?? null), upline, spec };
          nodes.push(node);
          for (let i = 0; i < spec.members; i += 1) members.push({ id: await agentOf(0, node.id), upline: node });
          return node;
        };
        const top = await add(tree.top, null, 1);
        for (const sub of tree.subs) {
          const mid = await add(sub.self, top, 2);
          for (const leaf of sub.subs) await add(leaf, mid, 41);
        }
        // Contracts top-down, each rate a share of the upline's (the house: of the brand maximum).
        type Held = {
          id: bigint;
          terms: {
            rateBps: number;
            tiers: { minActiveMembers: number; minBetAmount: string; rateBps: number }[];
            winLossRateBps: number;
            period?: 'WEEKLY';
          };
        };
        const held = new Map<string, Held>();
        for (const node of nodes) {
          for (const kind of ['DAILY_SALARY', 'DIVIDEND'] as const) {
            const share = kind === 'DAILY_SALARY' ? node.spec.salaryShare : node.spec.dividendShare;
            const parent = node.upline
              ? held.get(`${node.upline.id}:${kind}`)
              : { terms: { rateBps: kind === 'DIVIDEND' ? 5000 : 500, winLossRateBps: 3000 } };
            if (share === null || !parent) continue;
            const rateBps = Math.max(1, Math.floor((parent.terms.rateBps * share) / 100));
            const terms: Held['terms'] =
              kind === 'DIVIDEND'
                ? { rateBps, tiers: [], winLossRateBps: 0, period: 'WEEKLY' }
                : {
                    rateBps,
                    tiers: node.spec.tiers.map((x) => ({
                      minActiveMembers: x.minActiveMembers,
                      minBetAmount: String(x.minBet),
                      rateBps: Math.max(0, Math.floor((rateBps * x.share) / 100)),
                    })),
                    winLossRateBps: Math.floor((parent.terms.winLossRateBps * node.spec.winLossShare) / 100),
                  };
            const id = await contract(node.upline?.id ?? null, node.id, kind, terms, before);
            held.set(`${node.id}:${kind}`, { id, terms });
          }
        }
        // Payers have enough: every settlement is paid at once.
        for (const node of nodes) await deposit(db, await memberWallet(db, node.id), tk(100_000));
        const startBalance = new Map<number, bigint>();
        for (const node of nodes) startBalance.set(node.id, await walletBalance(db, node.id));

        const everyone = [...nodes.map((n) => n.id), ...members.map((m) => m.id)];
        const activity: Activity[] = tree.plays.map(({ who, play: p }) => {
          const bet = BigInt(p.bet);
          return {
            memberId: everyone[who % everyone.length]!,
            hour: new Date(monday + p.day * DAY + p.hour * HOUR),
            bet,
            win: (bet * BigInt(p.winPct)) / 100n,
            rollback: (bet * BigInt(p.rollbackPct)) / 100n,
          };
        });
        for (const a of activity) await play(a);

        // The week is over: the job twice, a second tick of the same periods, and a plain run again.
        const at = new Date(monday + 7 * DAY + 30 * 60_000);
        for (const kind of ['DAILY_SALARY', 'DIVIDEND'] as const) {
          const job = agentSettlementJob(kind);
          const first = await runJobOnce(db, job, at);
          expect(first.ran).toBe(true);
          expect(await runJobOnce(db, job, at)).toEqual({ ran: false, affected: 0 });
          expect(await runJobOnce(db, job, new Date(at.getTime() + 10 * 60_000 + job.periodMs))).toMatchObject({ affected: 0 });
          expect(await db.transaction().execute((trx) => settleKind(trx, kind, at))).toEqual({ settled: 0, owedPaid: 0 });
        }

        const teamOf = (node: Node) => {
          const ids = new Set<number>([node.id]);
          for (let grew = true; grew; ) {
            grew = false;
            for (const n of [...nodes, ...members.map((m) => ({ id: m.id, upline: m.upline }))]) {
              if (n.upline && ids.has(n.upline.id) && !ids.has(n.id)) {
                ids.add(n.id);
                grew = true;
              }
            }
          }
          return ids;
        };
        const net = new Map<number, bigint>(nodes.map((n) => [n.id, 0n]));
        for (const node of nodes) {
          for (const kind of ['DAILY_SALARY', 'DIVIDEND'] as const) {
            const h = held.get(`${node.id}:${kind}`);
            if (!h) continue;
            const windows =
              kind === 'DIVIDEND'
                ? [{ key: `W${new Date(monday).toISOString().slice(0, 10)}`, start: monday, end: monday + 7 * DAY }]
                : [0, 1, 2, 3, 4, 5, 6].map((d) => ({
                    key: new Date(monday + d * DAY).toISOString().slice(0, 10),
                    start: monday + d * DAY,
                    end: monday + (d + 1) * DAY,
                  }));
            const want = windows.flatMap((w) => {
              const e = expected(kind, h.terms, teamOf(node), activity, w.start, w.end);
              return e
                ? [
                    {
                      period: w.key,
                      amount: e.amount,
                      rate_bps: e.rateBps,
                      team_valid_bet: e.validBet,
                      team_net_loss: e.netLoss,
                      active_members: e.active,
                      state: 'PAID',
                    },
                  ]
                : [];
            });
            const got = (await settlementsOf([h.id])).map((s) => ({
              period: s.period,
              amount: s.amount,
              rate_bps: s.rate_bps,
              team_valid_bet: s.team_valid_bet,
              team_net_loss: s.team_net_loss,
              active_members: s.active_members,
              state: s.state,
            }));
            expect(got).toEqual(want);
            checked += want.length;
            for (const w of want) {
              net.set(node.id, net.get(node.id)! + w.amount);
              if (node.upline) net.set(node.upline.id, net.get(node.upline.id)! - w.amount);
            }
          }
        }
        for (const node of nodes) expect(await walletBalance(db, node.id)).toBe(startBalance.get(node.id)! + net.get(node.id)!);
        // Each paid settlement moved its amount once, under its own key.
        const { rows } = await sql<{ n: number }>`
          select count(*)::int as n from agent_settlement s
          where s.contract_id = any(${[...held.values()].map((h) => String(h.id))}::bigint[]) and s.amount > 0
            and (select count(*) from ledger_transfer x where x.idempotency_scope = 'agent-settlement' and x.idempotency_key = s.id::text
                 and x.amount = s.amount and x.kind = case when s.kind = 'DIVIDEND' then 'AGENT_DIVIDEND' else 'AGENT_SALARY' end) <> 1`.execute(
          db,
        );
        expect(rows[0]!.n).toBe(0);
      }),
      { numRuns: 6 },
    );
    // The runs did settle something (a property over nothing proves nothing).
    expect(checked).toBeGreaterThan(0);
    expect((await auditLedger(db)).violations).toEqual([]);
  }, 600_000);

  it('records a settlement OWED while the upline is short, pays it once when funded, and the agents see it', async () => {
    const day = Date.parse('2026-09-01T00:00:00Z');
    // A top agent without a house contract gives within the brand maximum, from its own (empty) wallet.
    const top = await agentOf(1, null);
    const sub = await agentOf(2, top);
    const player = await agentOf(0, sub);
    const id = await contract(top, sub, 'HOUR_SALARY', { rateBps: 100 }, new Date(day - DAY));
    await play({ memberId: player, hour: new Date(day + 3 * HOUR), bet: tk(1_000), win: 0n, rollback: 0n });

    const at = new Date(day + 4 * HOUR + 60_000);
    expect(await db.transaction().execute((trx) => settleKind(trx, 'HOUR_SALARY', at))).toEqual({ settled: 1, owedPaid: 0 });
    // 1 % of ৳1,000 is ৳10, owed by `top`, whose wallet is empty: recorded, no money moved.
    expect(await settlementsOf([id])).toMatchObject([
      { period: '2026-09-01T03', amount: tk(10), state: 'OWED', paid_at: null, payer_id: top, payee_id: sub, transfer_id: null },
    ]);
    expect(await walletBalance(db, sub)).toBe(0n);
    // Still short at the next tick (৳5 is not ৳10): still owed, nothing moves.
    await deposit(db, await memberWallet(db, top), tk(5));
    expect(await db.transaction().execute((trx) => settleKind(trx, 'HOUR_SALARY', new Date(at.getTime() + 5 * 60_000)))).toEqual({
      settled: 0,
      owedPaid: 0,
    });
    expect(await walletBalance(db, top)).toBe(tk(5));
    // Funded: the next tick pays it, once.
    await deposit(db, await memberWallet(db, top), tk(10));
    const paidAt = new Date(at.getTime() + 10 * 60_000);
    expect(await db.transaction().execute((trx) => settleKind(trx, 'HOUR_SALARY', paidAt))).toEqual({ settled: 0, owedPaid: 1 });
    expect(await settlementsOf([id])).toMatchObject([{ state: 'PAID', amount: tk(10), paid_at: paidAt }]);
    expect(await walletBalance(db, sub)).toBe(tk(10));
    expect(await walletBalance(db, top)).toBe(tk(5));
    expect(await db.transaction().execute((trx) => settleKind(trx, 'HOUR_SALARY', new Date(at.getTime() + 15 * 60_000)))).toEqual({
      settled: 0,
      owedPaid: 0,
    });
    expect(await walletBalance(db, sub)).toBe(tk(10));

    // Both sides see it: the payee as payee, the payer as payer, with the figures.
    const subToken = await memberSession(db, sub, t.clock.now);
    const topToken = await memberSession(db, top, t.clock.now);
    const view = async (token: string, query = '') => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${AGENT_CONTRACT_PATHS.settlements}${query}`,
        headers: { merchant: DEMO_MERCHANT_CODE, authorization: token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().value as { list: AgentSettlement[]; total: number };
    };
    const mine = await view(subToken);
    expect(mine.list).toMatchObject([
      {
        kind: 'HOUR_SALARY',
        role: 'payee',
        payer: { id: top },
        payee: { id: sub },
        teamValidBet: String(tk(1_000)),
        teamProfitLoss: String(-tk(1_000)),
        activeMembers: 1,
        rateBps: 100,
        amount: String(tk(10)),
        state: 'PAID',
      },
    ]);
    const theirs = await view(topToken, '?role=payer');
    expect(theirs.list.map((s) => [s.role, s.payee.id, s.amount])).toEqual([['payer', sub, String(tk(10))]]);
    expect((await view(topToken, '?role=payee')).total).toBe(0);
    const income = await t.app.inject({
      method: 'GET',
      url: `${AGENT_CONTRACT_PATHS.income}?from=2026-09-01&to=2026-09-30&group=month`,
      headers: { merchant: DEMO_MERCHANT_CODE, authorization: subToken },
    });
    // Paid at the retry's clock (2026-09-01), as salary.
    expect(income.json().value as AgentIncome).toMatchObject({
      list: [{ period: '2026-09', salary: String(tk(10)), dividend: '0', total: String(tk(10)) }],
      owed: '0',
    });
  });

  it('settles the real-time salary every 5 minutes from real bets through the 5-minute rollup, via the operator call', async () => {
    await sql`insert into outbox_consumer (name) values (${agentMoney5minConsumer.name}) on conflict do nothing`.execute(db);
    await rollupUpToDate();
    const top = await agentOf(1, null);
    const player = await agentOf(0, top);
    const start = new Date(Date.now() - DAY);
    const id = await contract(null, top, 'REALTIME_SALARY', { rateBps: 250, winLossRateBps: 1000 }, start);
    // A real bet of ৳400 and a win of ৳100 on the ledger (money events now).
    const houseAccount = await house(db);
    const wallet = await memberWallet(db, player);
    await deposit(db, wallet, tk(400));
    await postTransfers(db, {
      scope: 'test-play',
      idempotencyKey: randomUUID(),
      legs: [{ from: wallet.id, to: houseAccount.id, amount: tk(400), kind: 'BET' }],
    });
    await postTransfers(db, {
      scope: 'test-play',
      idempotencyKey: randomUUID(),
      legs: [{ from: houseAccount.id, to: wallet.id, amount: tk(100), kind: 'WIN' }],
    });
    const at = new Date(Date.now() + 10 * 60_000);
    const ops = () =>
      t.app.inject({
        method: 'POST',
        url: OPS_AGENT_CONTRACT_PATHS.settle,
        headers: { merchant: DEMO_MERCHANT_CODE, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
        payload: { kind: 'REALTIME_SALARY', at: at.toISOString() },
      });
    // The rollup has not seen the bets yet: nothing is settled (it waits, it does not settle on partial figures).
    expect((await ops()).json().value).toEqual({ settled: 0, owedPaid: 0 });
    await rollupUpToDate();
    expect((await ops()).json().value).toEqual({ settled: 1, owedPaid: 0 });
    expect((await ops()).json().value).toEqual({ settled: 0, owedPaid: 0 });
    // 2.5 % of ৳400 valid bets + 10 % of the ৳300 net loss = ৳10 + ৳30.
    expect((await settlementsOf([id])).map((s) => [s.amount, s.team_valid_bet, s.team_net_loss, s.state])).toEqual([
      [tk(40), tk(400), tk(300), 'PAID'],
    ]);
    expect(await walletBalance(db, top)).toBe(tk(40));
  });

  it('in production, refuses to settle at a clock ahead of now (it would pay a period before it ends)', async () => {
    const production = await makeApp(database, { ARGON2_PROFILE: 'test', NODE_ENV: 'production' });
    try {
      const settleAt = (at: Date) =>
        production.app.inject({
          method: 'POST',
          url: OPS_AGENT_CONTRACT_PATHS.settle,
          headers: { merchant: DEMO_MERCHANT_CODE, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
          payload: { kind: 'DAILY_SALARY', at: at.toISOString() },
        });
      const ahead = await settleAt(new Date(production.clock.now.getTime() + DAY));
      expect(ahead.statusCode).toBe(400);
      expect(ahead.json()).toMatchObject({ success: false, code: 'VALIDATION' });
      expect((await settleAt(production.clock.now)).statusCode).toBe(200);
    } finally {
      await production.app.close();
    }
  });
});
