import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SYSTEM_PATHS } from '@playfront/contract/system-paths';
import { Redis } from 'ioredis';
import pg from 'pg';

/**
 * A real server process (`node --import tsx apps/server/src/main.ts`) for the tests that need one:
 * the two-instance deployment test and the chaos run. The caller gives the environment of the
 * deployment (database, secrets …); the process listens on 127.0.0.1:`port`.
 */
export type ServerProcess = {
  name: string;
  origin: string;
  port: number;
  child: ChildProcess;
  /** The last chunks of its stdout and stderr, for failure messages. */
  output: string[];
  /** Resolves with the signal that ended it, or its exit code. */
  exited: Promise<NodeJS.Signals | number>;
};

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Extra node flags for the spawned servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile one under a bench. */
const extraNodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

export function spawnServer(name: string, port: number, env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, [...extraNodeArgs, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Test servers start without the demo agent's 2,000-member team (seconds of seeding no test of them reads).
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', SEED_DEMO_AGENT_TEAM: 'false', ...env },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<NodeJS.Signals | number>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)));
  return { name, origin: `http://127.0.0.1:${port}`, port, child, output, exited };
}

export const isRunning = (s: ServerProcess) => s.child.exitCode === null && s.child.signalCode === null;

export const outputTail = (s: ServerProcess) => `--- ${s.name} output ---\n${s.output.join('').slice(-3000)}`;

/** A failure that no amount of waiting will mend (a child exited). */
export class Fatal extends Error {}

/** Polls `probe` until it returns something truthy; fails after `ms` with `what`. */
export async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined | null | false>): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value) return value;
    } catch (err) {
      if (err instanceof Fatal) throw err;
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}${last ? ` (last error: ${String(last)})` : ''}`);
}

/** Waits until the process answers /health with 200; fails at once if it exits, with its output in the message. */
export async function waitForHealth(s: ServerProcess, ms: number): Promise<void> {
  await waitFor(`${s.name} to answer /health`, ms, async () => {
    if (!isRunning(s)) throw new Fatal(`${s.name} exited with ${s.child.exitCode ?? s.child.signalCode}`);
    const res = await fetch(`${s.origin}${SYSTEM_PATHS.health}`, { signal: AbortSignal.timeout(2000) }).catch(() => undefined);
    return res?.status === 200;
  }).catch((err: Error) => {
    throw new Error(`${err.message}\n${outputTail(s)}`);
  });
}

/** Whether a Redis answers PING at `url`: the tests that need one are skipped, loudly, without it. */
export async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 1000 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** Drops the scratch database `name` a test made, on the PostgreSQL server `adminUrl` names. */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const root = new pg.Client({ connectionString: adminUrl });
  await root.connect();
  try {
    await root.query(`drop database if exists ${name} with (force)`);
  } finally {
    await root.end();
  }
}
