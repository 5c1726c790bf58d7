import { sql } from 'kysely';
import type { OutboxConsumer } from '../../infra/outbox/money-outbox.ts';

/**
 * Sums each member's money moves per hour and kind from the money outbox (table member_money_hourly): the
 * figures agent reports, rebates, VIP and missions read, without scanning the ledger. Exactly once: the sums
 * move in the transaction that moves the consumer's position.
 */
export const moneyHourlyConsumer: OutboxConsumer = {
  name: 'money-hourly',
  async apply(trx, events) {
    const ids = events.map((e) => e.id.toString());
    await sql`
      insert into member_money_hourly (member_id, hour, kind, currency, total, moves)
      select member_id, date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour, kind, currency,
        sum(amount), count(*)
      -- Markers without money (ROUND_SETTLED) are not moves.
      from money_event where id = any(${ids}::bigint[]) and amount <> 0
      group by member_id, hour, kind, currency
      on conflict (member_id, hour, kind, currency)
      do update set total = member_money_hourly.total + excluded.total, moves = member_money_hourly.moves + excluded.moves`.execute(trx);
  },
};
