import { PLAY_PATHS } from '@playfront/contract/play-paths';
import { deriveLotteryVendorSecret } from '@playfront/contract/provider-signing';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import Fastify, { type FastifyInstance } from 'fastify';
import { CompiledQuery, type Kysely } from 'kysely';
import { walletBalance } from '../../../server/src/features/funds/funds.fixtures.ts';
import { fundedMember, H, HOUSE_SECRET, PLAY_ENV } from '../../../server/src/features/play/play.fixtures.ts';
import { makeApp, makeClock, type TestApp } from '../../../server/test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../server/test/test-db.ts';
import type { GameConfig } from '../games/config.ts';
import { listeningOrigin, lotteryProvider } from '../index.ts';
import type { LotteryService } from '../service.ts';
import type { SqlExecutor } from '../store/sql-lottery-store.ts';

/**
 * A real Playfront server for the lottery tests (the server's own buildApp on a test database, PGlite or
 * PostgreSQL with TEST_DATABASE_URL) listening on loopback, so a lottery reaches it over real HTTP. The server's
 * own mounted lottery has its loop off (LOTTERY_TICK_MS=0): the tests start lottery instances of their own.
 */
export interface LotteryPlatform {
  database: TestDatabase;
  t: TestApp;
  origin: string;
  walletBaseUrl: string;
  secretForVendor: (vendor: string) => string;
  sql: SqlExecutor;
  /** A member with `funds` and a real-money launch of a lottery game of `vendor` (the launch URL's token). */
  member(funds: bigint, vendor?: string): Promise<{ memberId: number; sessionToken: string; launchToken: string; url: string }>;
  balance(memberId: number): Promise<bigint>;
  close(): Promise<void>;
}

export const LOTTERY_TEST_ENV = { ...PLAY_ENV, LOTTERY_TICK_MS: '0' };

export function executorOver(db: Kysely<unknown>): SqlExecutor {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) =>
      (await db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows,
  };
}

export async function startPlatform(): Promise<LotteryPlatform> {
  const database = await createTestDatabase();
  const t = await makeApp(database, LOTTERY_TEST_ENV, makeClock(new Date()));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = listeningOrigin(t.app);
  return {
    database,
    t,
    origin,
    walletBaseUrl: `${origin}${PROVIDER_WALLET_BASE}`,
    secretForVendor: (vendor) => deriveLotteryVendorSecret(HOUSE_SECRET, vendor),
    sql: executorOver(database.db as unknown as Kysely<unknown>),
    async member(funds, vendor = 'ELOTT') {
      const m = await fundedMember(database.db, t.clock.now, funds);
      const game = await database.db
        .selectFrom('game')
        .select(['node_id'])
        .where('vendor_code', '=', vendor)
        .where('active', '=', true)
        .orderBy('node_id')
        .executeTakeFirstOrThrow();
      const res = await t.app.inject({
        method: 'POST',
        url: PLAY_PATHS.launchGame,
        headers: H(m.token),
        payload: { nodeId: game.node_id },
      });
      if (res.statusCode !== 200) throw new Error(`launch failed: ${res.body}`);
      const url = res.json().value.url as string;
      const launchToken = new URL(url, 'http://site.invalid').searchParams.get('token');
      if (!launchToken) throw new Error(`no token in ${url}`);
      return { memberId: m.memberId, sessionToken: m.token, launchToken, url };
    },
    balance: (memberId) => walletBalance(database.db, memberId),
    async close() {
      await t.app.close();
      await database.close();
    },
  };
}

/** A test clock the lottery reads (epoch ms), moved by the test. */
export function lotteryClock(start = Date.now()) {
  let now = start;
  return { now: () => now, set: (t: number) => (now = t), advance: (ms: number) => (now += ms) };
}

/** A lottery instance of its own (Fastify on a free port) on the platform's database, its loop off. */
export async function startLottery(
  platform: LotteryPlatform,
  options: { now: () => number; games?: readonly GameConfig[]; leaseMs?: number; fetch?: typeof fetch },
): Promise<{ app: FastifyInstance; origin: string; service: LotteryService }> {
  const app = Fastify();
  let service: LotteryService | undefined;
  await app.register(lotteryProvider, {
    prefix: '/lotto',
    walletBaseUrl: platform.walletBaseUrl,
    secretForVendor: platform.secretForVendor,
    sql: platform.sql,
    tickMs: 0,
    // A loaded test machine may answer slowly: a time-out would only make the call an unknown one, repeated later.
    walletTimeoutMs: 30_000,
    now: options.now,
    ...(options.games ? { games: options.games } : {}),
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    onService: (s) => {
      service = s;
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  if (!service) throw new Error('no lottery service');
  return { app, origin: listeningOrigin(app), service };
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read as the client reads them
export type Json = any;

export async function lottoApi(
  origin: string,
  path: string,
  session: string | null,
  body?: unknown,
): Promise<{ status: number; json: Json }> {
  const response = await fetch(`${origin}/lotto/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(session ? { 'x-lotto-session': session } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, json: await response.json() };
}
