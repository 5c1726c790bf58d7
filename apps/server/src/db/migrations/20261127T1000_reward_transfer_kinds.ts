import { type Kysely, sql } from 'kysely';

/**
 * Paying rewards (issue 12): the ledger movements of cashback, mission rewards, red envelopes, prize-wheel and
 * golden-egg prizes and raffle prizes (rebates already had `REBATE`), and `reward_pay`, the one statement every
 * reward is paid by (features/bonus/pay-reward.ts): cash from the brand's BONUS budget to the member's wallet through
 * `ledger_post`, or bonus money through a participation of the given promotion and `bonus_issue`; idempotent by its
 * key either way. One migration for all of them, so the features' own migrations (rebates, missions, lucky draws) can
 * run in any order. The lists are written out so this keeps meaning what it meant.
 */
const BEFORE = [
  'DEPOSIT',
  'WITHDRAWAL_HOLD',
  'WITHDRAWAL_RELEASE',
  'WITHDRAWAL_PAYOUT',
  'BET',
  'WIN',
  'ROLLBACK',
  'VENDOR_TRANSFER_IN',
  'VENDOR_TRANSFER_OUT',
  'UPLINE_TRANSFER',
  'DOWNLINE_TRANSFER',
  'BONUS',
  'REBATE',
  'COMMISSION',
  'POINTS_REDEMPTION',
  'OPENING_BALANCE',
  'ADJUSTMENT',
  'BONUS_CONVERSION',
  'BONUS_FORFEIT',
];
const ADDED = ['CASHBACK', 'MISSION_REWARD', 'RED_ENVELOPE', 'WHEEL_PRIZE', 'EGG_PRIZE', 'RAFFLE_PRIZE'];
const list = (values: string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * Pays a reward once per key. Cash: `{outcome: 'PAID', as: 'CASH', transferId}` (a repeat: `REPLAY` with the same
 * transfer). Bonus (`p_promotion` given): the member's participation of that promotion for period `p_key` is made
 * claimable with the amount and issued at once: `{outcome: 'PAID', as: 'BONUS', grantId}`, a repeat `REPLAY`, a refusal
 * of bonus_issue (e.g. BONUS_ALREADY_ACTIVE, PROMOTION_BUDGET_SPENT) `{outcome: 'REFUSED', code}` with the participation
 * left claimable, so the caller may keep it for later or roll its transaction back.
 */
const REWARD_PAY = `
create function reward_pay(p_member integer, p_currency text, p_amount bigint, p_kind text, p_key text,
  p_reference jsonb, p_promotion integer, p_now timestamptz) returns jsonb language plpgsql as $$
declare
  v_wallet bigint;
  v_post jsonb;
  v_participation bigint;
  v_grant bigint;
  v_issue jsonb;
begin
  if p_amount <= 0 then
    raise exception 'reward % of % is not positive', p_key, p_amount using errcode = 'LG001';
  end if;
  -- The wallet first, also for bonus money: a converted grant pays into it.
  select id into v_wallet from ledger_account
    where kind = 'MEMBER_WALLET' and member_id = p_member and currency = p_currency and vendor_code is null;
  if v_wallet is null then
    insert into ledger_account (kind, member_id, currency) values ('MEMBER_WALLET', p_member, p_currency)
      on conflict on constraint ledger_account_identity do nothing returning id into v_wallet;
    if v_wallet is null then
      select id into v_wallet from ledger_account
        where kind = 'MEMBER_WALLET' and member_id = p_member and currency = p_currency and vendor_code is null;
    end if;
  end if;
  if p_promotion is null then
    v_post := ledger_post('reward', p_key, p_key || ':' || p_member || ':' || p_amount,
      jsonb_build_array(jsonb_build_object('from', budget_account(p_currency, p_member)::text, 'to', v_wallet::text,
        'amount', p_amount::text, 'kind', p_kind, 'reference', coalesce(p_reference, '{}'::jsonb))), false);
    if v_post->>'outcome' = 'APPLIED' then
      return jsonb_build_object('outcome', 'PAID', 'as', 'CASH', 'transferId', v_post->'answer'->'transfers'->0->>'id');
    end if;
    if v_post->>'requestHash' <> p_key || ':' || p_member || ':' || p_amount then
      raise exception 'reward key % was used for another payment', p_key using errcode = 'LG001';
    end if;
    return jsonb_build_object('outcome', 'REPLAY', 'as', 'CASH', 'transferId', v_post->'response'->'transfers'->0->>'id');
  end if;

  insert into promotion_participation (promotion_id, member_id, period_key, state, reward_amount, created_at, updated_at)
    values (p_promotion, p_member, p_key, 'claimable', p_amount, p_now, p_now)
    on conflict on constraint promotion_participation_once do nothing
    returning id into v_participation;
  if v_participation is null then
    select id, grant_id into v_participation, v_grant from promotion_participation
      where promotion_id = p_promotion and member_id = p_member and period_key = p_key;
    if v_grant is not null then
      return jsonb_build_object('outcome', 'REPLAY', 'as', 'BONUS', 'grantId', v_grant::text);
    end if;
  else
    insert into promotion_participation_event (participation_id, from_state, to_state, actor, actor_id, created_at)
      values (v_participation, null, 'claimable', 'system', null, p_now);
  end if;
  v_issue := bonus_issue(v_participation, p_amount, 0, 'claimed', 'system', null, p_now);
  if v_issue->>'outcome' = 'REFUSED' then
    return v_issue;
  end if;
  return jsonb_build_object('outcome', case when v_issue->>'outcome' = 'REPLAY' then 'REPLAY' else 'PAID' end,
    'as', 'BONUS', 'grantId', v_issue->>'grantId');
end $$`;

async function setKinds(db: Kysely<unknown>, kinds: string[]) {
  await sql.raw('alter table ledger_transfer drop constraint ledger_transfer_kind_check').execute(db);
  await sql.raw(`alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${list(kinds)}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await setKinds(db, [...BEFORE, ...ADDED]);
  await sql.raw(REWARD_PAY).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop function reward_pay(integer, text, bigint, text, text, jsonb, integer, timestamptz)').execute(db);
  await setKinds(db, BEFORE);
}
