import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { insertMessage } from '../messages/messages.repository.ts';
import { endBonus } from './bonus.service.ts';

const DAY_MS = 86_400_000;

/**
 * Bonus upkeep, claimed once per period across instances (job_run): members are told a day before a bonus expires;
 * expired bonuses are forfeited; promotions past their end are closed.
 */
export function bonusUpkeepJob(periodMs = 60_000): PeriodicJob {
  return {
    name: 'bonus-upkeep',
    periodMs,
    async run(trx, { now }) {
      let changed = 0;
      const expiring = await trx
        .updateTable('bonus_grant')
        .set({ warned_at: now })
        .where('state', '=', 'active')
        .where('warned_at', 'is', null)
        .where('expires_at', '<=', new Date(now.getTime() + DAY_MS))
        .where('expires_at', '>', now)
        .returning(['id', 'member_id', 'currency', 'expires_at'])
        .execute();
      for (const grant of expiring) {
        await insertMessage(trx, {
          memberId: grant.member_id,
          type: 'BONUS_EXPIRING',
          currency: grant.currency,
          params: { expiresAt: grant.expires_at.toISOString() },
          dedupeKey: `bonus-expiring:${grant.id}`,
        });
      }
      changed += expiring.length;
      const expired = await trx
        .selectFrom('bonus_grant')
        .select('id')
        .where('state', '=', 'active')
        .where('expires_at', '<=', now)
        .execute();
      for (const grant of expired) {
        const result = await endBonus(trx, grant.id, 'expired', 'expired', now);
        if (result.outcome === 'APPLIED') changed += 1;
      }
      const closed = await trx
        .updateTable('promotion')
        .set({ status: 'ENDED', updated_at: now })
        .where('status', '=', 'ACTIVE')
        .where('ends_at', '<=', now)
        .executeTakeFirst();
      return changed + Number(closed.numUpdatedRows);
    },
  };
}
