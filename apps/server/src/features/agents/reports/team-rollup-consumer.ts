import { BRAND_UTC_OFFSET_MINUTES } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { OutboxConsumer } from '../../../infra/outbox/money-outbox.ts';

/** Ledger transfer kinds that count as bonuses received into the wallet (as the records' "bonuses" column). */
export const BONUS_KINDS = [
  'BONUS',
  'REBATE',
  'COMMISSION',
  'CASHBACK',
  'MISSION_REWARD',
  'RED_ENVELOPE',
  'WHEEL_PRIZE',
  'EGG_PRIZE',
  'RAFFLE_PRIZE',
  'BONUS_CONVERSION',
] as const;
const COUNTED_KINDS = ['DEPOSIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE', 'BET', 'ROLLBACK', 'WIN', 'ROUND_SETTLED', ...BONUS_KINDS];

export const AGENT_TEAM_CONSUMER = 'agent-team';

/**
 * The agent team rollups from the money outbox (decision 035), exactly once: they move in the transaction that
 * moves the consumer's position, so a crashed batch is replayed whole, never counted twice.
 *
 * Per event (amount = signed change of the member's wallet): DEPOSIT adds to deposits; WITHDRAWAL_HOLD adds and
 * WITHDRAWAL_RELEASE takes back withdrawals; BET adds and ROLLBACK takes back bets; WIN adds to wins; the reward
 * kinds add to bonuses; ROUND_SETTLED (amount 0) adds reference.validBet to valid bets and marks the member active
 * for the brand day, week and month. Each member's brand day (agent_member_daily), each ancestor's UTC hour
 * (agent_team_hourly, depth ≥ 1 only: an agent's own play is not their team's), and active counts per period.
 */
export const agentTeamConsumer: OutboxConsumer = {
  name: AGENT_TEAM_CONSUMER,
  async apply(trx, events) {
    const ids = events.filter((e) => COUNTED_KINDS.includes(e.kind)).map((e) => e.id.toString());
    if (ids.length === 0) return;
    const offset = BRAND_UTC_OFFSET_MINUTES;
    // The batch's counted events, one row each, as a CTE each statement reads (by primary key: cheap).
    const batch = sql`batch as (
      select member_id,
        ((created_at at time zone 'UTC') + make_interval(mins => ${offset}))::date as day,
        date_trunc('hour', created_at at time zone 'UTC') at time zone 'UTC' as hour,
        case when kind = 'DEPOSIT' then amount else 0 end as deposits,
        case when kind in ('WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE') then -amount else 0 end as withdrawals,
        case when kind in ('BET', 'ROLLBACK') then -amount else 0 end as bets,
        case when kind = 'WIN' then amount else 0 end as wins,
        case when kind = 'ROUND_SETTLED' and reference->>'validBet' ~ '^[0-9]{1,18}$' then (reference->>'validBet')::bigint
          else 0 end as valid_bets,
        case when kind = any(${[...BONUS_KINDS]}::text[]) then amount else 0 end as bonuses
      from money_event where id = any(${ids}::bigint[]))`;
    await sql`with ${batch} insert into agent_member_daily (member_id, day, deposits, withdrawals, bets, wins, valid_bets, bonuses)
      select member_id, day, sum(deposits), sum(withdrawals), sum(bets), sum(wins), sum(valid_bets), sum(bonuses)
      from batch group by member_id, day order by member_id, day
      on conflict (member_id, day) do update set
        deposits = agent_member_daily.deposits + excluded.deposits,
        withdrawals = agent_member_daily.withdrawals + excluded.withdrawals,
        bets = agent_member_daily.bets + excluded.bets,
        wins = agent_member_daily.wins + excluded.wins,
        valid_bets = agent_member_daily.valid_bets + excluded.valid_bets,
        bonuses = agent_member_daily.bonuses + excluded.bonuses`.execute(trx);
    await sql`with ${batch} insert into agent_team_hourly (agent_id, hour, deposits, withdrawals, bets, wins, valid_bets, bonuses)
      select c.ancestor_id, b.hour, sum(b.deposits), sum(b.withdrawals), sum(b.bets), sum(b.wins), sum(b.valid_bets), sum(b.bonuses)
      from batch b join agent_closure c on c.member_id = b.member_id and c.depth > 0
      group by c.ancestor_id, b.hour order by c.ancestor_id, b.hour
      on conflict (agent_id, hour) do update set
        deposits = agent_team_hourly.deposits + excluded.deposits,
        withdrawals = agent_team_hourly.withdrawals + excluded.withdrawals,
        bets = agent_team_hourly.bets + excluded.bets,
        wins = agent_team_hourly.wins + excluded.wins,
        valid_bets = agent_team_hourly.valid_bets + excluded.valid_bets,
        bonuses = agent_team_hourly.bonuses + excluded.bonuses`.execute(trx);
    await sql`with ${batch}, days as (select distinct member_id, day from batch where valid_bets > 0),
      periods as (
        select member_id, 'D' || to_char(day, 'YYYY-MM-DD') as period from days
        union select member_id, 'W' || to_char(date_trunc('week', day)::date, 'YYYY-MM-DD') from days
        union select member_id, 'M' || to_char(day, 'YYYY-MM') from days),
      fresh as (
        insert into agent_member_active (member_id, period) select member_id, period from periods
        on conflict do nothing returning member_id, period)
      insert into agent_team_active (agent_id, period, members)
      select c.ancestor_id, f.period, count(*) from fresh f join agent_closure c on c.member_id = f.member_id and c.depth > 0
      group by c.ancestor_id, f.period order by c.ancestor_id, f.period
      on conflict (agent_id, period) do update set members = agent_team_active.members + excluded.members`.execute(trx);
  },
};
