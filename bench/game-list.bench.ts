// Game list and search over the 10,000-game demo catalogue, against the server as deployed (its own process,
// bench/load.ts; helmet, compression, rate limit, validation and serialisation all in the path), with load from
// `wrk` (bench/wrk/get.lua), beside `GET /wps/system/status` (a route that reads no table) under the same
// generator in the same run. On the embedded default (PGlite, as `npm start` runs it) and on a real PostgreSQL
// (BENCH_DATABASE_URL, a scratch database it creates, seeds through the server's own start-up and drops).
// Aim (issue 20): a 24-game page of gameList ≥ 0.7 of the status route's req/s on PostgreSQL. A lobby's mix of
// pages (vendors, filters, orders, deep pages) and search are measured beside it.
//
// Run: node --import tsx bench/game-list.bench.ts   (BENCH_SECONDS=10 per measurement, BENCH_CONNECTIONS=32)
import { DEMO_MERCHANT_CODE } from '../apps/server/src/seed/demo-brand.ts';
import { freePort } from '../apps/server/test/free-port.ts';
import { GAMES_PATHS } from '../packages/contract/src/games-paths.ts';
import { SYSTEM_PATHS } from '../packages/contract/src/system-paths.ts';
import { reportFigure } from './figures.ts';
import { ensureWrk, fmt, runWrk, scratchFile, startDeployedServer, stopServer, type WrkResult } from './load.ts';
import { createScratchDatabase } from './scratch-database.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const MERCHANT = DEMO_MERCHANT_CODE;

// ---- the request mix ----------------------------------------------------------------

const list = (params: Record<string, string | number>) =>
  `${GAMES_PATHS.gameList}?${new URLSearchParams({ clientType: '3', platform: 'flash,html5-desktop', merchant: MERCHANT, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) })}`;

/** The figure the aim names: the slot lobby's first 24-game page. */
const ONE_PAGE = list({ gameType: 'RNG', pageNo: 1, pageSize: 24, language: 'BN' });

/** A 24-game page as the lobby asks it: sections, vendors, filters, orders, deep and past-the-end pages. */
function gameListMix(): string[] {
  const paths: string[] = [];
  const lang = (i: number) => (i % 3 === 0 ? 'EN' : 'BN');
  for (let page = 1; page <= 10; page++) paths.push(list({ gameType: 'RNG', pageNo: page, pageSize: 24, language: lang(page) }));
  for (const [i, vendor] of ['PG', 'JDB', 'CQ9', 'FC', 'JL', 'BGS', 'PP', 'MG'].entries()) {
    for (let page = 1; page <= 3; page++)
      paths.push(list({ gameType: 'RNG', vassalage: vendor, pageNo: page, pageSize: 24, language: lang(i + page) }));
  }
  for (const classify of ['SC', 'VP', 'JP', 'TG', 'AC'])
    paths.push(list({ gameType: 'RNG', gameClassify: classify, pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', minBet: 100, lines: 25, vassalage: 'PG', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'RNG', vassalage: 'SPB,SS', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'LIVE', pageNo: 1, pageSize: 24, language: 'BN' }));
  paths.push(list({ gameType: 'PVP', pageNo: 1, pageSize: 24, language: 'EN' }));
  for (const sort of ['name', 'new', 'hot', 'minBet']) paths.push(list({ gameType: 'RNG', sort, pageNo: 1, pageSize: 24, language: 'BN' }));
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

type Row = { name: string; result: WrkResult };

async function measureEngine(engine: 'PGlite' | 'PostgreSQL', dbUrl: string | null): Promise<Row[]> {
  const started = performance.now();
  const server = await startDeployedServer(dbUrl, await freePort(), dbUrl ? { SEED_DEMO: 'true' } : {});
  console.log(`  ${engine}: started, migrated and seeded in ${Math.round(performance.now() - started)} ms`);
  try {
    const get = (paths: string[], seconds: number) =>
      runWrk({
        url: server.origin,
        script: 'get.lua',
        connections: CONNECTIONS,
        seconds,
        env: { BENCH_PATHS: scratchFile('paths.txt', paths), BENCH_MERCHANT: MERCHANT },
      });
    get([...gameListMix(), ...searchMix(), SYSTEM_PATHS.status], 3); // plan caches, JIT, the first pages
    return [
      { name: `${engine}: GET ${SYSTEM_PATHS.status}`, result: get([SYSTEM_PATHS.status], SECONDS) },
      { name: `${engine}: gameList, one 24-game page`, result: get([ONE_PAGE], SECONDS) },
      { name: `${engine}: gameList, 24-game pages (${gameListMix().length} kinds)`, result: get(gameListMix(), SECONDS) },
      { name: `${engine}: gameSearch (${searchMix().length} keywords)`, result: get(searchMix(), SECONDS) },
    ];
  } finally {
    await stopServer(server);
  }
}

ensureWrk();
const runStarted = performance.now();
console.log(`game list benchmark: wrk, ${CONNECTIONS} connections, ${SECONDS} s per measurement`);
const rows: Row[] = await measureEngine('PGlite', null);
const scratch = await createScratchDatabase();
let pgRows: Row[] = [];
try {
  pgRows = await measureEngine('PostgreSQL', scratch.url);
  rows.push(...pgRows);
} finally {
  await scratch.drop();
}

console.table(
  rows.map(({ name, result: r }) => ({
    measurement: name,
    'req/s': fmt(r.requestsPerSecond),
    'p50 ms': fmt(r.p50Ms, 1),
    'p99 ms': fmt(r.p99Ms, 1),
    requests: r.requests,
    'not 2xx': r.non2xx + r.socketErrors,
  })),
);
for (const group of [rows.slice(0, 4), pgRows]) {
  const [status, list, mix, search] = group as [Row, Row, Row, Row];
  const engine = status.name.split(':')[0];
  const ratio = list.result.requestsPerSecond / status.result.requestsPerSecond;
  reportFigure({ name: `${engine}: status route, req/s`, value: Math.round(status.result.requestsPerSecond), unit: 'req/s' });
  reportFigure({ name: `${engine}: gameList 24-game page, req/s`, value: Math.round(list.result.requestsPerSecond), unit: 'req/s' });
  reportFigure({ name: `${engine}: gameList p99`, value: Number(list.result.p99Ms.toFixed(1)), unit: 'ms' });
  reportFigure({
    name: `${engine}: gameList / status route`,
    value: Number(ratio.toFixed(3)),
    unit: 'ratio',
    ...(engine === 'PostgreSQL' ? { aim: '≥ 0.7', met: ratio >= 0.7 } : {}),
  });
  reportFigure({
    name: `${engine}: gameList, a lobby's mix of pages, req/s`,
    value: Math.round(mix.result.requestsPerSecond),
    unit: 'req/s',
  });
  reportFigure({ name: `${engine}: gameSearch, req/s`, value: Math.round(search.result.requestsPerSecond), unit: 'req/s' });
}
console.log(`\ntotal run time ${Math.round((performance.now() - runStarted) / 1000)} s`);
if (rows.some((r) => r.result.non2xx + r.result.socketErrors > 0)) {
  console.error('some requests failed (non-2xx or socket errors): the figures above are not valid');
  process.exitCode = 1;
}
