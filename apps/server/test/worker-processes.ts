import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import type { Db } from '../src/db/database.ts';

/**
 * Worker processes for the tests that run periodic jobs on two "instances" and SIGKILL one mid-run: each worker is a
 * real Node process (tsx) on the test database, named by its PostgreSQL application_name so a test can find (and
 * hold) its backend. `waitFor` fails with the workers' last output, which is what one needs when such a test hangs.
 */
type Worker = { name: string; child: ChildProcess; output: string[]; exited: Promise<string | number> };

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function workerProcesses() {
  const workers: Worker[] = [];

  function start(name: string, script: string, databaseUrl: string, env: Record<string, string> = {}): Worker {
    const url = new URL(databaseUrl);
    url.searchParams.set('application_name', name);
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: serverRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, DATABASE_URL: url.toString(), ...env },
    });
    const output: string[] = [];
    child.stdout?.on('data', (c: Buffer) => output.push(c.toString()));
    child.stderr?.on('data', (c: Buffer) => output.push(c.toString()));
    const exited = new Promise<string | number>((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code ?? 0)));
    const worker = { name, child, output, exited };
    workers.push(worker);
    return worker;
  }

  async function waitFor<T>(what: string, ms: number, probe: () => Promise<T | undefined | null | false>): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > deadline)
        throw new Error(
          `gave up waiting for ${what}\n${workers.map((w) => `--- ${w.name}\n${w.output.join('').slice(-2000)}`).join('\n')}`,
        );
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function killAll(): Promise<void> {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
  }

  /**
   * Holds `table` locked, starts the workers, waits until one of them is blocked writing it (in the middle of its
   * run, after claiming its period), SIGKILLs that one and lets go of the table. Returns the killed worker (with how
   * it exited) and the other one.
   */
  async function killOneMidRun(o: {
    db: Db;
    databaseUrl: string;
    table: string;
    namePrefix: string;
    what: string;
    startWorkers: () => void;
  }) {
    const locker = new pg.Client({ connectionString: o.databaseUrl });
    locker.on('error', () => {});
    await locker.connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${o.table} in exclusive mode`);
      o.startWorkers();
      // Asked outside the locker's transaction: inside one, pg_stat_activity is a snapshot taken once.
      const blocked = await waitFor(o.what, 20_000, async () => {
        const { rows } = await sql<{ application_name: string }>`
          select application_name from pg_stat_activity
           where datname = current_database() and wait_event_type = 'Lock' and application_name like ${`${o.namePrefix}%`}
             and query like ${`%"${o.table}"%`} order by xact_start limit 1`.execute(o.db);
        return rows[0];
      });
      const victim = workers.find((w) => w.name === blocked.application_name)!;
      victim.child.kill('SIGKILL');
      const victimExit = await victim.exited;
      const survivor = workers.find((w) => w !== victim)!;
      return { victim, victimExit, survivor };
    } finally {
      // Releasing the table lets the dead worker's backend find its client gone and roll back.
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
  }

  return { workers: workers as readonly Worker[], start, waitFor, killAll, killOneMidRun };
}
