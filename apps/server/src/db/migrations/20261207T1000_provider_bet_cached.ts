import { type Kysely, sql } from 'kysely';

/**
 * The provider bet from a cached launch session in one statement (issue 20, decision 067).
 *
 * The provider wallet keeps each launch session it read for a moment (`SESSION_CACHE_MS`). What a launch session
 * carries is fixed when it is created (member, game, currency, expiry), except what says whether it may still stake:
 * its own end, the end of the member session that launched it, the member's status and type, the vendor's wallet
 * mode, and whether the member has protection settings (their bets are checked under that row's lock). A bet from
 * a cached session calls this wrapper, which checks those in the bet's own statement, before anything is written:
 * if any has changed it answers RECHECK and writes nothing, and the server reads the session afresh and decides the
 * call as a first read would. So a cached session is never staler than a read made before the call, and there is
 * nothing to invalidate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Inline in PL/pgSQL, whose statements keep their plans per connection (a LANGUAGE sql helper is planned again on
  // every call: measured at 0.3–0.5 ms of PostgreSQL CPU per bet). Type 4 is the trial account (TRIAL_ACCOUNT_TYPE
  // when this was written; a migration keeps its own copy).
  await sql`create function play_provider_bet_cached(
      p_protection_known boolean,
      p_vendor text, p_tx text, p_round text, p_member integer, p_session bigint, p_node text, p_game text, p_game_type text,
      p_currency text, p_amount bigint, p_request_hash text, p_wallet bigint, p_house bigint, p_now timestamptz, p_reference jsonb
    ) returns jsonb language plpgsql as $$
    begin
      perform 1 from game_launch_session s
          join member m on m.id = s.member_id
          join game_vendor v on v.code = s.vendor_code
          left join member_session ms on ms.id = s.member_session_id
        where s.id = p_session and s.revoked_at is null and ms.revoked_at is null
          and m.status = 'active' and m.type <> 4 and v.wallet_mode = 'seamless'
          and (p_protection_known or not exists (select 1 from member_protection mp where mp.member_id = s.member_id));
      if not found then
        return jsonb_build_object('outcome', 'RECHECK');
      end if;
      return play_provider_bet(p_vendor, p_tx, p_round, p_member, p_session, p_node, p_game, p_game_type, p_currency, p_amount,
        p_request_hash, p_wallet, p_house, p_now, p_reference);
    end $$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function play_provider_bet_cached(boolean, text, text, text, integer, bigint, text, text, text, text, bigint, text, bigint, bigint, timestamptz, jsonb)`.execute(
    db,
  );
}
