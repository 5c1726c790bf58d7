import { type Kysely, sql } from 'kysely';

/**
 * Lane C of the operator console (issue 17, decision 045):
 * - operator_api_key: machine keys for /ops/*, kept only as a SHA-256 of the key, each with its scopes; rotated
 *   (a new key, the old one revoked in the same transaction) and revoked by an owner. The env OPERATOR_API_KEY stays
 *   the bootstrap key with every scope.
 * - brand_console_setting: the brand's two-person thresholds (minor units); no row = the contract's defaults.
 * - staff_member_note: staff notes on a member, append-only like the audit log.
 * - manual_deposit: a deposit credited by staff with a proof image (bytes kept in the database, outside any web
 *   root, checked by content); above the brand's threshold it waits for a different staff member. When applied it
 *   becomes a PAID deposit_order of gateway MANUAL, credited through the ledger's posting path.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table operator_api_key (
    id serial primary key,
    brand_id integer not null references brand (id),
    label text not null check (char_length(label) between 1 and 80),
    key_hash text not null unique,
    key_prefix text not null,
    scopes text[] not null check (cardinality(scopes) > 0),
    created_by integer references staff (id),
    created_at timestamptz not null,
    rotated_from integer references operator_api_key (id),
    revoked_at timestamptz,
    revoked_by integer references staff (id),
    last_used_at timestamptz
  )`.execute(db);
  await sql`create index operator_api_key_brand on operator_api_key (brand_id, id desc)`.execute(db);

  await sql`create table brand_console_setting (
    brand_id integer primary key references brand (id),
    adjustment_second_above bigint not null check (adjustment_second_above >= 0),
    withdrawal_second_above bigint not null check (withdrawal_second_above >= 0),
    manual_deposit_second_above bigint not null check (manual_deposit_second_above >= 0),
    updated_by integer references staff (id),
    updated_at timestamptz not null
  )`.execute(db);

  await sql`create table staff_member_note (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    staff_id integer not null references staff (id),
    body text not null check (char_length(body) between 1 and 2000),
    created_at timestamptz not null
  )`.execute(db);
  await sql`create index staff_member_note_member on staff_member_note (member_id, id desc)`.execute(db);
  await sql`create trigger staff_member_note_no_update before update or delete on staff_member_note
    for each row execute function staff_audit_append_only()`.execute(db);

  await sql`create table manual_deposit (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    amount bigint not null check (amount > 0),
    currency text not null,
    reference text not null,
    reason text not null,
    proof_mime text not null check (proof_mime in ('image/png', 'image/jpeg')),
    proof_sha256 text not null,
    proof bytea not null,
    status text not null check (status in ('PENDING', 'APPLIED', 'REJECTED')),
    needs_second_approval boolean not null,
    idempotency_key text not null,
    requested_by integer not null references staff (id),
    requested_at timestamptz not null,
    decided_by integer references staff (id),
    decided_at timestamptz,
    decision_reason text,
    order_no text unique,
    unique (requested_by, idempotency_key),
    check (not needs_second_approval or decided_by is null or decided_by <> requested_by)
  )`.execute(db);
  await sql`create index manual_deposit_brand on manual_deposit (brand_id, id desc)`.execute(db);
  // The console's deposits list pages the brand's orders newest first.
  await sql`create index deposit_order_brand on deposit_order (brand_id, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index deposit_order_brand`.execute(db);
  await sql`drop table manual_deposit`.execute(db);
  await sql`drop table staff_member_note`.execute(db);
  await sql`drop table brand_console_setting`.execute(db);
  await sql`drop table operator_api_key`.execute(db);
}
