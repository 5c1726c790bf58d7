import { type Kysely, sql } from 'kysely';
import { narrowMessageTypes, widenMessageTypes } from './20261126T1300_points.ts';

/**
 * Issue 18, the rest (lane A, decision 051).
 *
 * - `member_session.scope`: FULL, or WITHDRAW_ONLY — the session a blocked member (cool-off, self-exclusion) gets at
 *   login, which only the balance and withdrawal calls accept.
 * - `brand.minimum_age` is the one place of the age asked at registration (18 or 21); the unused
 *   `brand_protection_settings` copy goes.
 * - `risk_rules.kyc_retention_days`: how long files of a rejected KYC submission are kept; `kyc_document.purged_at`
 *   marks a file the retention job deleted (the row and the submission's status stay).
 * - Member messages KYC_APPROVED and KYC_REJECTED.
 */
const MESSAGE_TYPES = ['KYC_APPROVED', 'KYC_REJECTED'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table member_session add column scope text not null default 'FULL'
    check (scope in ('FULL', 'WITHDRAW_ONLY'))`.execute(db);
  await sql`update brand set minimum_age = 18 where minimum_age not in (18, 21)`.execute(db);
  await sql`alter table brand add constraint brand_minimum_age_check check (minimum_age in (18, 21))`.execute(db);
  await sql`drop table brand_protection_settings`.execute(db);
  await sql`alter table risk_rules add column kyc_retention_days integer not null default 90
    check (kyc_retention_days between 1 and 3650)`.execute(db);
  await sql`alter table kyc_document add column purged_at timestamptz`.execute(db);
  await sql.raw(widenMessageTypes(MESSAGE_TYPES)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_message where type in ('KYC_APPROVED', 'KYC_REJECTED')`.execute(db);
  await sql.raw(narrowMessageTypes(MESSAGE_TYPES)).execute(db);
  await sql`alter table kyc_document drop column purged_at`.execute(db);
  await sql`alter table risk_rules drop column kyc_retention_days`.execute(db);
  await sql`create table brand_protection_settings (
    brand_id integer primary key references brand (id) on delete cascade,
    minimum_age smallint not null default 18 check (minimum_age in (18, 21))
  )`.execute(db);
  await sql`alter table brand drop constraint brand_minimum_age_check`.execute(db);
  await sql`alter table member_session drop column scope`.execute(db);
}
