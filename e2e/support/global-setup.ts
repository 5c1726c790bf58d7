import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { OpsRain } from '@playfront/contract/envelopes';
import type { TestProject } from 'vitest/node';
import { E2E_CAPTCHA_ANSWER } from './captcha.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    operatorKey: string;
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
 * Starts the real site the way a user does (`npm start`'s script: build the web
 * app if stale, then serve it and the API on one port) on a fresh embedded
 * database with demo data, trusting X-Forwarded-For so tests can play a visitor
 * from a restricted region.
 */
export default async function setup(project: TestProject) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'playfront-e2e-'));
  // The run's own build of the web app (E2E_WEB_DIST reuses one while iterating).
  const webDist = process.env.E2E_WEB_DIST ?? path.join(dataDir, 'web');
  // The run's own build of the operator console (E2E_CONSOLE_DIST reuses one while iterating).
  const consoleDist = process.env.E2E_CONSOLE_DIST ?? path.join(dataDir, 'console');
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
  project.provide('baseUrl', baseUrl);
  project.provide('operatorKey', operatorKey);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
