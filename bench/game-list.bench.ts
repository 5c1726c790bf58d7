// Game list and search over the 10,000-game demo catalogue, through the whole app (helmet, compression,
// rate limit, zod validation and serialisation) on a real socket, measured with autocannon beside a bare
// Fastify route in the same process and run. Embedded PGlite always; real PostgreSQL too when
// BENCH_DATABASE_URL is set (it is migrated and given the demo seed, which only inserts what is missing).
// Run: node --import tsx bench/game-list.bench.ts   (BENCH_SECONDS=10 per measurement, BENCH_CONNECTIONS=10)

import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type DatabaseHandle, openPGlite, openPostgres } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/seed/demo-brand.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import { GAMES_PATHS } from '../packages/contract/src/games-paths.ts';
import { reportFigure } from './figures.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 10);

// ---- the request mix ----------------------------------------------------------------

const list = (params: Record<string, string | number>) =>
  `${GAMES_PATHS.gameList}?${new URLSearchParams({ clientType: '3', platform: 'flash,html5-desktop', merchant: DEMO_MERCHANT_CODE, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

/** What a lobby asks for: home previews, section pages, vendor pages, slot filters, SPB, other orders, deep and past-the-end pages. */
function gameListMix(): string[] {
  const paths: string[] = [];
  const lang = (i: number) => (i % 3 === 0 ? 'EN' : 'BN');
  for (const [i, vendor] of ['PG', 'EG2', 'PT'].entries())
    paths.push(list({ gameType: 'RNG', vassalage: vendor, pageNo: 1, pageSize: 12, language: lang(i) }));
  paths.push(list({ gameType: 'LIVE', vassalage: 'EVO', pageNo: 1, pageSize: 12, language: 'BN' }));
  paths.push(list({ gameType: 'FISH', vassalage: 'JDB-FISH', pageNo: 1, pageSize: 12, language: 'BN' }));
  for (let page = 1; page <= 10; page++) paths.push(list({ gameType: 'RNG', pageNo: page, pageSize: 24, language: lang(page) }));
  for (const [i, vendor] of ['PG', 'JDB', 'CQ9', 'FC', 'JL', 'BGS', 'PP', 'MG'].entries()) {
    for (let page = 1; page <= 3; page++)
      paths.push(list({ gameType: 'RNG', vassalage: vendor, pageNo: page, pageSize: 24, language: lang(i + page) }));
  }
  for (const classify of ['SC', 'VP', 'JP', 'TG', 'AC'])
    paths.push(list({ gameType: 'RNG', gameClassify: classify, pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', minBet: 100, pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', lines: 25, pageNo: 2, pageSize: 24, language: 'EN' }));
  paths.push(list({ gameType: 'RNG', minBet: 100, lines: 25, vassalage: 'PG', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', vassalage: 'SPB,SS', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'LIVE', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'PVP', pageNo: 1, pageSize: 24, language: 'EN' }));
  for (const sort of ['name', 'new', 'hot', 'minBet']) paths.push(list({ gameType: 'RNG', sort, pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', pageNo: 200, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', pageNo: 1000, pageSize: 24, language: 'BN' }));
  return paths;
}

function searchMix(): string[] {
  const keywords = [
    'tiger',
    'Dragon',
    'gold',
    'LUCKY',
    'fort',
    'baccarat',
    'mega',
    'roul',
    'fishing',
    'bengal',
    'বাঘ',
    'সোনালি',
    'ড্রাগন',
    'রাজা',
    'zzqx',
  ];
  return keywords.map(
    (keyword, i) =>
      `${GAMES_PATHS.gameSearch}?${new URLSearchParams({ keyword, pageNo: '1', pageSize: '24', language: i % 2 ? 'EN' : 'BN' })}`,
  );
}

// ---- measuring --------------------------------------------------------------------

type Row = { name: string; rps: number; p50: number; p99: number; requests: number; failed: number };

/**
 * Cycles through `paths`. Each request comes from a different client address (X-Forwarded-For; the app trusts
 * the proxy in this run), as players behind a load balancer do, so the per-IP rate limit stays in the path
 * without refusing the load generator.
 */
async function measure(name: string, url: string, paths: string[]): Promise<Row> {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const i = n++;
          return {
            ...request,
            path: paths[i % paths.length] as string,
            headers: {
              merchant: DEMO_MERCHANT_CODE,
              'accept-encoding': 'gzip',
              'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
          };
        },
      },
    ],
  });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    failed: result.non2xx + result.errors,
  };
}

async function bareFastify(): Promise<{ url: string; close: () => Promise<void> }> {
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ success: true, message: 'ok', value: { ok: true } }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  return { url: `${url}/bare`, close: () => bare.close() };
}

async function catalogueServer(handle: DatabaseHandle): Promise<{ url: string; close: () => Promise<void> }> {
  const started = performance.now();
  await migrateToLatest(handle.db);
  await seedDemo(handle.db);
  console.log(`  ${handle.kind}: migrated and seeded in ${Math.round(performance.now() - started)} ms`);
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', TRUST_PROXY: 'true', PORT: '0' } as NodeJS.ProcessEnv);
  const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  // Warm up: plan caches, JIT, the first PGlite pages.
  for (const path of [...gameListMix(), ...searchMix()]) {
    const res = await fetch(`${url}${path}`, { headers: { merchant: DEMO_MERCHANT_CODE } });
    if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${await res.text()}`);
  }
  return { url, close: () => app.close() };
}

