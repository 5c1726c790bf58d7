import type { LiveEvent } from '@playfront/contract/live';
import type { FastifyInstance } from 'fastify';
import { type PeriodicJob, runJobOnce } from '../../infra/jobs/job-runner.ts';
import { publishLiveToBrand } from '../live/live-bus.ts';
import { type DueStart, dueEnds, dueStarts, endOccurrence, startOccurrence } from './envelopes.service.ts';
import type { EnvelopeOccurrenceRow } from './envelopes.table.ts';

/**
 * How often each instance looks for rains to start or end: a rain is announced at most this late. Never more often
 * than the money outbox is polled, so a deployment (or a test) that quiets background reads quiets these too.
 */
export const RAIN_TICK_MS = 2_000;
const tickEvery = (app: FastifyInstance) => Math.max(RAIN_TICK_MS, app.deps.config.outboxPollMs);

/**
 * The start and the end of each occurrence are job-runner jobs claimed once per occurrence: the job is named after
 * the rain, and its period is the occurrence's start (runJobOnce's period of `startsAt` with a 1 ms period is
 * `startsAt` itself). So the `(job, period)` row in job_run is claimed in the transaction that makes the occurrence
 * and its envelopes (or ends it), and two instances, or an instance restarted after a crash, never do it twice.
 * The live announcement goes out after that transaction committed, only from the instance whose claim won.
 */

function startJob(due: DueStart, now: Date, started: (o: EnvelopeOccurrenceRow) => void): PeriodicJob {
  return {
    name: `envelope-rain-start:${due.rain.id}`,
    periodMs: 1,
    run: async (trx) => {
      const occurrence = await startOccurrence(trx, due, now);
      if (occurrence) started(occurrence);
      return occurrence ? occurrence.envelope_count : 0;
    },
  };
}

function endJob(o: EnvelopeOccurrenceRow, now: Date, ended: (o: EnvelopeOccurrenceRow) => void): PeriodicJob {
  return {
    name: `envelope-rain-end:${o.rain_id}`,
    periodMs: 1,
    run: async (trx) => {
      const done = await endOccurrence(trx, o.id, now);
      if (done) ended(done);
      return done ? 1 : 0;
    },
  };
}

const rainEvent = (type: LiveEvent['type'], o: EnvelopeOccurrenceRow, at: Date): LiveEvent => ({
  type,
  at: at.toISOString(),
  rain: { occurrenceId: String(o.id), name: o.name, endsAt: o.ends_at.toISOString(), minVipLevel: o.min_vip_level },
});

/** One look: starts the occurrences due now and ends the ones over, announcing each. Returns what it did. */
export async function tickRains(app: FastifyInstance): Promise<{ started: EnvelopeOccurrenceRow[]; ended: EnvelopeOccurrenceRow[] }> {
  const { db } = app.deps;
  const now = app.deps.now();
  const started: EnvelopeOccurrenceRow[] = [];
  const ended: EnvelopeOccurrenceRow[] = [];
  for (const due of await dueStarts(db, now)) {
    let made: EnvelopeOccurrenceRow | undefined;
    const { ran } = await runJobOnce(
      db,
      startJob(due, now, (o) => (made = o)),
      due.startsAt,
    );
    if (ran && made) {
      started.push(made);
      publishLiveToBrand(app, made.brand_id, rainEvent('ENVELOPE_RAIN_STARTED', made, now));
    }
  }
  for (const over of await dueEnds(db, now)) {
    let done: EnvelopeOccurrenceRow | undefined;
    const { ran } = await runJobOnce(
      db,
      endJob(over, now, (o) => (done = o)),
      over.starts_at,
    );
    if (ran && done) {
      ended.push(done);
      publishLiveToBrand(app, done.brand_id, rainEvent('ENVELOPE_RAIN_ENDED', done, now));
    }
  }
  return { started, ended };
}

/** Ticks while the app runs; a failed tick is logged and the next one tries again. */
export function registerRainTicker(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const tick = () => {
    tickRains(app)
      .then(
        (r) =>
          (r.started.length > 0 || r.ended.length > 0) &&
          app.log.info({ started: r.started.length, ended: r.ended.length }, 'envelope rain tick'),
        (err: unknown) => app.log.error({ err }, 'envelope rain tick failed; the next one tries again'),
      )
      .finally(() => {
        if (closed) return;
        timer = setTimeout(tick, tickEvery(app));
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, tickEvery(app));
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearTimeout(timer);
  });
}
