import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { payAutomaticRebates, payCashbacks } from './rebates.service.ts';

/**
 * The rebate and cashback jobs, on the job runner. Each ticks every hour (claimed once per tick in job_run) and pays,
 * per brand, the period that ended last (daily or weekly, as the brand's settings say), once: the brand's
 * `(kind, period)` is claimed in rebate_brand_run, each member's payout keyed by member and period, all in the
 * transaction that claims the tick. A crash mid-run rolls everything back, and the next tick (on any instance) pays it.
 */
export const REBATE_PAYOUT_JOB = 'rebate-payout';
export const CASHBACK_JOB = 'cashback-payout';

export function rebatePayoutJob(periodMs = 3_600_000): PeriodicJob {
  return { name: REBATE_PAYOUT_JOB, periodMs, run: (trx, { now }) => payAutomaticRebates(trx, now) };
}

export function cashbackJob(periodMs = 3_600_000): PeriodicJob {
  return { name: CASHBACK_JOB, periodMs, run: (trx, { now }) => payCashbacks(trx, now) };
}
