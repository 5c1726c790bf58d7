import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-db.ts';
import type { HouseSession } from '../rounds/house-service.ts';
import type { RoundRecord, SeedPair } from '../rounds/round-log.ts';
import { executorOver } from '../testing/platform.ts';
import type { SqlExecutor } from './house-store.ts';
import { SqlHouseStore } from './sql-house-store.ts';

/**
 * The house's SQL store on a real database (the server's migrated test database: PGlite, or PostgreSQL
 * with TEST_DATABASE_URL, where the concurrent calls below really run side by side on a pool).
 */
let database: TestDatabase;
let sql: SqlExecutor;
beforeAll(async () => {
  database = await createTestDatabase();
  sql = executorOver(database.db as unknown as Kysely<unknown>);
});
afterAll(async () => {
  await database?.close();
});

let keys = 0;
const freshKey = () => `PG:test-${++keys}-${Date.now()}|PG|slot-1|slot`;

function roundFor(
  fairKey: string,
  pair: { id: string; serverSeedHash: string; clientSeed: string; nonce: number },
  bet: bigint,
): RoundRecord {
  const roundId = `R${crypto.randomUUID().replaceAll('-', '')}`;
  return {
    roundId,
    game: 'slot',
    mode: 'real',
    vendor: 'PG',
    gameCode: 'slot-1',
    playerKey: fairKey.split('|')[0] as string,
    currency: 'BDT',
    bet,
    win: 0n,
    choices: { game: 'slot', bet },
    seedPairId: pair.id,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    outcome: null,
    status: 'bet-pending',
    betTransactionId: `${roundId}-bet`,
    winTransactionId: `${roundId}-win`,
    rollbackTransactionId: `${roundId}-rollback`,
    createdAt: Date.now(),
  };
}

