import { type Kysely, sql } from 'kysely';
import { narrowMessageTypes, widenMessageTypes } from './20261126T1300_points.ts';

/**
 * Security centre (issue 15, part 1). member_session already keeps each session's IP, user agent, start and last
 * use, so active sessions need nothing new. Refused logins leave no session, so the login history is its own
 * append-only table (successes too, so one ordered list answers the page). member_known_device is the
 * "seen before" set of the new-device message: browser and system families, not versions.
 */
const MESSAGE_TYPES = ['NEW_DEVICE_LOGIN'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table login_event (
    id bigserial primary key,
    member_id integer not null references member (id) on delete cascade,
    created_at timestamptz not null,
    ip text,
    user_agent text,
    browser text not null,
    os text not null,
    result text not null check (result in ('SUCCESS', 'WRONG_PASSWORD')),
    method text check (method in ('PASSWORD', 'SMS', 'REGISTER', 'LINK', 'FREEPLAY', 'SOCIAL'))
  )`.execute(db);
  await sql`create index login_event_member on login_event (member_id, id desc)`.execute(db);

  await sql`create table member_known_device (
    member_id integer not null references member (id) on delete cascade,
    device_key text not null,
    first_seen_at timestamptz not null,
    last_seen_at timestamptz not null,
    primary key (member_id, device_key)
  )`.execute(db);

  await sql.raw(widenMessageTypes(MESSAGE_TYPES)).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from member_message where type in ('NEW_DEVICE_LOGIN')`.execute(db);
  await sql.raw(narrowMessageTypes(MESSAGE_TYPES)).execute(db);
  await sql`drop table member_known_device`.execute(db);
  await sql`drop table login_event`.execute(db);
}
