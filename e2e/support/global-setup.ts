import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

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

async function waitForHealth(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
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
      TRUST_PROXY: 'true',
      OPERATOR_API_KEY: operatorKey,
      LOG_LEVEL: 'warn',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = Date.now();
  await waitForHealth(baseUrl, child, () => output);
  console.log(`[e2e] site up at ${baseUrl} in ${Date.now() - started} ms`);
  project.provide('baseUrl', baseUrl);
  project.provide('operatorKey', operatorKey);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
