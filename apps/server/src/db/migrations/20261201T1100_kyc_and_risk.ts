import { type Kysely, sql } from 'kysely';

/**
 * Identity checks (KYC), the brand's withdrawal rules, the deposit turnover rule and risk flags (issue 18, lane B;
 * decision 044).
 *
 * - `risk_rules`: one row per brand (no row: every rule off and the default thresholds). KYC before withdrawals
 *   above an amount and/or before the first one; the turnover on deposits in basis points (10000 = 1×); the
 *   thresholds of the risk flags.
 * - `kyc_submission`: each time a member sends their documents; its status is the member's KYC status (the newest
 *   one; none = NOT_STARTED). At most one PENDING and one APPROVED per member (partial unique indexes), so two
 *   racing submissions or approvals cannot both land.
 * - `kyc_document`: the files of a submission, stored on disk outside the web root under a random name; the row
 *   keeps the name, the type found in the bytes and the size.
 * - `member_turnover`: what each member still has to play before withdrawing (deposits × the brand's rule, less
 *   settled stakes), kept by the risk-turnover outbox consumer, exactly once.
 * - `risk_flag`: one row per suspicious pattern, raised once (unique dedupe_key); staff mark it reviewed.
 * - `risk_ip_location`: where an address range is (label, latitude, longitude), loaded by the operator: the site
 *   ships no geo database, so "far apart logins" are judged only for addresses inside a known range.
 */
const UP = [
  `create table risk_rules (
    brand_id integer primary key references brand (id),
    kyc_withdrawal_above bigint check (kyc_withdrawal_above is null or kyc_withdrawal_above >= 0),
    kyc_first_withdrawal boolean not null default false,
    turnover_bps integer not null default 0 check (turnover_bps between 0 and 1000000),
    little_play_bps integer not null default 1000 check (little_play_bps between 0 and 1000000),
    large_win_above bigint not null default 10000000 check (large_win_above > 0),
    shared_ip_members integer not null default 3 check (shared_ip_members >= 2),
    travel_kmh integer not null default 900 check (travel_kmh > 0),
    updated_at timestamptz not null default now()
  )`,
  `create table kyc_submission (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    full_name text not null,
    status text not null check (status in ('PENDING', 'APPROVED', 'REJECTED')),
    reject_reason text,
    submitted_at timestamptz not null,
    decided_at timestamptz,
    decided_by integer references staff (id)
  )`,
  'create index kyc_submission_member on kyc_submission (member_id, id desc)',
  'create index kyc_submission_queue on kyc_submission (brand_id, status, submitted_at)',
  "create unique index kyc_submission_one_pending on kyc_submission (member_id) where status = 'PENDING'",
  "create unique index kyc_submission_one_approved on kyc_submission (member_id) where status = 'APPROVED'",
  `create table kyc_document (
    id bigserial primary key,
    submission_id bigint not null references kyc_submission (id),
    kind text not null check (kind in ('ID_FRONT', 'ID_BACK', 'SELFIE', 'ADDRESS')),
    storage_name text not null unique,
    mime text not null check (mime in ('image/png', 'image/jpeg', 'application/pdf')),
    size integer not null check (size > 0),
    unique (submission_id, kind)
  )`,
  `create table member_turnover (
    member_id integer primary key references member (id),
    remaining bigint not null default 0 check (remaining >= 0),
    last_deposit bigint not null default 0,
    played_since_deposit bigint not null default 0,
    last_deposit_at timestamptz,
    updated_at timestamptz not null
  )`,
  `create table risk_flag (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    kind text not null check (kind in ('SHARED_IP', 'SHARED_DEVICE', 'SHARED_PAYMENT_ACCOUNT', 'LITTLE_PLAY_WITHDRAWAL',
      'BONUS_HUNTING', 'LARGE_WIN', 'FAR_APART_LOGINS')),
    dedupe_key text not null unique,
    details jsonb not null default '{}'::jsonb,
    raised_at timestamptz not null,
    status text not null default 'OPEN' check (status in ('OPEN', 'REVIEWED')),
    reviewed_by integer references staff (id),
    reviewed_at timestamptz,
    review_note text
  )`,
  'create index risk_flag_queue on risk_flag (brand_id, status, raised_at desc)',
  'create index risk_flag_member on risk_flag (member_id, status)',
  `create table risk_ip_location (
    id serial primary key,
    brand_id integer not null references brand (id),
    cidr cidr not null,
    label text not null,
    latitude double precision not null check (latitude between -90 and 90),
    longitude double precision not null check (longitude between -180 and 180)
  )`,
  'create index risk_ip_location_brand on risk_ip_location (brand_id)',
  // The shared-address and shared-device flags look up recent logins by address.
  'create index login_event_ip on login_event (ip, created_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['risk_ip_location', 'risk_flag', 'member_turnover', 'kyc_document', 'kyc_submission', 'risk_rules'])
    await sql.raw(`drop table ${table}`).execute(db);
  await sql`drop index login_event_ip`.execute(db);
}
