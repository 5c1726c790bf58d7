import { type Kysely, sql } from 'kysely';

/**
 * Referral rewards (issue 15, lane G, decision 049).
 *
 * - `REFERRAL_REWARD`: the ledger movement of a referrer's reward, cash from the brand's BONUS budget through
 *   `reward_pay`. Added to the kind check by reading the kinds the check holds now and appending this one, so the
 *   migration means the same whichever other kinds were added before it.
 * - `referral_reward_settings`: the brand's rule. A referred member qualifies when their first paid deposit is at
 *   least `min_first_deposit` (0: any first deposit) and their settled valid bets reach `min_turnover` (0: no
 *   turnover asked); the referrer is then paid `reward_amount` once.
 * - `referral_progress`: one row per referred member, kept by the referral outbox consumer (first deposit, turnover,
 *   the reward once paid). `rewarded_at` is set by a conditional update in the transaction that pays, so an invitee
 *   pays their referrer at most once.
 */
const UP = [
  `create table referral_reward_settings (
    brand_id integer primary key references brand (id),
    enabled boolean not null default false,
    min_first_deposit bigint not null default 0 check (min_first_deposit >= 0),
    min_turnover bigint not null default 0 check (min_turnover >= 0),
    reward_amount bigint not null check (reward_amount > 0),
    updated_at timestamptz not null default now()
  )`,
  `create table referral_progress (
    invitee_id integer primary key references member (id) on delete cascade,
    referrer_id integer not null references member (id) on delete cascade,
    brand_id integer not null references brand (id),
    currency text not null,
    first_deposit bigint check (first_deposit > 0),
    turnover bigint not null default 0 check (turnover >= 0),
    reward_amount bigint check (reward_amount > 0),
    rewarded_at timestamptz,
    transfer_id bigint,
    check ((rewarded_at is null) = (reward_amount is null))
  )`,
  'create index referral_progress_referrer on referral_progress (referrer_id, rewarded_at) where rewarded_at is not null',
];

const KIND = 'REFERRAL_REWARD';

async function currentKinds(db: Kysely<unknown>): Promise<string[]> {
  const { rows } = await sql<{ def: string }>`
    select pg_get_constraintdef(c.oid) as def from pg_constraint c
    where c.conname = 'ledger_transfer_kind_check' and c.conrelid = 'ledger_transfer'::regclass`.execute(db);
  const def = rows[0]?.def ?? '';
  return [...def.matchAll(/'([A-Z0-9_]+)'/g)].map((m) => m[1] ?? '').filter(Boolean);
}

async function setKinds(db: Kysely<unknown>, kinds: string[]) {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  await sql.raw('alter table ledger_transfer drop constraint ledger_transfer_kind_check').execute(db);
  await sql.raw(`alter table ledger_transfer add constraint ledger_transfer_kind_check check (kind in (${list}))`).execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const kinds = await currentKinds(db);
  if (kinds.length === 0) throw new Error('ledger_transfer_kind_check not found');
  if (!kinds.includes(KIND)) await setKinds(db, [...kinds, KIND]);
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table referral_progress').execute(db);
  await sql.raw('drop table referral_reward_settings').execute(db);
  await setKinds(
    db,
    (await currentKinds(db)).filter((k) => k !== KIND),
  );
}
