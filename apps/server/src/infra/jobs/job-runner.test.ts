import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDbKind, urlFor } from '../../../test/test-db.ts';
import { openPostgres } from '../../db/database.ts';
import { type PeriodicJob, periodOf, registerJobRunner, runJobOnce } from './job-runner.ts';

/** The job runner (issue 20 item 3): each period of a job runs once, and a failed run leaves it to be run again. */
let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

const MINUTE = 60_000;
const at = (iso: string) => new Date(iso);

function countingJob(name: string, fail?: () => boolean): PeriodicJob & { runs: Date[] } {
  const runs: Date[] = [];
  return {
    name,
    periodMs: MINUTE,
    runs,
    async run(trx, { period }) {
      // Written in the claiming transaction: gone again if the run fails.
      await trx
        .insertInto('job_run')
        .values({ job: `${name}:work`, period: period.toISOString() })
        .execute();
      if (fail?.()) throw new Error('the work failed');
      runs.push(period);
      return 1;
    },
  };
}

describe(`job runner (${testDbKind})`, () => {
  it('runs each period once, whichever tick of it comes, and records what it changed', async () => {
    const job = countingJob('test-once');
    expect(await runJobOnce(database.db, job, at('2026-11-25T10:00:05Z'))).toEqual({ ran: true, affected: 1 });
    expect(await runJobOnce(database.db, job, at('2026-11-25T10:00:59Z'))).toEqual({ ran: false, affected: 0 });
    expect(await runJobOnce(database.db, job, at('2026-11-25T10:01:00Z'))).toEqual({ ran: true, affected: 1 });
    expect(job.runs.map((d) => d.toISOString())).toEqual(['2026-11-25T10:00:00.000Z', '2026-11-25T10:01:00.000Z']);
    const rows = await database.db
      .selectFrom('job_run')
      .select(['period', 'affected'])
      .where('job', '=', 'test-once')
      .orderBy('period')
      .execute();
    expect(rows.map((r) => r.affected)).toEqual([1, 1]);
    expect(periodOf(at('2026-11-25T10:00:59.999Z'), MINUTE).toISOString()).toBe('2026-11-25T10:00:00.000Z');
  });

  it('a run that fails claims nothing and keeps nothing of its work: the next tick of the period runs it', async () => {
    let failing = true;
    const job = countingJob('test-retry', () => failing);
    await expect(runJobOnce(database.db, job, at('2026-11-25T11:00:01Z'))).rejects.toThrow('the work failed');
    expect(await database.db.selectFrom('job_run').select('job').where('job', 'like', 'test-retry%').execute()).toEqual([]);
    failing = false;
    expect(await runJobOnce(database.db, job, at('2026-11-25T11:00:30Z'))).toEqual({ ran: true, affected: 1 });
  });

  it.skipIf(testDbKind !== 'postgres')('two instances ticking at once: one of them runs the period', async () => {
    const second = openPostgres(urlFor(database.name), 2);
    const job = countingJob('test-race');
    const now = at('2026-11-25T12:00:00.025Z');
    const outcomes = await Promise.all([runJobOnce(database.db, job, now), runJobOnce(second.db, job, now)]);
    expect(outcomes.map((o) => o.ran).sort()).toEqual([false, true]);
    expect(job.runs).toHaveLength(1);
    await second.close();
  });

  /** An app with only the runner, and a job of 100 ms periods on the real clock. */
  async function runnerApp(periodicJobs: boolean) {
    const job = { ...countingJob(`test-instance-${periodicJobs}`), periodMs: 100 };
    const app = Fastify();
    app.decorate('deps', { db: database.db, now: () => new Date(), config: { funds: { periodicJobs } } } as never);
    registerJobRunner(app, [job]);
    await app.ready();
    return { app, job };
  }

  it('an instance ticks at each period boundary and claims each period', async () => {
    const { app, job } = await runnerApp(true);
    await expect.poll(() => job.runs.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await app.close();
    const periods = job.runs.map((d) => d.getTime());
    expect(new Set(periods).size).toBe(periods.length);
  });

  it('an instance started with PERIODIC_JOBS=off runs no job', async () => {
    const { app, job } = await runnerApp(false);
    await new Promise((resolve) => setTimeout(resolve, 450)); // four periods
    await app.close();
    expect(job.runs).toEqual([]);
  });
});
