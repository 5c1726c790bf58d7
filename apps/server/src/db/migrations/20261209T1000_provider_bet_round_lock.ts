import { type Kysely, sql } from 'kysely';
import { PROVIDER_BET_ONCE } from './20261208T1000_provider_fewer_writes.ts';

/**
 * Bets of one round take their locks in one order, whether the round exists yet or not (decision 076).
 *
 * A bet locks its round row, then the accounts. A bet whose round did not exist yet locked the accounts first and
 * only met the round when its insert found that another bet had opened it meanwhile; it then locked the round row
 * while holding the accounts. A third bet of that round, holding the round row and waiting for the accounts, closed
 * the circle: PostgreSQL broke it after deadlock_timeout (1 s) and the bet was retried. One player's 50 bets at once
 * over 5 new rounds met it dozens of times and took 12–25 s instead of 2.
 *
 * Now every bet first takes a transaction-level advisory lock on its round's key (vendor and round id), which exists
 * before the round row does. Bets of one round queue there, the round row is found by all but the first, and the
 * accounts always come after the round. Different rounds hash to different keys (a rare collision only makes two
 * rounds queue together). Wins and rollbacks find an existing round and lock its row, as before.
 */
const ROUND_ANCHOR = '    -- An open round is locked and checked; a new one is written below, once, with this bet in it.\n';

/** Class of the two-number advisory key: "provider round" (the one-number keys of start-up locks are another space). */
const PROVIDER_ROUND_LOCK_CLASS = 20_261_209;

export const PROVIDER_BET_ROUND_LOCK = (() => {
  if (!PROVIDER_BET_ONCE.includes(ROUND_ANCHOR)) throw new Error('play_provider_bet: the round lookup to lock before is missing');
  return PROVIDER_BET_ONCE.replace(
    ROUND_ANCHOR,
    `    -- The round's key, before its row (which a first bet has yet to write): bets of one round lock in one order.
    perform pg_advisory_xact_lock(${PROVIDER_ROUND_LOCK_CLASS}, hashtext(p_vendor || ':' || p_round));
${ROUND_ANCHOR}`,
  );
})();

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PROVIDER_BET_ROUND_LOCK).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw(PROVIDER_BET_ONCE).execute(db);
}
