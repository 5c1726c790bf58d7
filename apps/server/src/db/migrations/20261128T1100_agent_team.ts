import { type Kysely, sql } from 'kysely';

/**
 * The agent's team and its reports (issue 14; decision 035).
 *
 * - `agent_closure`: one row per (ancestor, member) pair of the upline tree, `depth` steps apart, plus the member's
 *   own row at depth 0; `joined_at` is the member's created_at (new members per period are an index range). Kept by
 *   triggers on `member`, so every way a member joins a tree (registration with an affiliate code, the agent's
 *   direct registration, the seeds, an operator moving a member) keeps it: an insert adds the member under its
 *   upline's ancestors, a change of `upline_id` moves the member's whole subtree. Team queries are index lookups.
 * - `agent_member_daily`: each member's money per brand day (UTC+6, the records' day): deposits, withdrawals,
 *   bets, wins, valid bets, bonuses. `agent_team_hourly`: the same summed per ancestor (depth ≥ 1) and UTC hour.
 *   `agent_member_active` / `agent_team_active`: a member's first settled bet of a brand day (`D2026-11-25`), week
 *   (`W2026-11-23`, Monday) and month (`M2026-11`) and, per ancestor, how many members were active in each. All four
 *   are kept by the `agent-team` outbox consumer in the transaction that moves its position (exactly once); a new
 *   consumer starts at the beginning of the outbox, so they are backfilled from the money events already there.
 *   Figures stay with the team a member was in when the money moved.
 * - `agent_announcement`: announcements for agents (agentAnnouncement), localised like `announcement`.
 */
