import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MissionProgressRow, MissionRow } from './missions.table.ts';

/** SQL of the missions feature; `db` first, so a transaction is just another `db`. */

export const activeMissions = (db: Db, brandIds: readonly number[]): Promise<MissionRow[]> =>
  brandIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('mission')
        .selectAll()
        .where('brand_id', 'in', brandIds)
        .where('active', '=', true)
        .orderBy('sort')
        .orderBy('id')
        .execute();

export const allMissions = (db: Db, brandId: number) =>
  db.selectFrom('mission').selectAll().where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute();

export const findMission = (db: Db, brandId: number, missionId: number) =>
  db.selectFrom('mission').selectAll().where('brand_id', '=', brandId).where('id', '=', missionId).executeTakeFirst();

/** Marks money events as counted; returns those no earlier (replayed) batch had counted. */
export async function markEventsApplied(db: Db, eventIds: readonly bigint[]): Promise<Set<bigint>> {
  if (eventIds.length === 0) return new Set();
  const { rows } = await sql<{ event_id: string | bigint }>`insert into mission_event_applied (event_id)
    select unnest(${eventIds.map(String)}::bigint[]) on conflict do nothing returning event_id`.execute(db);
  return new Set(rows.map((r) => BigInt(r.event_id)));
}

export type GameSeen = { memberId: number; period: string; game: string };
export const gameSeenKey = (memberId: number, period: string, game: string) => `${memberId}/${period}/${game}`;

/** Records games played in periods; returns the keys (gameSeenKey) of those new for their member and period. */
export async function markGamesSeen(db: Db, games: readonly GameSeen[]): Promise<Set<string>> {
  if (games.length === 0) return new Set();
  const { rows } = await sql<{ member_id: number; period_key: string; game: string }>`
    insert into mission_game_seen (member_id, period_key, game)
    select * from unnest(${games.map((g) => g.memberId)}::int[], ${games.map((g) => g.period)}::text[], ${games.map((g) => g.game)}::text[])
    on conflict do nothing returning member_id, period_key, game`.execute(db);
  return new Set(rows.map((r) => gameSeenKey(r.member_id, r.period_key, r.game)));
}

/**
 * Adds to a member's progress; stamps `completed_at` the first time the total reaches the target. True when this
 * addition is the one that crossed the target (progress only grows, so that happens once).
 */
export async function addProgress(
  db: Db,
  p: { memberId: number; mission: Pick<MissionRow, 'id' | 'target'>; period: string; amount: bigint; at: Date },
): Promise<boolean> {
  const { rows } = await sql<{ crossed: boolean }>`insert into mission_progress (member_id, mission_id, period_key, progress, completed_at)
    values (${p.memberId}, ${p.mission.id}, ${p.period}, ${p.amount},
      case when ${p.amount}::bigint >= ${p.mission.target}::bigint then ${p.at}::timestamptz end)
    on conflict (member_id, mission_id, period_key) do update set
      progress = mission_progress.progress + excluded.progress,
      completed_at = coalesce(mission_progress.completed_at,
        case when mission_progress.progress + excluded.progress >= ${p.mission.target}::bigint then ${p.at}::timestamptz end)
    returning progress >= ${p.mission.target}::bigint and progress - ${p.amount}::bigint < ${p.mission.target}::bigint as crossed`.execute(
    db,
  );
  return rows[0]?.crossed === true;
}

export const progressRows = (db: Db, memberId: number, periods: readonly string[]): Promise<MissionProgressRow[]> =>
  db.selectFrom('mission_progress').selectAll().where('member_id', '=', memberId).where('period_key', 'in', periods).execute();

/**
 * Claims a completed, unclaimed mission in one conditional update: of racing claims exactly one gets the row (the
 * others wait for its lock, then see `claimed_at` set).
 */
export const claimProgress = (db: Db, memberId: number, missionId: number, period: string, now: Date) =>
  db
    .updateTable('mission_progress')
    .set({ claimed_at: now })
    .where('member_id', '=', memberId)
    .where('mission_id', '=', missionId)
    .where('period_key', '=', period)
    .where('completed_at', 'is not', null)
    .where('claimed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();

export async function addPoints(
  db: Db,
  p: { brandId: number; board: 'daily' | 'weekly'; period: string; memberId: number; points: number; at: Date },
): Promise<void> {
  await sql`insert into mission_points (brand_id, board, period_key, member_id, points, reached_at)
    values (${p.brandId}, ${p.board}, ${p.period}, ${p.memberId}, ${p.points}, ${p.at})
    on conflict (board, period_key, member_id) do update set points = mission_points.points + excluded.points,
      reached_at = excluded.reached_at`.execute(db);
}

export type BoardRow = { member_id: number; points: bigint; name: string };

/** The top of a board: most points first, then whoever reached their total first. */
export async function boardTop(db: Db, brandId: number, board: string, period: string, limit: number): Promise<BoardRow[]> {
  const { rows } = await sql<{ member_id: number; points: string | bigint; name: string }>`
    select p.member_id, p.points, coalesce(nullif(m.nickname, ''), m.username) as name
    from mission_points p join member m on m.id = p.member_id
    where p.brand_id = ${brandId} and p.board = ${board} and p.period_key = ${period}
    order by p.points desc, p.reached_at, p.member_id
    limit ${limit}`.execute(db);
  return rows.map((r) => ({ ...r, points: BigInt(r.points) }));
}

/** A member's row and rank on a board (null: no points there). */
export async function boardRankOf(
  db: Db,
  brandId: number,
  board: string,
  period: string,
  memberId: number,
): Promise<{ rank: number; points: bigint; name: string } | null> {
  const { rows } = await sql<{ rank: number; points: string | bigint; name: string }>`
    select (select count(*)::int + 1 from mission_points o
        where o.brand_id = p.brand_id and o.board = p.board and o.period_key = p.period_key
          and (o.points > p.points or (o.points = p.points and (o.reached_at, o.member_id) < (p.reached_at, p.member_id)))) as rank,
      p.points, coalesce(nullif(m.nickname, ''), m.username) as name
    from mission_points p join member m on m.id = p.member_id
    where p.brand_id = ${brandId} and p.board = ${board} and p.period_key = ${period} and p.member_id = ${memberId}`.execute(db);
  const r = rows[0];
  return r ? { rank: r.rank, points: BigInt(r.points), name: r.name } : null;
}
