import { type Kysely, sql } from 'kysely';

/**
 * Missions and the mission leaderboard (issue 12, "Missions and leaderboard"; decision 030).
 *
 * - `mission`: a brand's daily and weekly missions: a goal (wager in a category, deposit, different games, wins of at
 *   least `min_win`), a target, a reward (cash, or bonus money of `bonus_promotion_id`), mission points, EN/BN titles.
 * - `mission_progress`: a member's progress on a mission in one period (`YYYY-MM-DD` or ISO `YYYY-Www`), kept by the
 *   `missions` outbox consumer; `completed_at` when the target is first reached, `claimed_at` once (the conditional
 *   update that claims it is what makes racing claims pay once).
 * - `mission_game_seen`: the games a member played in a period (for "play N different games").
 * - `mission_event_applied`: the money events already counted, so a replayed batch counts nothing twice.
 * - `mission_points`: mission points per member on each board (daily, weekly) and period; `reached_at` is when the
 *   member reached their total (earlier ranks first on a tie).
 */
const UP = [
  `create table mission (
    id serial primary key,
    brand_id integer not null references brand (id),
    code text not null,
    period text not null check (period in ('daily', 'weekly')),
    goal text not null check (goal in ('wager', 'deposit', 'distinctGames', 'bigWin')),
    category text check (category in ('slots', 'live', 'sports', 'fishing', 'pvp', 'lottery')),
    min_win bigint not null default 0 check (min_win >= 0),
    target bigint not null check (target > 0),
    reward_amount bigint not null default 0 check (reward_amount >= 0),
    bonus_promotion_id integer references promotion (id),
    points integer not null default 0 check (points >= 0),
    title_en text not null,
    title_bn text not null,
    sort integer not null default 0,
    active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (brand_id, code)
  )`,
  `create table mission_progress (
    member_id integer not null references member (id),
    mission_id integer not null references mission (id),
    period_key text not null,
    progress bigint not null default 0,
    completed_at timestamptz,
    claimed_at timestamptz,
    paid_as text check (paid_as in ('CASH', 'BONUS')),
    primary key (member_id, mission_id, period_key)
  )`,
  'create index mission_progress_member_period on mission_progress (member_id, period_key)',
  `create table mission_game_seen (
    member_id integer not null references member (id),
    period_key text not null,
    game text not null,
    primary key (member_id, period_key, game)
  )`,
  `create table mission_event_applied (
    event_id bigint primary key,
    applied_at timestamptz not null default now()
  )`,
  `create table mission_points (
    brand_id integer not null references brand (id),
    board text not null check (board in ('daily', 'weekly')),
    period_key text not null,
    member_id integer not null references member (id),
    points bigint not null default 0,
    reached_at timestamptz not null,
    primary key (board, period_key, member_id)
  )`,
  'create index mission_points_rank on mission_points (brand_id, board, period_key, points desc, reached_at, member_id)',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mission_points', 'mission_event_applied', 'mission_game_seen', 'mission_progress', 'mission']) {
    await sql.raw(`drop table ${table}`).execute(db);
  }
}
