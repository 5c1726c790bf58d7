import type { FastifyInstance } from 'fastify';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { publishLive } from './live-bus.ts';

/**
 * Live push of balances from the money outbox: after a batch, each member whose main wallet moved gets one
 * BALANCE_CHANGED with the newest balance of the batch (earlier ones would only flicker past).
 */
export function liveBalanceConsumer(app: FastifyInstance): OutboxConsumer {
  return {
    name: 'live-balance',
    afterCommit(events: MoneyEvent[]) {
      const newest = new Map<number, MoneyEvent>();
      for (const e of events) newest.set(e.memberId, e);
      for (const e of newest.values()) {
        publishLive(app, e.memberId, {
          type: 'BALANCE_CHANGED',
          balance: String(e.balanceAfter),
          currency: e.currency,
          at: e.createdAt.toISOString(),
        });
      }
    },
  };
}
