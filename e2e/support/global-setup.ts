import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { OpsRain } from '@playfront/contract/envelopes';
import type { TestProject } from 'vitest/node';
import { E2E_CAPTCHA_ANSWER } from './captcha.ts';

/** One site of the run: its address and its operator key (each site has its own embedded database). */
export type E2eSite = { baseUrl: string; operatorKey: string };

declare module 'vitest' {
  export interface ProvidedContext {
    sites: E2eSite[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The demo brand's envelope rains recur every few minutes and cover the page with their overlay; the journeys
 * switch them off (through the operator API, as an operator would) and start their own rain where they need one.
 */
async function stopDemoRains(baseUrl: string, operatorKey: string): Promise<void> {
  const headers = { 'x-operator-key': operatorKey, 'content-type': 'application/json' };
  const answer = (await (await fetch(`${baseUrl}/ops/envelopes/rains`, { headers })).json()) as { value: { list: OpsRain[] } };
  // The edit takes the whole definition (extra fields such as id are ignored by it).
  for (const rain of answer.value.list) {
    const res = await fetch(`${baseUrl}/ops/envelopes/rains/${rain.id}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ ...rain, active: false }),
    });
    if (!res.ok) throw new Error(`could not stop demo rain ${rain.id}: ${res.status} ${await res.text()}`);
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  // Two builds (web and console) and the demo seed: minutes on a busy shared machine (E2E_START_SECONDS overrides).
  const deadline = Date.now() + Number(process.env.E2E_START_SECONDS ?? 300) * 1000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * How many sites (and test workers) the run uses: the journeys spend most of their time waiting on the browser and on
 * timers (the machine sat 93-95 % idle through them), so two files run at once, each worker on its own site and
 * database: state one journey changes (maintenance, VIP and rebate settings) never reaches another. E2E_SITES=1 runs
 * the files one after another on one site.
 */
export function siteCount(): number {
  return Math.max(1, Number(process.env.E2E_SITES ?? 2));
}

/** Builds the web app and the console once (`npm start`'s own build step), for every site of the run to serve. */
function buildOnce(webDist: string, consoleDist: string): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...process.env, START_BUILD_ONLY: '1', WEB_DIST: webDist, CONSOLE_DIST: consoleDist },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`the build failed (${code}):\n${output}`));
      console.log(`[e2e] web app and console built in ${Date.now() - started} ms`);
      resolve();
    });
  });
}

/**
 * Starts the real site the way a user does (`npm start`'s script, on the build made above: it serves the web app, the
 * console and the API on one port) on a fresh embedded database with demo data, trusting X-Forwarded-For so tests
 * can play a visitor from a restricted region.
 */
async function startSite(webDist: string, consoleDist: string): Promise<E2eSite & { stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-e2e-'));
  const operatorKey = `e2e-${crypto.randomUUID()}`;
  let output = '';
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      // The demo agent's big team costs more start-up than the journeys need (decision 035).
      SEED_DEMO_AGENT_TEAM: 'false',
      TRUST_PROXY: 'true',
      OPERATOR_API_KEY: operatorKey,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
      CAPTCHA_TEST_ANSWER: E2E_CAPTCHA_ANSWER,
      CONSOLE_DIST: consoleDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  await waitForHealth(baseUrl, child, () => output);
  await stopDemoRains(baseUrl, operatorKey);
  console.log(`[e2e] site up at ${baseUrl} in ${Date.now() - started} ms`);
  const stop = async () => {
    child.kill('SIGTERM');
    if (child.exitCode === null) await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseUrl, operatorKey, stop };
}

export default async function setup(project: TestProject) {
  const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-e2e-build-'));
  // The run's own builds of the web app and the console (E2E_WEB_DIST / E2E_CONSOLE_DIST reuse one while iterating).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(buildDir, 'web');
  const consoleDist = process.env.E2E_CONSOLE_DIST ?? path.join(buildDir, 'console');
  await buildOnce(webDist, consoleDist);
  const started = await Promise.allSettled(Array.from({ length: siteCount() }, () => startSite(webDist, consoleDist)));
  const sites = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(sites.map((site) => site.stop()));
    fs.rmSync(buildDir, { recursive: true, force: true });
  };
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'sites',
    sites.map(({ baseUrl, operatorKey }) => ({ baseUrl, operatorKey })),
  );
  return stopAll;
}
