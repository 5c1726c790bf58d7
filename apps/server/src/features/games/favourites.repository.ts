import { FAVOURITES_MAX, type GameType } from '@playfront/contract/games-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { findGame } from './games.repository.ts';

/**
 * Members' favourite and recent games. Plain functions taking `db` first, so a
 * caller's transaction is just another `db`.
 */

/** Node ids of the member's favourites, newest first. */
export async function favouriteIds(db: Db, memberId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('member_favourite_game')
    .select('node_id')
    .where('member_id', '=', memberId)
    .orderBy('created_at', 'desc')
    .orderBy('node_id')
    .execute();
  return rows.map((r) => r.node_id);
}

/**
 * Adds a favourite; a no-op when it is already one. The game must exist and be
 * active; vendor and gameType, when given, must be the game's. The member row
 * is locked for the count check, so two adds at once cannot pass the cap.
 */
export async function addFavourite(
  db: Db,
  memberId: number,
  payload: { nodeId: string; vendor?: string | undefined; gameType?: GameType | undefined },
  now: Date,
): Promise<void> {
  const game = await findGame(db, payload.nodeId);
  if (!game?.active) throw new AppError('GAME_NOT_FOUND');
  const fields: Record<string, { key: string }> = {};
  if (payload.vendor !== undefined && payload.vendor.toUpperCase() !== game.vendor_code) fields.vendor = { key: 'errors.invalidField' };
  if (payload.gameType !== undefined && payload.gameType !== game.game_type) fields.gameType = { key: 'errors.invalidField' };
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });

  await db.transaction().execute(async (trx) => {
    await sql`select id from member where id = ${memberId} for update`.execute(trx);
    const present = await trx
      .selectFrom('member_favourite_game')
      .select('node_id')
      .where('member_id', '=', memberId)
      .where('node_id', '=', game.node_id)
      .executeTakeFirst();
    if (present) return;
    const { n } = await trx
      .selectFrom('member_favourite_game')
      .select((eb) => eb.fn.countAll<bigint>().as('n'))
      .where('member_id', '=', memberId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= FAVOURITES_MAX) throw new AppError('FAVOURITE_LIMIT');
    await trx
      .insertInto('member_favourite_game')
      .values({ member_id: memberId, node_id: game.node_id, vendor_code: game.vendor_code, game_type: game.game_type, created_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
      .execute();
  });
}

/** Removes a favourite; removing one that is not there changes nothing. */
export async function removeFavourite(db: Db, memberId: number, nodeId: string): Promise<void> {
  await db.deleteFrom('member_favourite_game').where('member_id', '=', memberId).where('node_id', '=', nodeId).execute();
}

/**
 * One page of the member's favourite node ids (newest first), optionally of one game type, and how many there are.
 * Games of inactive vendors and of the vendors the member's brand switched off (offVendors) are left out.
 */
export async function favouritePage(
  db: Db,
  memberId: number,
  options: { gameType?: GameType | undefined; offset: number; limit: number; offVendors?: readonly string[] },
): Promise<{ nodeIds: string[]; total: number }> {
  let q = db
    .selectFrom('member_favourite_game as f')
    .innerJoin('game as g', 'g.node_id', 'f.node_id')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('f.member_id', '=', memberId)
    .where('g.active', '=', true)
    .where('v.active', '=', true);
  if (options.offVendors?.length) q = q.where('g.vendor_code', 'not in', [...options.offVendors]);
  if (options.gameType) q = q.where('g.game_type', '=', options.gameType);
  const { n } = await q.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select('f.node_id')
    .orderBy('f.created_at', 'desc')
    .orderBy('f.node_id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { nodeIds: rows.map((r) => r.node_id), total: Number(n) };
}

/** How many recent games a member keeps; older ones are dropped as new ones are played. */
export const RECENT_GAMES_KEPT = 100;

/**
 * Records a launch in the member's recent games (the playing issue calls this
 * on every launch): a new entry, or the existing one moved to the front with
 * its count raised. Keeps the newest RECENT_GAMES_KEPT.
 */
export async function recordRecentGame(db: Db, memberId: number, nodeId: string, now: Date): Promise<void> {
  await db
    .insertInto('member_recent_game')
    .values({ member_id: memberId, node_id: nodeId, last_played_at: now, play_count: 1 })
    .onConflict((oc) =>
      oc.columns(['member_id', 'node_id']).doUpdateSet({
        last_played_at: (eb) => eb.ref('excluded.last_played_at'),
        play_count: sql`member_recent_game.play_count + 1`,
      }),
    )
    .execute();
  await sql`
    delete from member_recent_game
    where member_id = ${memberId}
      and node_id not in (
        select node_id from member_recent_game where member_id = ${memberId}
        order by last_played_at desc, node_id limit ${RECENT_GAMES_KEPT})`.execute(db);
}

export async function recentPage(
  db: Db,
  memberId: number,
  options: { gameType?: GameType | undefined; offset: number; limit: number; offVendors?: readonly string[] },
): Promise<{ entries: { nodeId: string; lastPlayedAt: Date; playCount: number }[]; total: number }> {
  let q = db
    .selectFrom('member_recent_game as r')
    .innerJoin('game as g', 'g.node_id', 'r.node_id')
    .innerJoin('game_vendor as v', 'v.code', 'g.vendor_code')
    .where('r.member_id', '=', memberId)
    .where('g.active', '=', true)
    .where('v.active', '=', true);
  if (options.offVendors?.length) q = q.where('g.vendor_code', 'not in', [...options.offVendors]);
  if (options.gameType) q = q.where('g.game_type', '=', options.gameType);
  const { n } = await q.select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
  const rows = await q
    .select(['r.node_id', 'r.last_played_at', 'r.play_count'])
    .orderBy('r.last_played_at', 'desc')
    .orderBy('r.node_id')
    .limit(options.limit)
    .offset(options.offset)
    .execute();
  return { entries: rows.map((r) => ({ nodeId: r.node_id, lastPlayedAt: r.last_played_at, playCount: r.play_count })), total: Number(n) };
}
