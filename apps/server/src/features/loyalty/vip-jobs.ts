import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { monthlyReview } from './vip.service.ts';

/**
 * The monthly VIP review (downgrades below the keep threshold, the monthly bonus), on the job runner. It ticks every
 * hour (claimed once per hour across instances in job_run); each member is reviewed once per month (vip_review), at
 * the first tick of the month, so a month whose first hours an outage missed is still reviewed.
 */
export function vipReviewJob(periodMs = 3_600_000): PeriodicJob {
  return { name: 'vip-monthly-review', periodMs, run: (trx, { now }) => monthlyReview(trx, now) };
}
