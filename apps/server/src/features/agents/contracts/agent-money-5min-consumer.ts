import { sql } from 'kysely';
import type { OutboxConsumer } from '../../../infra/outbox/money-outbox.ts';

/**
 * Each member's bets, wins and refunds per 5-minute slot (table agent_money_5min), from the money outbox, for the
 * real-time salary (every 5 minutes). member_money_hourly is per hour, and money_event has no index on time (adding
 * one would cost every money movement): this small rollup is the cheaper exact source. Exactly once: the sums move in
 * the transaction that moves the consumer's position. The real-time job deletes slots older than two days.
 */
export const MONEY_5MIN_CONSUMER = 'agent-money-5min';

export const agentMoney5minConsumer: OutboxConsumer = {
  name: MONEY_5MIN_CONSUMER,
  async apply(trx, events) {
    const ids = events
      .filter((e) => e.amount !== 0n && (e.kind === 'BET' || e.kind === 'WIN' || e.kind === 'ROLLBACK'))
      .map((e) => e.id.toString());
    if (ids.length === 0) return;
    await sql`
      insert into agent_money_5min (member_id, slot, kind, currency, total, moves)
      select member_id, to_timestamp(floor(extract(epoch from created_at) / 300) * 300) as slot, kind, currency, sum(amount), count(*)
      from money_event where id = any(${ids}::bigint[])
      group by member_id, slot, kind, currency
      on conflict (member_id, slot, kind, currency)
      do update set total = agent_money_5min.total + excluded.total, moves = agent_money_5min.moves + excluded.moves`.execute(trx);
  },
};