const runStarted = performance.now();
console.log(`game list benchmark: ${CONNECTIONS} connections, ${SECONDS} s per measurement, Node ${process.version}`);
const rows: Row[] = [];

const bare = await bareFastify();
rows.push(await measure('bare Fastify route', bare.url, ['/bare']));
await bare.close();

const engines: (() => Promise<DatabaseHandle>)[] = [() => openPGlite({ memory: true })];
if (process.env.BENCH_DATABASE_URL) engines.push(async () => openPostgres(process.env.BENCH_DATABASE_URL as string));
for (const open of engines) {
  const handle = await open();
  const server = await catalogueServer(handle);
  rows.push(await measure(`game list (${handle.kind}, ${gameListMix().length} queries)`, server.url, gameListMix()));
  rows.push(await measure(`search (${handle.kind}, ${searchMix().length} keywords)`, server.url, searchMix()));
  await server.close();
  await handle.close();
}

const base = rows[0] as Row;
const pad = (s: string, n: number) => s.padEnd(n);
const num = (x: number, digits = 1) => x.toFixed(digits).padStart(9);
console.log('');
console.log(
  `${pad('measurement', 40)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'requests'.padStart(10)}${'failed'.padStart(8)}  req/s vs bare`,
);
for (const r of rows) {
  console.log(
    `${pad(r.name, 40)}${num(r.rps, 0)}${num(r.p50)}${num(r.p99)}${String(r.requests).padStart(10)}${String(r.failed).padStart(8)}  ${(r.rps / base.rps).toFixed(3)}`,
  );
}
for (const r of rows) {
  reportFigure({ name: `${r.name}, req/s (${CONNECTIONS} connections)`, value: Math.round(r.rps), unit: 'req/s' });
  if (r !== base) reportFigure({ name: `${r.name}, p99`, value: Number(r.p99.toFixed(1)), unit: 'ms' });
  if (r !== base) reportFigure({ name: `${r.name} / bare route`, value: Number((r.rps / base.rps).toFixed(3)), unit: 'ratio' });
}
console.log(`\ntotal run time ${Math.round((performance.now() - runStarted) / 1000)} s`);
if (rows.some((r) => r.failed > 0)) {
  console.error('some requests failed (non-2xx or errors): the figures above are not valid');
  process.exitCode = 1;
}