const UP = [
  `create table agent_closure (
    ancestor_id integer not null references member (id) on delete cascade,
    member_id integer not null references member (id) on delete cascade,
    depth smallint not null check (depth >= 0),
    joined_at timestamptz not null,
    -- The member is an agent (types 1, 2, 41, 42), kept with the member's type: team counts read no member row.
    is_agent boolean not null default false,
    primary key (ancestor_id, member_id)
  )`,
  'create index agent_closure_children on agent_closure (ancestor_id, depth, member_id)',
  'create index agent_closure_joined on agent_closure (ancestor_id, joined_at)',
  'create index agent_closure_member on agent_closure (member_id, depth)',
  // Backfill: every member's ancestors along upline_id (the tree has no cycles: an upline exists before its downlines).
  `insert into agent_closure (ancestor_id, member_id, depth, joined_at, is_agent)
   with recursive up (ancestor_id, member_id, depth, joined_at, is_agent) as (
     select id, id, 0, created_at, type in (1, 2, 41, 42) from member
     union all
     select m.upline_id, up.member_id, up.depth + 1, up.joined_at, up.is_agent
     from up join member m on m.id = up.ancestor_id
     where m.upline_id is not null and up.depth < 64
   )
   select ancestor_id, member_id, depth, joined_at, is_agent from up`,
  `create function agent_closure_on_insert() returns trigger language plpgsql as $$
   begin
     insert into agent_closure (ancestor_id, member_id, depth, joined_at, is_agent)
       values (new.id, new.id, 0, new.created_at, new.type in (1, 2, 41, 42));
     if new.upline_id is not null then
       insert into agent_closure (ancestor_id, member_id, depth, joined_at, is_agent)
         select c.ancestor_id, new.id, c.depth + 1, new.created_at, new.type in (1, 2, 41, 42)
         from agent_closure c where c.member_id = new.upline_id;
     end if;
     return null;
   end $$`,
  `create trigger member_agent_closure_insert after insert on member
     for each row execute function agent_closure_on_insert()`,
  // A move: the subtree of the member leaves its old ancestors and joins the new upline's (a cycle is refused).
  `create function agent_closure_on_move() returns trigger language plpgsql as $$
   begin
     if new.upline_id is not null and exists (
       select 1 from agent_closure where ancestor_id = new.id and member_id = new.upline_id) then
       raise exception 'member % cannot move under its own downline %', new.id, new.upline_id using errcode = 'AG001';
     end if;
     delete from agent_closure d
       using agent_closure sub, agent_closure anc
       where sub.ancestor_id = new.id and anc.member_id = new.id and anc.depth > 0
         and d.ancestor_id = anc.ancestor_id and d.member_id = sub.member_id;
     if new.upline_id is not null then
       insert into agent_closure (ancestor_id, member_id, depth, joined_at, is_agent)
         select anc.ancestor_id, sub.member_id, anc.depth + sub.depth + 1, sub.joined_at, sub.is_agent
         from agent_closure anc, agent_closure sub
         where anc.member_id = new.upline_id and sub.ancestor_id = new.id;
     end if;
     return null;
   end $$`,
  `create trigger member_agent_closure_move after update of upline_id on member
     for each row when (old.upline_id is distinct from new.upline_id) execute function agent_closure_on_move()`,
  `create function agent_closure_on_type() returns trigger language plpgsql as $$
   begin
     update agent_closure set is_agent = new.type in (1, 2, 41, 42) where member_id = new.id;
     return null;
   end $$`,
  `create trigger member_agent_closure_type after update of type on member
     for each row when (old.type is distinct from new.type) execute function agent_closure_on_type()`,

  `create table agent_member_daily (
    member_id integer not null references member (id) on delete cascade,
    day date not null,
    deposits bigint not null default 0,
    withdrawals bigint not null default 0,
    bets bigint not null default 0,
    wins bigint not null default 0,
    valid_bets bigint not null default 0,
    bonuses bigint not null default 0,
    primary key (member_id, day)
  )`,
  `create table agent_team_hourly (
    agent_id integer not null references member (id) on delete cascade,
    hour timestamptz not null,
    deposits bigint not null default 0,
    withdrawals bigint not null default 0,
    bets bigint not null default 0,
    wins bigint not null default 0,
    valid_bets bigint not null default 0,
    bonuses bigint not null default 0,
    primary key (agent_id, hour)
  )`,
  `create table agent_member_active (
    member_id integer not null references member (id) on delete cascade,
    period text not null,
    primary key (member_id, period)
  )`,
  `create table agent_team_active (
    agent_id integer not null references member (id) on delete cascade,
    period text not null,
    members integer not null,
    primary key (agent_id, period)
  )`,
  // Team account details read the team's fund moves: only those kinds are indexed by member (bets are not).
  `create index money_event_member_funds on money_event (member_id, created_at)
     where kind in ('DEPOSIT', 'WITHDRAWAL_HOLD', 'WITHDRAWAL_RELEASE', 'UPLINE_TRANSFER', 'DOWNLINE_TRANSFER')`,
  "insert into outbox_consumer (name) values ('agent-team') on conflict do nothing",

  `create table agent_announcement (
    id serial primary key,
    brand_id integer not null references brand (id) on delete cascade,
    title jsonb not null check (jsonb_typeof(title) = 'object'),
    content jsonb not null check (jsonb_typeof(content) = 'object'),
    pinned boolean not null default false,
    published_at timestamptz not null
  )`,
  'create index agent_announcement_brand on agent_announcement (brand_id, published_at)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    'drop table agent_announcement',
    "delete from outbox_consumer where name = 'agent-team'",
    'drop index money_event_member_funds',
    'drop table agent_team_active',
    'drop table agent_member_active',
    'drop table agent_team_hourly',
    'drop table agent_member_daily',
    'drop trigger member_agent_closure_type on member',
    'drop function agent_closure_on_type()',
    'drop trigger member_agent_closure_move on member',
    'drop function agent_closure_on_move()',
    'drop trigger member_agent_closure_insert on member',
    'drop function agent_closure_on_insert()',
    'drop table agent_closure',
  ])
    await sql.raw(statement).execute(db);
}
