import { deriveHouseVendorSecret } from '@playfront/contract/provider-signing';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import { CompiledQuery, type Kysely } from 'kysely';
import { walletBalance } from '../../../server/src/features/funds/funds.fixtures.ts';
import {
  type DemoGames,
  demoGames,
  fundedMember,
  HOUSE_SECRET,
  launchToken,
  PLAY_ENV,
} from '../../../server/src/features/play/play.fixtures.ts';
import { makeApp, makeClock, type TestApp } from '../../../server/test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-db.ts';
import { listeningOrigin } from '../index.ts';
import type { SqlExecutor } from '../store/house-store.ts';

/**
 * A real Playfront server for the house tests: the server's own buildApp on a
 * test database (PGlite snapshot, or PostgreSQL with TEST_DATABASE_URL),
 * listening on a free loopback port, so the house reaches it over real HTTP.
 */
export interface Platform {
  database: TestDatabase;
  t: TestApp;
  origin: string;
  walletBaseUrl: string;
  games: DemoGames;
  secretForVendor: (vendor: string) => string;
  /** The platform's database as the house sees it (its house_* tables come from the server's migrations). */
  sql: SqlExecutor;
  /** A member with `funds` minor units in the main wallet and a real-money launch token for the game. */
  member(funds: bigint, nodeId: string): Promise<{ memberId: number; sessionToken: string; launchToken: string }>;
  /** A member with `funds` and a site session, no launch yet. */
  funded(funds: bigint): Promise<{ memberId: number; sessionToken: string }>;
  balance(memberId: number): Promise<bigint>;
  close(): Promise<void>;
}

/** A house executor over a Kysely database, as apps/server/src/app.ts builds one. */
export function executorOver(db: Kysely<unknown>): SqlExecutor {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) =>
      (await db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows,
  };
}

export async function startPlatform(): Promise<Platform> {
  const database = await createTestDatabase();
  const t = await makeApp(database, PLAY_ENV, makeClock(new Date()));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = listeningOrigin(t.app);
  return {
    database,
    t,
    origin,
    walletBaseUrl: `${origin}${PROVIDER_WALLET_BASE}`,
    games: await demoGames(database.db),
    secretForVendor: (vendor) => deriveHouseVendorSecret(HOUSE_SECRET, vendor),
    sql: executorOver(database.db as unknown as Kysely<unknown>),
    async member(funds, nodeId) {
      const m = await fundedMember(database.db, t.clock.now, funds);
      return { memberId: m.memberId, sessionToken: m.token, launchToken: await launchToken(t, m.token, nodeId) };
    },
    async funded(funds) {
      const m = await fundedMember(database.db, t.clock.now, funds);
      return { memberId: m.memberId, sessionToken: m.token };
    },
    balance: (memberId) => walletBalance(database.db, memberId),
    async close() {
      await t.app.close();
      await database.close();
    },
  };
}
