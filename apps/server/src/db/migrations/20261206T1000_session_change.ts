import { type Kysely, sql } from 'kysely';

/**
 * What the session cache must forget (issue 20, decision 066). Every change to what the session check reads about
 * a member (a session revoked or restricted; the member's status, type, name or brand; a limit or block of theirs)
 * appends the member's id here, from a trigger, so no writer can forget to: the console, a raw statement, a test
 * fixture. Every instance reads the rows past its cursor every 100 ms and drops that member's cached sessions.
 * The triggers fire only when one of those columns changes: a touch of last_seen_at and every money transaction
 * write nothing here, and nothing notifies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table session_change (
    id bigserial primary key,
    member_id integer not null,
    created_at timestamptz not null default now()
  )`.execute(db);
  // Each branch names only the columns its table has (PL/pgSQL resolves a record's fields when it runs the line).
  await sql`create function note_session_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'member' then
        insert into session_change (member_id) values (new.id);
      elsif tg_op = 'DELETE' then
        insert into session_change (member_id) values (old.member_id);
      else
        insert into session_change (member_id) values (new.member_id);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger member_session_changed
    after update of revoked_at, must_change_password, scope on member_session for each row
    when (old.revoked_at is distinct from new.revoked_at or old.must_change_password is distinct from new.must_change_password
      or old.scope is distinct from new.scope)
    execute function note_session_change()`.execute(db);
  await sql`create trigger member_session_deleted after delete on member_session for each row execute function note_session_change()`.execute(
    db,
  );
  await sql`create trigger member_identity_changed
    after update of status, type, username, brand_id on member for each row
    when (old.status is distinct from new.status or old.type is distinct from new.type
      or old.username is distinct from new.username or old.brand_id is distinct from new.brand_id)
    execute function note_session_change()`.execute(db);
  await sql`create trigger member_protection_changed
    after update of session_day, block_kind, block_until, block_started_at on member_protection for each row
    when (old.session_day is distinct from new.session_day or old.block_kind is distinct from new.block_kind
      or old.block_until is distinct from new.block_until or old.block_started_at is distinct from new.block_started_at)
    execute function note_session_change()`.execute(db);
  await sql`create trigger member_protection_added after insert or delete on member_protection for each row
    execute function note_session_change()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger member_protection_added on member_protection`.execute(db);
  await sql`drop trigger member_protection_changed on member_protection`.execute(db);
  await sql`drop trigger member_identity_changed on member`.execute(db);
  await sql`drop trigger member_session_deleted on member_session`.execute(db);
  await sql`drop trigger member_session_changed on member_session`.execute(db);
  await sql`drop function note_session_change()`.execute(db);
  await sql`drop table session_change`.execute(db);
}
