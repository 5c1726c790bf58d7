import {
  LOTTERY_ROUND_PREFIX,
  LOTTERY_VENDORS,
  LOTTERY_VERIFY_PAGE_PATH,
  type LotteryGameKind,
  type LotteryOpenedDraw,
  type LotteryResult,
} from '@playfront/contract/lottery';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/**
 * The platform's read of the built-in lottery's tables (migration 20261130T1000_lottery_store, written only by
 * apps/lottery): public results for spec section 7's lottery endpoints and the names of lottery rounds in the
 * betting record. Nothing here writes.
 */

export interface LotteryGameRow {
  gameCode: string;
  kind: LotteryGameKind;
  nameEn: string;
  nameBn: string;
}

/** The demo brand's lottery games in lobby order (the lottery seeds them when it starts). */
export async function lotteryGames(db: Db): Promise<LotteryGameRow[]> {
  const { rows } = await sql<{ game_code: string; kind: string; name_en: string; name_bn: string }>`
    select game_code, config->>'kind' as kind, config->'name'->>'en' as name_en, config->'name'->>'bn' as name_bn
    from lottery_game_config where brand = 'default' and active order by position, game_code`.execute(db);
  return rows.map((r) => ({ gameCode: r.game_code, kind: r.kind as LotteryGameKind, nameEn: r.name_en, nameBn: r.name_bn }));
}

interface DrawRow {
  draw_id: string;
  game_code: string;
  draw_number: string;
  draws_at: Date;
  closes_at: Date;
  server_seed_hash: string;
  result: LotteryResult | string | null;
}

const resultOf = (r: DrawRow): LotteryResult | null => (typeof r.result === 'string' ? (JSON.parse(r.result) as LotteryResult) : r.result);

export function openedDraw(r: DrawRow, name: string): LotteryOpenedDraw {
  const result = resultOf(r);
  let numbers: string[] = [];
  let prizes: LotteryOpenedDraw['prizes'] = null;
  if (result?.kind === 'VN' || result?.kind === 'SEA') {
    prizes = result.prizes;
    numbers = result.prizes[0]?.numbers ?? [];
  } else if (result?.kind === 'ELOTT') numbers = result.digits.map(String);
  else if (result?.kind === 'LOTT') numbers = result.numbers.map(String);
  return {
    drawId: r.draw_id,
    gameCode: r.game_code,
    name,
    drawNumber: r.draw_number,
    drawsAt: new Date(r.draws_at).toISOString(),
    numbers,
    prizes,
    verifyUrl: `${LOTTERY_VERIFY_PAGE_PATH}?draw=${encodeURIComponent(r.draw_id)}`,
  };
}

/** Drawn draws, newest first: of one game, or of every game. */
export async function drawnDraws(db: Db, gameCode: string | null, limit: number): Promise<DrawRow[]> {
  const { rows } = await sql<DrawRow>`
    select draw_id, game_code, draw_number, draws_at, closes_at, server_seed_hash, result
    from lottery_draw
    where status in ('drawn', 'settled') and (${gameCode}::text is null or game_code = ${gameCode})
    order by draws_at desc, game_code limit ${limit}`.execute(db);
  return rows;
}

/** The next draw of each game that still takes bets at `now`. */
export async function nextDraws(db: Db, now: Date): Promise<Map<string, DrawRow>> {
  const { rows } = await sql<DrawRow>`
    select distinct on (game_code) draw_id, game_code, draw_number, draws_at, closes_at, server_seed_hash, result
    from lottery_draw where status = 'open' and closes_at > ${now}
    order by game_code, draws_at`.execute(db);
  return new Map(rows.map((r) => [r.game_code, r]));
}

/** The last drawn draw of each game. */
export async function lastDraws(db: Db): Promise<Map<string, DrawRow>> {
  const { rows } = await sql<DrawRow>`
    select distinct on (game_code) draw_id, game_code, draw_number, draws_at, closes_at, server_seed_hash, result
    from lottery_draw where status in ('drawn', 'settled')
    order by game_code, draws_at desc`.execute(db);
  return new Map(rows.map((r) => [r.game_code, r]));
}

/**
 * What the betting record shows for lottery rounds (round id `lotto-<slip id>`): the lottery game's name and
 * the draw, `Fast 3 · 1 min #20261126-0412`.
 */
export async function lotteryRoundNames(db: Db, roundIds: readonly string[], lang: 'EN' | 'BN'): Promise<Map<string, string>> {
  const slipIds = roundIds.filter((id) => id.startsWith(LOTTERY_ROUND_PREFIX)).map((id) => id.slice(LOTTERY_ROUND_PREFIX.length));
  if (slipIds.length === 0) return new Map();
  const { rows } = await sql<{ slip_id: string; draw_number: string; name: string | null; game_code: string }>`
    select s.slip_id, d.draw_number, s.game_code,
      (select case when ${lang} = 'BN' then c.config->'name'->>'bn' else c.config->'name'->>'en' end
       from lottery_game_config c where c.brand = 'default' and c.game_code = s.game_code) as name
    from lottery_slip s join lottery_draw d on d.draw_id = s.draw_id
    where s.slip_id in (${sql.join(slipIds)})`.execute(db);
  return new Map(rows.map((r) => [`${LOTTERY_ROUND_PREFIX}${r.slip_id}`, `${r.name ?? r.game_code} #${r.draw_number}`]));
}

export interface LotteryWinnerRow {
  member_id: number;
  name: string;
  won: string;
  rounds: number;
}

/**
 * The brand's members by lottery winnings since `since`: settled rounds of the lottery vendors (wins as paid,
 * whatever was staked), biggest first. Read from the platform's own rounds, so any lottery vendor counts.
 */
export async function lotteryWinners(db: Db, brandId: number, since: Date, limit: number): Promise<LotteryWinnerRow[]> {
  const { rows } = await sql<LotteryWinnerRow>`
    select r.member_id, coalesce(nullif(m.nickname, ''), m.username) as name, sum(r.win_total)::text as won, count(*)::int as rounds
    from game_round r join member m on m.id = r.member_id
    where r.vendor_code in (${sql.join([...LOTTERY_VENDORS])}) and r.status = 'settled' and r.settled_at >= ${since}
      and m.brand_id = ${brandId}
    group by r.member_id, m.nickname, m.username
    having sum(r.win_total) > 0
    order by sum(r.win_total) desc, r.member_id limit ${limit}`.execute(db);
  return rows;
}
