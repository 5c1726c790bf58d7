import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/**
 * The one runner of periodic work (issue 20 item 3, decision 021): deposit expiry and withdrawal auto-receipt
 * now; rebates, salaries, settlements and draws as they land.
 *
 * A job's work for a period runs once across every instance: the `(job, period)` row of job_run is claimed in
 * the same transaction as the work, so a crash in the middle leaves the period unclaimed (another instance,
 * or the next tick, runs it) and a finished period is never run again. On the embedded database it simply
 * runs in the one process. Every instance ticks just after each period boundary.
 */
export type PeriodicJob = {
  /** Its job_run key; never rename a job that has run. */
  name: string;
  periodMs: number;
  /** The work for one period, in the claiming transaction; returns how many things it changed. */
  run: (trx: Transaction<Database>, context: { now: Date; period: Date }) => Promise<number>;
};

export type JobOutcome = { ran: boolean; affected: number };

/** The start of the period `now` falls in. */
export function periodOf(now: Date, periodMs: number): Date {
  return new Date(Math.floor(now.getTime() / periodMs) * periodMs);
}

/** Claims this period of the job and does its work, in one transaction; `ran: false` when it was claimed already. */
export async function runJobOnce(db: Db, job: PeriodicJob, now: Date): Promise<JobOutcome> {
  const period = periodOf(now, job.periodMs);
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('job_run')
      .values({ job: job.name, period: period.toISOString() })
      .onConflict((oc) => oc.doNothing())
      .returning('period')
      .executeTakeFirst();
    if (!claimed) return { ran: false, affected: 0 };
    const affected = await job.run(trx, { now, period });
    await trx.updateTable('job_run').set({ affected }).where('job', '=', job.name).where('period', '=', period.toISOString()).execute();
    return { ran: true, affected };
  });
}

/**
 * Runs the jobs while the app runs: each on timers aligned to its period boundary (an interval drifts and can
 * skip a period), a little past it so clocks a few milliseconds apart agree on the period.
 * Nothing runs on an instance started with PERIODIC_JOBS=off.
 */
export function registerJobRunner(app: FastifyInstance, jobs: readonly PeriodicJob[]): void {
  if (!app.deps.config.funds.periodicJobs) return;
  const timers = new Map<string, NodeJS.Timeout>();
  let closed = false;
  const schedule = (job: PeriodicJob) => {
    if (closed) return;
    const wait = job.periodMs - (Date.now() % job.periodMs) + 25;
    const timer = setTimeout(() => {
      runJobOnce(app.deps.db, job, app.deps.now()).then(
        (r) => r.affected > 0 && app.log.info({ job: job.name, ...r }, 'periodic job done'),
        (err: unknown) => app.log.error({ err, job: job.name }, 'periodic job failed; the next tick tries the new period'),
      );
      schedule(job);
    }, wait);
    timer.unref();
    timers.set(job.name, timer);
  };
  app.addHook('onReady', async () => {
    for (const job of jobs) schedule(job);
  });
  app.addHook('onClose', async () => {
    closed = true;
    for (const timer of timers.values()) clearTimeout(timer);
  });
}
