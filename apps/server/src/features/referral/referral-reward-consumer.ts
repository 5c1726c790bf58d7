import type { FastifyInstance } from 'fastify';
import type { OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { applyReferralEvents } from './referral-rewards.ts';

/** Its position row in outbox_consumer; never rename it. */
export const REFERRAL_CONSUMER = 'referral-rewards';

/**
 * Referral rewards from the money outbox (decision 049): referred members' deposits and settled valid bets, applied
 * once in the transaction that moves this consumer's own position; a met rule pays the referrer through reward_pay.
 */
export function referralRewardConsumer(app: FastifyInstance): OutboxConsumer {
  return {
    name: REFERRAL_CONSUMER,
    async apply(trx, events) {
      await applyReferralEvents(trx, events, app.deps.now());
    },
  };
}
