// Login latency: the whole sealed login call (RSA-OAEP unwrap, AES-GCM, nonce claim, Argon2id verify with the
// production OWASP parameters, session insert) through Fastify's inject on an in-memory PGlite with the demo seed,
// and Argon2id verify alone for comparison. Target: login p50 < 150 ms.
// Run: node --import tsx bench/login.bench.ts

import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPGlite } from '../apps/server/src/db/database.ts';
import { migrateToLatest } from '../apps/server/src/db/migrate.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/features/session/password-hashing.ts';
import { DEMO_PASSWORD } from '../apps/server/src/seed/demo-accounts.ts';
import { DEMO_MERCHANT_CODE } from '../apps/server/src/seed/demo-brand.ts';
import { seedDemo } from '../apps/server/src/seed/seed-demo.ts';
import { sealForServer } from '../packages/contract/src/encrypted-payload.ts';
import { SESSION_PATHS } from '../packages/contract/src/session.ts';
import { reportFigure } from './figures.ts';

const RUNS = 60;
const WARMUP = 5;

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

const handle = await openPGlite({ memory: true });
await migrateToLatest(handle.db);
await seedDemo(handle.db);
const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ARGON2_PROFILE: 'owasp' } as NodeJS.ProcessEnv);
const app = await buildApp({ config, db: handle.db, dbKind: handle.kind });
const { publicKey } = (await app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value as { publicKey: string };

const loginTimes: number[] = [];
for (let i = 0; i < WARMUP + RUNS; i++) {
  const started = performance.now();
  const { header, body } = await sealForServer(
    publicKey,
    { username: 'demodown1', password: DEMO_PASSWORD },
    { path: SESSION_PATHS.login },
  );
  const res = await app.inject({
    method: 'POST',
    url: SESSION_PATHS.login,
    headers: { merchant: DEMO_MERCHANT_CODE, encryption: header },
    payload: body,
  });
  const elapsed = performance.now() - started;
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  if (i >= WARMUP) loginTimes.push(elapsed);
}

const hash = await hashPassword(DEMO_PASSWORD, 'owasp');
const verifyTimes: number[] = [];
for (let i = 0; i < WARMUP + RUNS; i++) {
  const started = performance.now();
  await verifyPassword(hash, DEMO_PASSWORD);
  if (i >= WARMUP) verifyTimes.push(performance.now() - started);
}

await app.close();
await handle.close();

const fmt = (ms: number) => `${ms.toFixed(1)} ms`;
console.log(
  `login (sealed, Argon2id m=19456 t=2 p=1, PGlite), ${RUNS} runs: p50 ${fmt(percentile(loginTimes, 50))}, p95 ${fmt(percentile(loginTimes, 95))}`,
);
console.log(`argon2id verify alone: p50 ${fmt(percentile(verifyTimes, 50))}, p95 ${fmt(percentile(verifyTimes, 95))}`);
reportFigure({
  name: 'login p50 (sealed, Argon2id, PGlite; in-process: the point is the call itself)',
  value: Number(percentile(loginTimes, 50).toFixed(1)),
  unit: 'ms',
  aim: '< 150 ms',
  met: percentile(loginTimes, 50) < 150,
});
console.log(`target login p50 < 150 ms: ${percentile(loginTimes, 50) < 150 ? 'met' : 'NOT met'}`);
