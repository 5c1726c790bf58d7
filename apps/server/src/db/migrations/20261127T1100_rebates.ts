import { type Kysely, sql } from 'kysely';

/**
 * Rebates and cashback (issue 12, "Rebates and cashback"; decision 032).
 *
 * - `rebate_settings`: a brand's terms: the default rate per game category (members without a VIP level, or a brand
 *   without VIP; levels carry their own in vip_level.rebate_bps), the minimum payout, the member's claim
 *   (`manualRebate`: on/off, interval), the automatic payout (on/off, daily or weekly), cashback (share of net loss,
 *   cap, minimum, period) and whether rewards are bonus money of a promotion rather than cash. `auto_since` and
 *   `cashback_since` are when each was last switched on: only periods that end after it are paid (a brand that turns
 *   cashback on today is not paid for last week's losses).
 * - `rebate_accrual`: per member and category, the valid bets and the rebate since the last payout, kept by the
 *   `rebate-accrual` outbox consumer (exactly once: in the transaction that moves its position). The rebate is kept
 *   as `accrued_e4` = Σ valid bet × rate in basis points (minor units × 10⁴), so nothing is lost to rounding: a
 *   payout pays the whole minor units and the fraction stays for the next one. A payout (job or claim) locks the
 *   member's rows, pays and zeroes them in one transaction: whichever comes second finds nothing.
 * - `rebate_payout`: every rebate and cashback paid, unique per member, kind and period (a claim's period is
 *   `claim-<n>`, the member's n-th claim); the money moves through `reward_pay` under the key `<kind>:<member>:<period>`. A cashback
 *   refused as bonus (the member already has an active bonus) is kept `DEFERRED` and paid by a later run.
 * - `rebate_brand_run`: a brand's automatic payout or cashback done for a period, claimed in the job's transaction.
 */
const UP = [
  `create table rebate_settings (
    brand_id integer primary key references brand (id),
    enabled boolean not null default true,
    default_bps jsonb not null default '{}'::jsonb,
    minimum_payout bigint not null default 0 check (minimum_payout >= 0),
    manual_enabled boolean not null default true,
    claim_interval_seconds integer not null default 0 check (claim_interval_seconds >= 0),
    auto_enabled boolean not null default true,
    auto_period text not null default 'DAILY' check (auto_period in ('DAILY', 'WEEKLY')),
    auto_since timestamptz not null default now(),
    cashback_enabled boolean not null default false,
    cashback_share_bps integer not null default 0 check (cashback_share_bps between 0 and 10000),
    cashback_cap bigint not null default 0 check (cashback_cap >= 0),
    cashback_minimum bigint not null default 0 check (cashback_minimum >= 0),
    cashback_period text not null default 'WEEKLY' check (cashback_period in ('DAILY', 'WEEKLY', 'MONTHLY')),
    cashback_since timestamptz not null default now(),
    bonus_promotion_id integer references promotion (id),
    updated_at timestamptz not null default now()
  )`,
  `create table rebate_accrual (
    member_id integer not null references member (id),
    category text not null,
    valid_bet bigint not null default 0 check (valid_bet >= 0),
    accrued_e4 bigint not null default 0 check (accrued_e4 >= 0),
    updated_at timestamptz not null default now(),
    primary key (member_id, category)
  )`,
  `create table rebate_payout (
    id bigserial primary key,
    member_id integer not null references member (id),
    brand_id integer not null references brand (id),
    kind text not null check (kind in ('REBATE', 'CASHBACK')),
    source text not null check (source in ('AUTO', 'MANUAL')),
    period text not null,
    amount bigint not null check (amount > 0),
    base bigint not null,
    currency text not null,
    status text not null check (status in ('PAID', 'DEFERRED')),
    paid_as text check (paid_as in ('CASH', 'BONUS')),
    transfer_id bigint,
    grant_id bigint,
    detail jsonb not null default '{}'::jsonb,
    created_at timestamptz not null default now(),
    paid_at timestamptz,
    unique (member_id, kind, period)
  )`,
  'create index rebate_payout_member on rebate_payout (member_id, id)',
  `create index rebate_payout_deferred on rebate_payout (id) where status = 'DEFERRED'`,
  `create table rebate_brand_run (
    brand_id integer not null references brand (id),
    kind text not null check (kind in ('REBATE', 'CASHBACK')),
    period text not null,
    members integer not null default 0,
    created_at timestamptz not null default now(),
    primary key (brand_id, kind, period)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rebate_brand_run', 'rebate_payout', 'rebate_accrual', 'rebate_settings']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
