import { type Kysely, sql } from 'kysely';

/**
 * Staff accounts and the operator console (issue 17, decision 040). Staff are not members: their own accounts
 * (Argon2id password, TOTP secret sealed with encryptAtRest under TWO_FACTOR_SECRET, the last accepted time step so a
 * code is never accepted twice), recovery codes (SHA-256, each used once), single-use enrolment tokens, and sessions
 * whose opaque token is kept only as a SHA-256 (idle and absolute expiry, whether the second factor passed).
 * staff_audit is append-only: a trigger refuses UPDATE and DELETE (and TRUNCATE). staff_adjustment is a manual
 * ledger adjustment waiting for (or past) its second approval; a CHECK keeps the approver different from the
 * requester. staff_withdrawal_approval holds the first of two approvals of a large withdrawal.
 * staff_ip_allow is the brand's optional console allow-list (no rows: any address).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table staff (
    id serial primary key,
    brand_id integer not null references brand (id),
    username text not null,
    password_hash text,
    role text not null check (role in ('owner', 'admin', 'finance', 'risk', 'support', 'content', 'read-only')),
    status text not null default 'ACTIVE' check (status in ('ACTIVE', 'DISABLED')),
    totp_secret_sealed text,
    totp_pending_sealed text,
    totp_last_step bigint not null default 0,
    enrolled_at timestamptz,
    failed_logins integer not null default 0,
    locked_until timestamptz,
    created_at timestamptz not null,
    last_login_at timestamptz,
    unique (brand_id, username)
  )`.execute(db);

  await sql`create table staff_recovery_code (
    id bigserial primary key,
    staff_id integer not null references staff (id),
    code_hash text not null,
    created_at timestamptz not null,
    used_at timestamptz,
    unique (staff_id, code_hash)
  )`.execute(db);

  await sql`create table staff_enrolment (
    id bigserial primary key,
    staff_id integer not null references staff (id),
    token_hash text not null unique,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz
  )`.execute(db);

  await sql`create table staff_session (
    id bigserial primary key,
    staff_id integer not null references staff (id),
    token_hash text not null unique,
    created_at timestamptz not null,
    last_seen_at timestamptz not null,
    absolute_expires_at timestamptz not null,
    second_factor_at timestamptz,
    ended_at timestamptz,
    ip text,
    user_agent text
  )`.execute(db);
  await sql`create index staff_session_staff on staff_session (staff_id) where ended_at is null`.execute(db);

  await sql`create table staff_audit (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    staff_id integer references staff (id),
    action text not null,
    target_type text not null,
    target_id text,
    before jsonb,
    after jsonb,
    ip text,
    user_agent text,
    at timestamptz not null
  )`.execute(db);
  await sql`create index staff_audit_brand_at on staff_audit (brand_id, id desc)`.execute(db);
  await sql`create index staff_audit_target on staff_audit (target_type, target_id)`.execute(db);
  await sql`create function staff_audit_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'staff_audit is append-only' using errcode = 'P0001';
    end
  $$`.execute(db);
  await sql`create trigger staff_audit_no_update before update or delete on staff_audit
    for each row execute function staff_audit_append_only()`.execute(db);
  await sql`create trigger staff_audit_no_truncate before truncate on staff_audit
    for each statement execute function staff_audit_append_only()`.execute(db);

  await sql`create table staff_adjustment (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    direction text not null check (direction in ('CREDIT', 'DEBIT')),
    amount bigint not null check (amount > 0),
    currency text not null,
    reason text not null,
    status text not null check (status in ('PENDING', 'APPLIED', 'REJECTED')),
    needs_second_approval boolean not null,
    idempotency_key text not null,
    requested_by integer not null references staff (id),
    requested_at timestamptz not null,
    decided_by integer references staff (id),
    decided_at timestamptz,
    decision_reason text,
    transfer_id bigint,
    unique (requested_by, idempotency_key),
    check (not needs_second_approval or decided_by is null or decided_by <> requested_by)
  )`.execute(db);
  await sql`create index staff_adjustment_pending on staff_adjustment (brand_id, id) where status = 'PENDING'`.execute(db);

  await sql`create table staff_withdrawal_approval (
    order_no text primary key references withdrawal_order (order_no),
    staff_id integer not null references staff (id),
    approved_at timestamptz not null
  )`.execute(db);

  await sql`create table staff_ip_allow (
    id serial primary key,
    brand_id integer not null references brand (id),
    cidr cidr not null,
    label text not null default '',
    unique (brand_id, cidr)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table staff_ip_allow`.execute(db);
  await sql`drop table staff_withdrawal_approval`.execute(db);
  await sql`drop table staff_adjustment`.execute(db);
  await sql`drop table staff_audit`.execute(db);
  await sql`drop function staff_audit_append_only()`.execute(db);
  await sql`drop table staff_session`.execute(db);
  await sql`drop table staff_enrolment`.execute(db);
  await sql`drop table staff_recovery_code`.execute(db);
  await sql`drop table staff`.execute(db);
}
