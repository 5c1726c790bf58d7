import { type Kysely, sql } from 'kysely';

/**
 * Live customer-service chat (issue 15, features/support/chat).
 *
 * - `support_chat_conversation`: one customer (a member, or a guest known by the hash of a token shown once) and the
 *   staff; WAITING (nobody claimed it: offline messages wait here) → OPEN (claimed) → CLOSED. `last_seq` numbers the
 *   messages: a send takes the next one with a single conditional UPDATE … RETURNING (the row lock orders concurrent
 *   sends), so the per-conversation order is total and gap-free. Read markers and typing times per side; the rating once.
 *   A member has at most one conversation that is not closed (partial unique index).
 * - `support_chat_message`: text (≤ 1000 characters, checked by the service) or one png/jpg image checked by content.
 */
const UP = [
  `create table support_chat_conversation (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer references member (id),
    guest_name text,
    guest_token_hash bytea unique,
    status text not null default 'WAITING' check (status in ('WAITING', 'OPEN', 'CLOSED')),
    staff_id text,
    staff_name text,
    last_seq integer not null default 0,
    customer_read_seq integer not null default 0,
    staff_read_seq integer not null default 0,
    customer_typing_at timestamptz,
    staff_typing_at timestamptz,
    rating smallint check (rating between 1 and 5),
    rating_comment text,
    rated_at timestamptz,
    last_message_at timestamptz,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    closed_at timestamptz,
    check ((member_id is null) <> (guest_token_hash is null)),
    check ((guest_token_hash is null) = (guest_name is null))
  )`,
  `create unique index support_chat_member_current on support_chat_conversation (member_id) where status <> 'CLOSED'`,
  'create index support_chat_brand_status on support_chat_conversation (brand_id, status, id)',
  'create index support_chat_member on support_chat_conversation (member_id, id)',
  `create table support_chat_message (
    id bigserial primary key,
    conversation_id bigint not null references support_chat_conversation (id) on delete cascade,
    seq integer not null,
    sender text not null check (sender in ('MEMBER', 'GUEST', 'STAFF', 'SYSTEM')),
    sender_name text,
    body text,
    image_mime text check (image_mime in ('image/png', 'image/jpeg')),
    image_bytes bytea,
    created_at timestamptz not null,
    unique (conversation_id, seq),
    check ((body is null) <> (image_bytes is null)),
    check ((image_bytes is null) = (image_mime is null))
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('drop table support_chat_message').execute(db);
  await sql.raw('drop table support_chat_conversation').execute(db);
}
