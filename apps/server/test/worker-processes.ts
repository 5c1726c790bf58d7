import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

  return { workers: workers as readonly Worker[], start, waitFor, killAll };
}
