import type { AgentContractKind } from '@playfront/contract/agent-contracts-paths';
import type { PeriodicJob } from '../../../infra/jobs/job-runner.ts';
import { settleKind } from './settlement.service.ts';

/**
 * The settlement jobs, one per kind, on the job runner (each tick claimed once in job_run, in the transaction that
 * settles). A tick settles every period of its kind that ended (settlement.service.ts); the ticks come more often
 * than the periods (real-time and hourly every 5 minutes, daily and dividend every hour), so a period whose rollup
 * was not complete at its boundary (the outbox a moment behind) is settled at the next tick, not a period later.
 */
export const AGENT_SETTLEMENT_JOBS: Record<AgentContractKind, string> = {
  REALTIME_SALARY: 'agent-realtime-salary',
  HOUR_SALARY: 'agent-hour-salary',
  DAILY_SALARY: 'agent-daily-salary',
  DIVIDEND: 'agent-dividend',
};

const FIVE_MINUTES = 300_000;
const HOUR = 3_600_000;
export const AGENT_SETTLEMENT_TICK_MS: Record<AgentContractKind, number> = {
  REALTIME_SALARY: FIVE_MINUTES,
  HOUR_SALARY: FIVE_MINUTES,
  DAILY_SALARY: HOUR,
  DIVIDEND: HOUR,
};

export function agentSettlementJob(kind: AgentContractKind, periodMs = AGENT_SETTLEMENT_TICK_MS[kind]): PeriodicJob {
  return {
    name: AGENT_SETTLEMENT_JOBS[kind],
    periodMs,
    run: async (trx, { now }) => {
      const r = await settleKind(trx, kind, now);
      return r.settled + r.owedPaid;
    },
  };
}
