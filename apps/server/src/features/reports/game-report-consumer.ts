import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { OutboxConsumer } from '../../infra/outbox/money-outbox.ts';

export const GAME_REPORT_CONSUMER = 'game-report';
/** The category of a round whose game is found nowhere (a vendor's game missing from the catalogue). */
export const UNKNOWN_GAME_TYPE = 'OTHER';

/**
 * The console's report by game category and by vendor (decision 059), from the money outbox, exactly once: the
 * sums move in the transaction that moves the consumer's position, so a replayed batch is never counted twice.
 *
 * Per provider event (source `provider:<vendor>`; amount = signed change of the member's wallet, as the daily
 * report counts): BET adds its stake to bets and 1 to the bet count, ROLLBACK takes both back, WIN adds to wins,
 * ROUND_SETTLED (amount 0) adds a round. The vendor is in every event's reference. The game type is in
 * ROUND_SETTLED's reference only; a BET, WIN or ROLLBACK carries vendor + roundId + gameCode, so its type is
 * looked up here once, from the round (game_round: what was played), else the catalogue, and stored in the rollup.
 * The member's brand day is UTC+6 (BRAND_UTC_OFFSET_MINUTES, as agent_member_daily). A member who staked or
 * finished a round is a player of that (day, vendor, type) in game_report_player.
 */
export const gameReportConsumer: OutboxConsumer = {
  name: GAME_REPORT_CONSUMER,
  async apply(trx, events) {
    const ids = events
      .filter((e) => ['BET', 'ROLLBACK', 'WIN', 'ROUND_SETTLED'].includes(e.kind) && e.source.startsWith('provider:'))
      .map((e) => e.id.toString());
    if (ids.length === 0) return;
    const batch = sql`batch as (
      select m.brand_id, e.member_id, e.kind,
        ((e.created_at at time zone 'UTC') + make_interval(mins => ${BRAND_UTC_OFFSET_MINUTES}))::date as day,
        v.vendor_code,
        coalesce(case when e.kind = 'ROUND_SETTLED' then nullif(e.reference->>'gameType', '') end,
          (select r.game_type from game_round r where r.vendor_code = v.vendor_code and r.round_id = e.reference->>'roundId'),
          (select g.game_type from game g where g.vendor_code = v.vendor_code and g.game_code = e.reference->>'gameCode'),
          ${UNKNOWN_GAME_TYPE}) as game_type,
        case when e.kind in ('BET', 'ROLLBACK') then -e.amount else 0 end as bets,
        case when e.kind = 'WIN' then e.amount else 0 end as wins,
        case e.kind when 'BET' then 1 when 'ROLLBACK' then -1 else 0 end as bet_count,
        case when e.kind = 'ROUND_SETTLED' then 1 else 0 end as rounds
      from money_event e
      join member m on m.id = e.member_id
      cross join lateral (select coalesce(nullif(e.reference->>'vendor', ''), substring(e.source from 10)) as vendor_code) v
      where e.id = any(${ids}::bigint[]))`;
    await sql`with ${batch}
      insert into game_report_daily (brand_id, day, vendor_code, game_type, bets, wins, bet_count, rounds)
      select brand_id, day, vendor_code, game_type, sum(bets), sum(wins), sum(bet_count), sum(rounds)
      from batch group by brand_id, day, vendor_code, game_type order by brand_id, day, vendor_code, game_type
      on conflict (brand_id, day, vendor_code, game_type) do update set
        bets = game_report_daily.bets + excluded.bets,
        wins = game_report_daily.wins + excluded.wins,
        bet_count = game_report_daily.bet_count + excluded.bet_count,
        rounds = game_report_daily.rounds + excluded.rounds`.execute(trx);
    await sql`with ${batch}
      insert into game_report_player (brand_id, day, vendor_code, game_type, member_id)
      select distinct brand_id, day, vendor_code, game_type, member_id from batch where kind in ('BET', 'ROUND_SETTLED')
      order by 1, 2, 3, 4, 5
      on conflict do nothing`.execute(trx);
  },
};
