import { openPostgres } from '../../db/database.ts';
import { runJobOnce } from '../../infra/jobs/job-runner.ts';
import { dispatchOnce } from '../../infra/outbox/money-outbox.ts';
import { moneyHourlyConsumer } from '../reports/money-hourly-consumer.ts';
import { rebateAccrualConsumer } from './rebate-accrual-consumer.ts';
import { cashbackJob, rebatePayoutJob } from './rebates-jobs.ts';

/**
 * One "instance" of the rebate work for the two-instance test (rebates-two-instances.test.ts): the outbox consumers
 * the jobs depend on and the two jobs, in a loop, on a simulated clock shared by every worker (SIM_T0 at SIM_EPOCH,
 * one simulated day per SIM_REAL_MS_PER_DAY of real time), so days pass in seconds. Not part of the server.
 */
const DAY_MS = 86_400_000;
const env = (name: string) => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};
const t0 = Number(env('SIM_T0'));
const epoch = Number(env('SIM_EPOCH'));
const realPerDay = Number(env('SIM_REAL_MS_PER_DAY'));
const simNow = () => new Date(t0 + Math.floor(((Date.now() - epoch) * DAY_MS) / realPerDay));

const { db } = openPostgres(env('DATABASE_URL'), 4);
// Hourly, as deployed (the jobs' default period): a run killed mid-day is run again within the same day.
const jobs = [rebatePayoutJob(DAY_MS / 24), cashbackJob(DAY_MS / 24)];

async function tick() {
  for (const consumer of [moneyHourlyConsumer, rebateAccrualConsumer]) while ((await dispatchOnce(db, consumer)) > 0) {}
  for (const job of jobs) {
    const outcome = await runJobOnce(db, job, simNow());
    if (outcome.ran) console.log(`${job.name} ran at ${simNow().toISOString()}: ${outcome.affected}`);
  }
}

for (;;) {
  await tick().catch((err: unknown) => console.error('tick failed', err));
  await new Promise((resolve) => setTimeout(resolve, 100));
}
