import { type Kysely, sql } from 'kysely';

/**
 * The public chat room (issue 15; spec section 2, popups: "chat room"), one per brand.
 *
 * - `support_room_message`: what members posted (the text as written; the word filter masks it when shown, so a word
 *   the operator adds later is masked in older messages too); a removal keeps the row (deleted_at) for the record.
 * - `support_room_word`: the words the brand's room masks (set by the operator).
 * - `support_room_mute`: members who may not post until a time.
 */
const UP = [
  `create table support_room_message (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    body text not null,
    created_at timestamptz not null,
    deleted_at timestamptz
  )`,
  'create index support_room_brand on support_room_message (brand_id, id)',
  'create index support_room_member on support_room_message (member_id, created_at)',
  `create table support_room_word (
    brand_id integer not null references brand (id),
    word text not null,
    primary key (brand_id, word)
  )`,
  `create table support_room_mute (
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    muted_until timestamptz not null,
    created_at timestamptz not null,
    primary key (brand_id, member_id)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['support_room_mute', 'support_room_word', 'support_room_message']) await sql.raw(`drop table ${table}`).execute(db);
}
