// The pieces every as-deployed benchmark shares: the server in its own process (started as `npm start` starts
// it, on a scratch PostgreSQL), load from `wrk` (a C load generator, so the load and the server never share an
// event loop), and pgbench's tpcb-like on the same database in the same window as the reference.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, spawnServer, waitForHealth } from '../apps/server/test/server-process.ts';
import type { ScratchDatabase } from './scratch-database.ts';

export const WRK_DIR = path.join(import.meta.dirname, 'wrk');

/** `wrk` from Debian's package; installed here when missing (the bench says so), as CI installs Chromium. */
export function ensureWrk(): void {
  if (spawnSync('wrk', ['--version']).error === undefined) return;
  console.log('wrk is not installed: installing the Debian package `wrk` (apt-get)…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * The platform as an operator runs it: `node --import tsx apps/server/src/main.ts` in its own process with the
 * environment of a deployment on a real PostgreSQL. The rate limit is raised (one generator address sends all
 * the load) and logs are at `warn`, as a production deployment's would be.
 */
export async function startDeployedServer(dbUrl: string | null, port: number, env: Record<string, string> = {}): Promise<ServerProcess> {
  // Without a database URL: the embedded default (PGlite in a scratch DATA_DIR), seeded with the demo brand.
  const server = spawnServer('bench-server', port, {
    NODE_ENV: 'development',
    // An empty DATABASE_URL means "not set" (config.ts), whatever this process inherited.
    ...(dbUrl ? { DATABASE_URL: dbUrl, SEED_DEMO: 'false' } : { DATABASE_URL: '', SEED_DEMO: 'true' }),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'pf-bench-data-')),
    ...env,
  });
  await waitForHealth(server, 180_000);
  return server;
}

export async function stopServer(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  await server.exited;
}

export type WrkResult = {
  requestsPerSecond: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers that were not 2xx/3xx, and socket errors of any kind. */
  non2xx: number;
  socketErrors: number;
  /** Lines the Lua script printed in its done() (the script's own tallies). */
  scriptLines: string[];
};

const toMs = (value: string, unit: string) => Number(value) * ({ us: 0.001, ms: 1, s: 1000, m: 60_000 }[unit] ?? Number.NaN);

/** Runs wrk against `url` with a Lua script of bench/wrk and its environment; parses its report. */
export function runWrk(opts: {
  url: string;
  script: string;
  connections: number;
  seconds: number;
  threads?: number;
  env?: Record<string, string>;
}): WrkResult {
  const args = [
    '-t',
    String(opts.threads ?? 2),
    '-c',
    String(opts.connections),
    '-d',
    `${opts.seconds}s`,
    '--latency',
    '--timeout',
    '10s',
    '-s',
    path.join(WRK_DIR, opts.script),
    opts.url,
  ];
  const out = execFileSync('wrk', args, { encoding: 'utf8', env: { ...process.env, ...opts.env }, maxBuffer: 16 << 20 });
  const pick = (re: RegExp) => re.exec(out);
  const latency = (p: string) => {
    const m = pick(new RegExp(`^\\s+${p}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm'));
    return m ? toMs(m[1] as string, m[2] as string) : Number.NaN;
  };
  const socket = pick(/Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/);
  return {
    requestsPerSecond: Number(pick(/Requests\/sec:\s+([\d.]+)/)?.[1]),
    requests: Number(pick(/(\d+) requests in/)?.[1]),
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    non2xx: Number(pick(/Non-2xx or 3xx responses: (\d+)/)?.[1] ?? 0),
    socketErrors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
    scriptLines: out.split('\n').filter((l) => l.startsWith('script:')),
  };
}

/** pgbench's tpcb-like on the scratch database: `init` once, then `run` as often as the window needs. */
export function pgbench(scratch: ScratchDatabase, scale: number) {
  execFileSync('pgbench', ['-i', '-q', '-s', String(scale), ...scratch.pgbenchArgs, scratch.name], { stdio: 'pipe' });
  return {
    run(clients: number, seconds: number): { tps: number; latencyMs: number } {
      checkpoint(scratch);
      const out = execFileSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), ...scratch.pgbenchArgs, scratch.name], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      return {
        tps: Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1] ?? /tps = ([\d.]+)/.exec(out)?.[1]),
        latencyMs: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1]),
      };
    },
  };
}

/**
 * Transactions finished in the scratch database so far, from PostgreSQL's statistics (a busy backend reports at
 * most once a second, so a window of many seconds reads within a second's worth at each end).
 */
export function postgresTransactions(scratch: ScratchDatabase): number {
  const query = 'select xact_commit + xact_rollback from pg_stat_database where datname = current_database()';
  return Number(execFileSync('psql', ['-Atc', query, ...scratch.pgbenchArgs, scratch.name], { encoding: 'utf8' }).trim());
}

/**
 * Flushes the database's dirty pages before a timed phase, so no phase (pgbench before, the server, pgbench after)
 * is the one a checkpoint lands in: the set-up (pgbench's initialisation, the bench's members) writes hundreds of
 * megabytes of WAL, and the checkpoint it triggers otherwise spreads over the next minute of measuring. Needs a
 * superuser or pg_checkpoint; without them the phase runs as it is, with a note.
 */
export function checkpoint(scratch: ScratchDatabase): void {
  try {
    execFileSync('psql', ['-Atqc', 'checkpoint', ...scratch.pgbenchArgs, scratch.name], { stdio: 'pipe' });
  } catch (err) {
    console.warn(`checkpoint before a timed phase skipped: ${(err as Error).message.split('\n')[0]}`);
  }
}

/** Writes lines to a scratch file for a Lua script to read (tokens, pre-signed requests). */
export function scratchFile(name: string, lines: string[]): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pf-bench-')), name);
  fs.writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');

const clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU seconds of one process so far, from /proc (0 once it has ended). */
export function processCpuSeconds(pid: number | undefined): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / clockTicks;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used so far by every `postgres` process, from /proc: their own time and that of their ended children
 * (a pgbench run's backends exit at its end, and the postmaster collects their time).
 */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')).startsWith('postgres')) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
    } catch {
      // the process ended meanwhile
    }
  }
  return total / clockTicks;
}
