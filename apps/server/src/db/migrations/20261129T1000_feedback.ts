import { type Kysely, sql } from 'kysely';

/**
 * Feedback (issue 15, spec sections 5 and 7 `PUT /wps/feedback`) and help-centre categories.
 *
 * - `feedback_settings`: a brand's content bounds; a brand without a row uses FEEDBACK_DEFAULT_BOUNDS.
 * - `feedback`: what a member sent, with its status (OPEN → ANSWERED by a reply → CLOSED by the operator).
 * - `feedback_image`: its png/jpg images (checked by content before they get here), served only to the owner and
 *   the operator.
 * - `feedback_reply`: the operator's replies, in order.
 * - `help_article.category`: the help centre page groups articles by it; the demo's existing articles get theirs here
 *   (the seed only inserts what is missing, so it cannot set them on a database seeded before).
 */
const UP = [
  `create table feedback_settings (
    brand_id integer primary key references brand (id),
    min_chars integer not null check (min_chars >= 1),
    max_chars integer not null check (max_chars <= 5000),
    updated_at timestamptz not null default now(),
    check (min_chars <= max_chars)
  )`,
  `create table feedback (
    id bigserial primary key,
    brand_id integer not null references brand (id),
    member_id integer not null references member (id),
    type text not null check (type in ('SUGGESTION', 'DEPOSIT_WITHDRAWAL', 'GAME', 'ACCOUNT', 'OTHER')),
    content text not null,
    status text not null default 'OPEN' check (status in ('OPEN', 'ANSWERED', 'CLOSED')),
    created_at timestamptz not null,
    updated_at timestamptz not null
  )`,
  'create index feedback_member on feedback (member_id, id)',
  'create index feedback_brand_status on feedback (brand_id, status, id)',
  `create table feedback_image (
    id bigserial primary key,
    feedback_id bigint not null references feedback (id) on delete cascade,
    mime text not null check (mime in ('image/png', 'image/jpeg')),
    bytes bytea not null
  )`,
  'create index feedback_image_feedback on feedback_image (feedback_id, id)',
  `create table feedback_reply (
    id bigserial primary key,
    feedback_id bigint not null references feedback (id) on delete cascade,
    content text not null,
    created_at timestamptz not null
  )`,
  'create index feedback_reply_feedback on feedback_reply (feedback_id, id)',
  `alter table help_article add column category text not null default 'GENERAL'`,
  `update help_article set category = case
     when slug in ('term', 'privacy') then 'RULES'
     when slug in ('deposit-help', 'withdrawal-help') then 'PAYMENTS'
     when slug in ('responsible-gaming', 'account-security') then 'ACCOUNT'
     else category end`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('alter table help_article drop column category').execute(db);
  for (const table of ['feedback_reply', 'feedback_image', 'feedback', 'feedback_settings']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
