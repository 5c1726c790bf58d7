import { type Kysely, sql } from 'kysely';

/**
 * Referral and the saved language (issue 15).
 *
 * - `member.referral_code` stays what it was: the code a member typed (or the link carried) at sign-up, as sent.
 * - `member.own_referral_code`: the member's own code for their referral link, made once at random (never derived
 *   from the id, so codes cannot be walked), unique within the brand; null until the member first opens the page.
 * - `member.referrer_id`: the member whose own code was used at sign-up, resolved once then, so "who did I invite"
 *   is an index lookup and never a string match on what visitors typed. An unknown code leaves it null.
 * - `member.language`: the language the member chose (spec section 7, language update), applied after each login.
 */
const UP = [
  'alter table member add column own_referral_code text',
  'alter table member add column referrer_id integer references member (id) on delete set null',
  `alter table member add column language text check (language in ('EN', 'BN'))`,
  'create unique index member_own_referral_code on member (brand_id, own_referral_code) where own_referral_code is not null',
  'create index member_referrer on member (referrer_id, created_at) where referrer_id is not null',
];

const DOWN = [
  'drop index if exists member_referrer',
  'drop index if exists member_own_referral_code',
  'alter table member drop column if exists language',
  'alter table member drop column if exists referrer_id',
  'alter table member drop column if exists own_referral_code',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of DOWN) await sql.raw(statement).execute(db);
}
