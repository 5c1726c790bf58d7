import cluster, { type Worker } from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp } from './app.ts';
import { type Config, loadConfig } from './config.ts';
import { isConnectionLoss } from './db/connection-loss.ts';
import { type DatabaseHandle, openPGlite, openPostgres } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { underStartupLock } from './db/startup-lock.ts';
import { refuseSandboxChannelsInProduction } from './features/funds/production-refusals.ts';
import { ensureOperatorKeyFile } from './features/ops/operator-key.ts';
import { ensureHouseSecretFile } from './features/play/house-credentials.ts';
import { connectRedis } from './infra/redis.ts';
import { seedDemoAgentTeam } from './seed/demo-agent-team.ts';
import { seedDemo } from './seed/seed-demo.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  config.consoleDist ??= path.resolve(here, '../../console/dist');

  // No OPERATOR_API_KEY: use (or create) the owner-only key file, so `npm run ops` works out of the box.
  const operatorKeyFile = config.operatorApiKey ? undefined : ensureOperatorKeyFile(config.dataDir);
  if (operatorKeyFile) config.operatorApiKey = operatorKeyFile.key;
  // No HOUSE_PROVIDER_SECRET: the owner-only file keeps the house vendors' derived secrets stable across restarts.
  const houseSecretFile = config.play.houseSecret ? undefined : ensureHouseSecretFile(config.dataDir);
  if (houseSecretFile) config.play.houseSecret = houseSecretFile.secret;

  const { app, database, redis } = await startWithRetry(config);
  // The path only; the key itself is never logged.
  if (operatorKeyFile) app.log.info({ path: operatorKeyFile.path, created: operatorKeyFile.created }, 'operator API key file');
  if (houseSecretFile) app.log.info({ path: houseSecretFile.path, created: houseSecretFile.created }, 'house provider secret file');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    try {
      await app.close();
      // quit() needs a live connection; with Redis down, just drop the socket.
      await redis?.quit().catch(() => redis.disconnect());
      await database.close();
      clearTimeout(force);
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

type Started = { app: FastifyInstance; database: DatabaseHandle; redis: Redis | undefined };

/**
 * How long start-up keeps trying while the database connection is lost or refused on the way (PostgreSQL
 * restarting, backends terminated): a time, not a count of attempts, because under load or a burst of
 * terminations every attempt can lose a connection, and an instance that gives up stays down.
 */
const STARTUP_RETRY_MS = 120_000;
/** The longest pause between attempts: a database back after a restart is found within this. */
const STARTUP_RETRY_MAX_WAIT_MS = 1000;

/**
 * Database → migrations → demo seed → app → listen, from the start again when the database connection
 * was lost meanwhile: every step is safe to repeat (a migration is one transaction, the seed inserts only
 * what is missing), and a process that exits instead leaves the instance down until something restarts it.
 */
async function startWithRetry(config: Config): Promise<Started> {
  const giveUpAt = Date.now() + STARTUP_RETRY_MS;
  for (let attempt = 1; ; attempt++) {
    try {
      return await start(config);
    } catch (error) {
      if (Date.now() >= giveUpAt || !isConnectionLoss(error)) throw error;
      const waitMs = Math.min(STARTUP_RETRY_MAX_WAIT_MS, 125 * 2 ** attempt);
      console.warn(`start-up attempt ${attempt} lost its database connection (${String(error)}); trying again in ${waitMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}

async function start(config: Config): Promise<Started> {
  const started = Date.now();
  const database: DatabaseHandle = config.databaseUrl
    ? openPostgres(config.databaseUrl, config.pgPoolMax)
    : await openPGlite({ dataDir: config.dataDir });
  let redis: Redis | undefined;
  let app: FastifyInstance | undefined;
  try {
    const applied = await migrateToLatest(database.db);
    // Several instances may start at once: migrations take Kysely's migration lock, the seed this one.
    // The demo agent's big team (issue 14) is a step of the running site only, not of the test snapshot.
    if (config.seedDemo)
      await underStartupLock(database, async () => {
        await seedDemo(database.db);
        if (config.seedDemoAgentTeam) await seedDemoAgentTeam(database.db);
      });
    await refuseSandboxChannelsInProduction(config, database.db);
    redis = config.redisUrl ? await connectRedis(config.redisUrl) : undefined;
    app = await buildApp({ config, db: database.db, dbKind: database.kind, redis });
    const log = app.log;
    // ioredis reconnects by itself; say so while it cannot (limits then count per instance, live events wait).
    redis?.on('error', (err: Error) => log.warn({ err: err.message }, 'redis unreachable'));
    log.info(
      { database: database.kind, migrationsApplied: applied.length, seeded: config.seedDemo, ms: Date.now() - started },
      'database ready',
    );
    await app.listen({ port: config.port, host: config.host });
    return { app, database, redis };
  } catch (error) {
    await app?.close().catch(() => {});
    redis?.disconnect();
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * WEB_CONCURRENCY > 1: this process only keeps that many workers (node:cluster, sharing the port) running, each
 * one a whole instance as in docs/DEPLOYMENT.md (they meet in PostgreSQL and Redis, never in memory). The
 * embedded database is one process, so it stays at one. The owner-only key files are settled here first, so
 * workers starting at once never write two different secrets.
 */
function superviseWorkers(config: Config) {
  if (!config.databaseUrl) {
    console.error('WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database runs in one process.');
    process.exit(1);
  }
  if (!config.operatorApiKey) ensureOperatorKeyFile(config.dataDir);
  if (!config.play.houseSecret) ensureHouseSecretFile(config.dataDir);
  let stopping = false;
  const recentDeaths: number[] = [];
  const fork = () =>
    cluster.fork().on('online', function (this: Worker) {
      console.info(`worker ${this.id} (pid ${this.process.pid}) started`);
    });
  for (let i = 0; i < config.webConcurrency; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`worker ${worker.id} (pid ${worker.process.pid}) ended (${signal ?? code}); starting another`);
    // A worker that dies at once, again and again, is not restarted forever: the supervisor gives up and says so.
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths.length > 0 && now - (recentDeaths[0] as number) > 60_000) recentDeaths.shift();
    if (recentDeaths.length > config.webConcurrency * 5) {
      console.error('workers keep dying; stopping');
      process.exit(1);
    }
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // Each worker finishes its in-flight requests (its own SIGTERM handler), then exits.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

const config = loadConfig();
if (cluster.isPrimary && config.webConcurrency > 1) superviseWorkers(config);
else
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
