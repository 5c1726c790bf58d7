import { LOTTERY_PREFIX } from '@playfront/contract/play-paths';
import { deriveLotteryOperatorSecret, deriveLotteryVendorSecret } from '@playfront/contract/provider-signing';
import { redactUrl } from '@playfront/contract/redact-url';
import Fastify from 'fastify';
import pg from 'pg';
import { lotteryProvider } from './index.ts';
import { LOTTERY_SCHEMA_LOCK, LOTTERY_SCHEMA_V1 } from './store/schema.ts';
import type { SqlExecutor } from './store/sql-lottery-store.ts';

/**
 * The lottery provider on its own, as a separate process (its own host and port),
 * for operators who run it apart from the platform: `npm run lottery -w @playfront/lottery`.
 * LOTTERY_WALLET_URL is the platform's provider wallet API (e.g. https://site/provider/v1),
 * LOTTERY_PROVIDER_SECRET the master secret the platform was given, LOTTERY_DATABASE_URL the
 * PostgreSQL where real-money sessions and unsettled rounds live (every instance of the
 * lottery on it serves every game and settles any draw once; the tables are created at start). The brand's launch
 * hosts then point at this server. Inside the platform (apps/server) it is mounted instead.
 * Optional: PORT, HOST, LOG_LEVEL, LOTTERY_WALLET_TIMEOUT_MS (default 5000),
 * LOTTERY_TICK_MS (the draw loop's period, default 1000), LOTTERY_LEASE_MS (how long a claimed win or refund is left to
 * its instance before another repeats it, default 30000), LOTTERY_PG_POOL_MAX (default 10).
 */
const walletBaseUrl = process.env.LOTTERY_WALLET_URL;
const masterSecret = process.env.LOTTERY_PROVIDER_SECRET;
const databaseUrl = process.env.LOTTERY_DATABASE_URL;
if (!walletBaseUrl || !masterSecret || masterSecret.length < 32 || !databaseUrl) {
  console.error('Set LOTTERY_WALLET_URL, LOTTERY_PROVIDER_SECRET (at least 32 characters) and LOTTERY_DATABASE_URL (postgres://…).');
  process.exit(1);
}

const positive = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number.`);
    process.exit(1);
  }
  return value;
};
const walletTimeoutMs = positive('LOTTERY_WALLET_TIMEOUT_MS', 5000);
const tickMs = positive('LOTTERY_TICK_MS', 1000);
const leaseMs = positive('LOTTERY_LEASE_MS', 30_000);

const pool = new pg.Pool({ connectionString: databaseUrl, max: positive('LOTTERY_PG_POOL_MAX', 10) });
// An idle client whose server went away must not take the process down; the next query reconnects.
pool.on('error', (error) => console.error('lottery: idle database connection lost', error.message));
const sql: SqlExecutor = {
  query: async <R>(text: string, params: readonly unknown[] = []) => (await pool.query(text, [...params])).rows as R[],
};

// Session-level advisory lock: two lotteries starting at once never run the DDL side by side.
const setup = await pool.connect();
try {
  await setup.query('select pg_advisory_lock($1)', [LOTTERY_SCHEMA_LOCK]);
  try {
    await setup.query(LOTTERY_SCHEMA_V1);
  } finally {
    await setup.query('select pg_advisory_unlock($1)', [LOTTERY_SCHEMA_LOCK]);
  }
} finally {
  setup.release();
}

const app = Fastify({
  logger: {
    level: process.env.LOG_LEVEL ?? 'info',
    // The launch URL carries the launch token: logged URLs never show it (decision 025).
    serializers: {
      req: (request) => ({ method: request.method, url: redactUrl(request.url), remoteAddress: request.ip }),
    },
  },
  trustProxy: process.env.TRUST_PROXY === 'true',
});
await app.register(lotteryProvider, {
  prefix: LOTTERY_PREFIX,
  walletBaseUrl,
  secretForVendor: (vendor) => deriveLotteryVendorSecret(masterSecret, vendor),
  operatorSecret: () => deriveLotteryOperatorSecret(masterSecret),
  sql,
  walletTimeoutMs,
  tickMs,
  leaseMs,
});
const close = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
await app.listen({ port: Number(process.env.PORT ?? 3200), host: process.env.HOST ?? '127.0.0.1' });