describe('SqlHouseStore', () => {
  it('hands out every nonce once when many rounds claim at the same moment, on however many stores', async () => {
    const stores = [new SqlHouseStore(sql), new SqlHouseStore(sql), new SqlHouseStore(sql)];
    const fairKey = freshKey();
    const claims = await Promise.all(Array.from({ length: 60 }, (_, i) => stores[i % 3]!.claimNonce(fairKey)));
    expect(new Set(claims.map((c) => c.id)).size).toBe(1);
    expect(claims.map((c) => c.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    expect((await stores[0]!.currentPair(fairKey)).nonce).toBe(60);
  });

  it('never plays a round on a revealed pair: rotations racing with claims leave each claim before its reveal', async () => {
    const store = new SqlHouseStore(sql);
    const fairKey = freshKey();
    await store.currentPair(fairKey);
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 40; i++) work.push(i % 8 === 3 ? store.rotate(fairKey, `seed-${i}`) : store.claimNonce(fairKey));
    const results = await Promise.all(work);
    // A rotation answers { revealed, next }; a claim answers the pair it played on.
    const rotations = results.filter(
      (r): r is { revealed: SeedPair; next: SeedPair } => typeof r === 'object' && r !== null && 'next' in r,
    );
    const claims = results.filter((r): r is SeedPair => typeof r === 'object' && r !== null && !('next' in r));
    expect(rotations).toHaveLength(5);
    expect(claims).toHaveLength(35);
    // Each revealed pair's final count covers every nonce claimed on it; no nonce was handed out twice.
    const revealedCount = new Map(rotations.map((r) => [r.revealed.id, r.revealed.nonce]));
    for (const claim of claims) {
      const count = revealedCount.get(claim.id);
      if (count !== undefined) expect(claim.nonce).toBeLessThan(count);
    }
    const seen = claims.map((c) => `${c.id}:${c.nonce}`);
    expect(new Set(seen).size).toBe(seen.length);
    // One current pair, the rest revealed.
    const rows = await sql.query<{ current: string; revealed: string }>(
      `select count(*) filter (where is_current)::text as current, count(*) filter (where not is_current)::text as revealed
       from house_seed_pair where fair_key = $1`,
      [fairKey],
    );
    expect(rows[0]).toEqual({ current: '1', revealed: '5' });
  });

  it('keeps sessions by a hash of their id, touches them, and forgets idle ones', async () => {
    const store = new SqlHouseStore(sql);
    const session: HouseSession = {
      id: `session-${Date.now()}`,
      mode: 'real',
      vendor: 'PG',
      gameCode: 'slot-1',
      game: 'slot',
      token: 'launch-token-0123456789',
      playerKey: 'PG:77',
      displayName: 'Player',
      currency: 'BDT',
      balance: 9_007_199_254_740_993n,
      lastUsed: Date.now(),
    };
    await store.saveSession(session);
    const [stored] = await sql.query<{ id_hash: string }>('select id_hash from house_session where player_key = $1', ['PG:77']);
    expect(stored?.id_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.id_hash).not.toBe(session.id);
    // Money comes back exact, past 2^53.
    expect(await store.findSession(session.id, 60_000)).toMatchObject({ ...session, lastUsed: expect.any(Number) });
    await store.saveBalance(session.id, 1234n);
    expect((await store.findSession(session.id, 60_000))?.balance).toBe(1234n);
    expect(await store.findSession('no-such-session', 60_000)).toBeUndefined();
    await sql.query(`update house_session set last_used_at = now() - interval '2 minutes' where player_key = 'PG:77'`);
    expect(await store.findSession(session.id, 60_000)).toBeUndefined();
    expect(await store.dropIdleSessions(60_000)).toBeGreaterThanOrEqual(1);
  });

  it('claims due rounds once each, turns a bet whose fate nobody learnt into a rollback, and backs off', async () => {
    const a = new SqlHouseStore(sql);
    const b = new SqlHouseStore(sql);
    const fairKey = freshKey();
    const pair = await a.currentPair(fairKey);
    const betInFlight = roundFor(fairKey, pair, 1000n);
    const owedWin = roundFor(fairKey, pair, 2000n);
    const notDue = roundFor(fairKey, pair, 500n);
    await a.insertRound(betInFlight, 'token-0123456789abcdef', 0);
    await a.insertRound(owedWin, 'token-0123456789abcdef', 0);
    await a.insertRound(notDue, 'token-0123456789abcdef', 60_000);
    const claimed = await a.claimNonce(fairKey);
    Object.assign(owedWin, { status: 'win-pending', win: 5000n, nonce: claimed.nonce, outcome: null });
    expect(await a.transition(owedWin, 'bet-pending', 0)).toBe(true);
    // A second transition from the old status finds the round moved already.
    expect(await b.transition(owedWin, 'bet-pending', 0)).toBe(false);

    const [first, second] = await Promise.all([a.claimDue(100, 60_000, 600_000), b.claimDue(100, 60_000, 600_000)]);
    const mine = (list: typeof first) => list.filter((d) => d.round.playerKey === owedWin.playerKey);
    const all = [...mine(first!), ...mine(second!)];
    expect(all.map((d) => d.round.roundId).sort()).toEqual([betInFlight.roundId, owedWin.roundId].sort());
    expect(all.find((d) => d.round.roundId === betInFlight.roundId)?.round.status).toBe('rollback-pending');
    expect(all.find((d) => d.round.roundId === owedWin.roundId)?.round).toMatchObject({ status: 'win-pending', win: 5000n, bet: 2000n });
    expect(all.every((d) => d.token === 'token-0123456789abcdef')).toBe(true);
    // Claimed rounds are pushed on: nobody takes them again at once.
    expect(mine(await a.claimDue(100, 60_000, 600_000))).toEqual([]);
    expect(await a.unsettledRoundIds()).toEqual(expect.arrayContaining([betInFlight.roundId, owedWin.roundId, notDue.roundId]));

    // Settling drops the token; a settled round is never claimed again.
    owedWin.status = 'settled';
    expect(await a.transition(owedWin, 'win-pending')).toBe(true);
    const [row] = await sql.query<{ launch_token: string | null; next_attempt_at: unknown }>(
      'select launch_token, next_attempt_at from house_round where round_id = $1',
      [owedWin.roundId],
    );
    expect(row).toEqual({ launch_token: null, next_attempt_at: null });
    expect((await a.round(owedWin.roundId))?.status).toBe('settled');
    // History leaves out the bet still in flight, newest first.
    await a.deleteRefusedRound(notDue.roundId);
    expect((await a.history(owedWin.playerKey, 20)).map((r) => r.roundId)).toEqual([owedWin.roundId, betInFlight.roundId]);
  });
});
