import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../test/test-db.ts';
import { teamMembers, teamOverview } from '../features/agents/team/team.service.ts';
import { auditLedger } from '../features/ledger/ledger.audit.ts';
import type { AuthMember } from '../features/session/authenticate.ts';
import { DEMO_TEAM, seedDemoAgentTeam } from './demo-agent-team.ts';

/**
 * The demo agent's big team (a step of the running site, not of the test snapshot): fast, once, about 2,000 members
 * on 3 levels, money on the ledger that the audit accepts, and rollups that add up to the ledger's own figures.
 */
let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('seedDemoAgentTeam', () => {
  it('seeds a 3-level team with 60 days of activity quickly, once, with the ledger audit clean', async () => {
    const at = new Date();
    const started = Date.now();
    const seeded = await seedDemoAgentTeam(database.db, at);
    const ms = Date.now() - started;
    console.log(`demo agent team seeded on ${testDbKind} in ${ms} ms: ${JSON.stringify(seeded)}`);
    // The aim is 5 s on PGlite on an idle machine (decision 035); the bound here only catches a row-by-row regression
    // on a loaded CI machine (the figure is printed above).
    expect(ms).toBeLessThan(60_000);
    expect(seeded!.members).toBeGreaterThan(1_900);
    expect(seeded!.members).toBeLessThan(2_100);
    expect(await seedDemoAgentTeam(database.db, at)).toBeNull();

    const agent = await database.db
      .selectFrom('member')
      .select(['id', 'brand_id', 'type', 'username'])
      .where('username', '=', 'demoagent')
      .executeTakeFirstOrThrow();
    const depths = await sql<{ depth: number; n: number }>`
      select depth, count(*)::int as n from agent_closure where ancestor_id = ${agent.id} and depth > 0 group by depth order by depth`.execute(
      database.db,
    );
    expect(depths.rows.map((r) => Number(r.depth))).toEqual([1, 2, 3]);
    expect(depths.rows[2]!.n).toBe(DEMO_TEAM.topAgents * DEMO_TEAM.subAgentsEach * DEMO_TEAM.membersEach);

    expect((await auditLedger(database.db)).violations).toEqual([]);

    // The rollups agree with the ledger: deposits and stakes of the team, all 60 days.
    const ledger = await sql<{ deposits: string; bets: string }>`
      select coalesce(sum(t.amount) filter (where t.kind = 'DEPOSIT'), 0)::text as deposits,
        coalesce(sum(t.amount) filter (where t.kind = 'BET'), 0)::text as bets
      from ledger_transfer t where t.idempotency_scope = 'seed-agent-team'`.execute(database.db);
    const rolled = await sql<{ deposits: string; bets: string }>`
      select sum(deposits)::text as deposits, sum(bets)::text as bets from agent_team_hourly where agent_id = ${agent.id}`.execute(
      database.db,
    );
    expect(rolled.rows[0]).toEqual(ledger.rows[0]);

    const me: AuthMember = {
      sessionId: 0n,
      memberId: agent.id,
      brandId: agent.brand_id,
      username: agent.username,
      type: agent.type,
      isAgent: true,
      isTrial: false,
      site: 'agent',
    };
    const month = await teamOverview(database.db, me, 'month', at);
    expect(month.teamSize).toBeGreaterThan(1_900);
    expect(BigInt(month.validBets)).toBeGreaterThan(0n);
    expect(month.activeMembers).toBeGreaterThan(100);
    const table = await teamMembers(database.db, me, { sort: 'balance', order: 'desc', pageNo: 1, pageSize: 20 });
    expect(table.total).toBe(month.teamSize);
    expect(BigInt(table.list[0]!.balance)).toBeGreaterThan(0n);
  });
});
