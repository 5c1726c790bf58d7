import { type Kysely, sql } from 'kysely';

/**
 * Social login and account linking with OpenID Connect (issue 15, decision 053). social_provider: the brand's
 * providers (client secret sealed with encryptAtRest, never answered). social_flow: one started authorization-code
 * flow (state stored as SHA-256, PKCE verifier, nonce), spent once by a conditional UPDATE. member_identity: an
 * identity linked to one member for good (spec section 4): one member per (provider, subject), one identity per
 * member and provider, and no UPDATE ever (trigger); nothing in the application deletes a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table social_provider (
    id serial primary key,
    brand_id integer not null references brand (id),
    slug text not null,
    display_name text not null,
    issuer text not null,
    client_id text not null,
    client_secret_sealed text not null,
    redirect_uri text not null,
    enabled boolean not null default false,
    allow_registration boolean not null default false,
    sort integer not null default 0,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    unique (brand_id, slug)
  )`.execute(db);

  await sql`create table social_flow (
    id bigserial primary key,
    state_hash text not null unique,
    provider_id integer not null references social_provider (id) on delete cascade,
    purpose text not null check (purpose in ('login', 'link')),
    member_id integer references member (id) on delete cascade,
    code_verifier text not null,
    nonce text not null,
    referral_code text,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at timestamptz,
    check ((purpose = 'link') = (member_id is not null))
  )`.execute(db);
  await sql`create index social_flow_expiry on social_flow (expires_at)`.execute(db);

  await sql`create table member_identity (
    id bigserial primary key,
    member_id integer not null references member (id) on delete cascade,
    provider_id integer not null references social_provider (id),
    subject text not null,
    email text,
    linked_at timestamptz not null,
    constraint member_identity_subject unique (provider_id, subject),
    constraint member_identity_member_provider unique (member_id, provider_id)
  )`.execute(db);
  await sql`create function member_identity_final() returns trigger language plpgsql as $$
    begin
      raise exception 'a linked identity is final' using errcode = 'P0001';
    end
  $$`.execute(db);
  await sql`create trigger member_identity_no_update before update on member_identity
    for each row execute function member_identity_final()`.execute(db);

  // The login's second step may follow a social sign-in too.
  await sql`alter table login_challenge drop constraint login_challenge_method_check`.execute(db);
  await sql`alter table login_challenge add constraint login_challenge_method_check
    check (method in ('PASSWORD', 'SMS', 'SOCIAL'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from login_challenge where method = 'SOCIAL'`.execute(db);
  await sql`alter table login_challenge drop constraint login_challenge_method_check`.execute(db);
  await sql`alter table login_challenge add constraint login_challenge_method_check check (method in ('PASSWORD', 'SMS'))`.execute(db);
  await sql`drop table member_identity`.execute(db);
  await sql`drop function member_identity_final()`.execute(db);
  await sql`drop table social_flow`.execute(db);
  await sql`drop table social_provider`.execute(db);
}
