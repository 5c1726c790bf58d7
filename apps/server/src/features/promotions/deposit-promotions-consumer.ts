import type { OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { onDepositCredited } from './promotions.service.ts';

/** Deposit promotions from the money outbox: each credited deposit gets its promotion's turn exactly once. */
export const depositPromotionsConsumer: OutboxConsumer = {
  name: 'deposit-promotions',
  async apply(trx, events) {
    for (const e of events) {
      if (e.kind !== 'DEPOSIT' || typeof e.reference.orderNo !== 'string') continue;
      await onDepositCredited(trx, e.memberId, e.reference.orderNo, e.createdAt);
    }
  },
};
