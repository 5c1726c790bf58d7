import { createHash } from 'node:crypto';
import type { LotteryResult, LotterySlipStatus } from '@playfront/contract/lottery';
import { type GameConfig, gameConfigFromJson, gameConfigToJson } from '../games/config.ts';
import type { LockedOdds } from '../games/grade.ts';

/** The smallest thing the lottery needs from a database: one statement, positional parameters, rows back. */
export interface SqlExecutor {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export const hashSessionId = (id: string) => createHash('sha256').update(id).digest('hex');

/** A timestamp parameter: epoch milliseconds. */
const at = (param: string) => `to_timestamp((${param})::float8 / 1000)`;
const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::int8::text`;

export type SlipStatus = LotterySlipStatus | 'winning' | 'voiding' | 'win_refused';

export interface StoredLine {
  betType: string;
  numbers: string[];
  stake: string;
  odds: string;
  numberKey: string;
  /** The draw's exposure counter of the line (a brand's own); absent: numberKey. */
  exposureKey?: string;
  /** The odds the line was taken at (absent on slips taken before decision 054: the game's current odds). */
  locked?: LockedOdds;
  worstCase: string;
  hits: number | null;
  payout: string | null;
}

export interface DrawRecord {
  drawId: string;
  gameCode: string;
  drawNumber: string;
  status: 'open' | 'drawn' | 'settled' | 'void';
  closesAt: number;
  drawsAt: number;
  serverSeed: string;
  serverSeedHash: string;
  publicData: string;
  result: LotteryResult | null;
  drawnAt: number | null;
}

export interface SlipRecord {
  slipId: string;
  requestId: string;
  playerKey: string;
  vendor: string;
  platformGameCode: string;
  gameCode: string;
  drawId: string;
  currency: string;
  totalStake: bigint;
  totalPayout: bigint | null;
  lines: StoredLine[];
  status: SlipStatus;
  launchToken: string | null;
  createdAt: number;
  settledAt: number | null;
}

export interface SessionRecord {
  id: string;
  vendor: string;
  platformGameCode: string;
  token: string;
  playerKey: string;
  displayName: string;
  currency: string;
  language: 'en' | 'bn';
  brand: string;
  balance: bigint;
}

const DRAW_COLUMNS = `draw_id, game_code, draw_number, status, ${ms('closes_at')} as closes_ms, ${ms('draws_at')} as draws_ms,
  server_seed, server_seed_hash, public_data, result::text as result, ${ms('drawn_at')} as drawn_ms`;

interface DrawRow {
  draw_id: string;
  game_code: string;
  draw_number: string;
  status: DrawRecord['status'];
  closes_ms: string;
  draws_ms: string;
  server_seed: string;
  server_seed_hash: string;
  public_data: string;
  result: string | null;
  drawn_ms: string | null;
}

const drawOf = (r: DrawRow): DrawRecord => ({
  drawId: r.draw_id,
  gameCode: r.game_code,
  drawNumber: r.draw_number,
  status: r.status,
  closesAt: Number(r.closes_ms),
  drawsAt: Number(r.draws_ms),
  serverSeed: r.server_seed,
  serverSeedHash: r.server_seed_hash,
  publicData: r.public_data,
  result: r.result ? (JSON.parse(r.result) as LotteryResult) : null,
  drawnAt: r.drawn_ms === null ? null : Number(r.drawn_ms),
});

const SLIP_COLUMNS = `slip_id, request_id, player_key, vendor, platform_game_code, game_code, draw_id, currency,
  total_stake::text as total_stake, total_payout::text as total_payout, lines::text as lines, status, launch_token,
  ${ms('created_at')} as created_ms, ${ms('settled_at')} as settled_ms`;

interface SlipRow {
  slip_id: string;
  request_id: string;
  player_key: string;
  vendor: string;
  platform_game_code: string;
  game_code: string;
  draw_id: string;
  currency: string;
  total_stake: string;
  total_payout: string | null;
  lines: string;
  status: SlipStatus;
  launch_token: string | null;
  created_ms: string;
  settled_ms: string | null;
}

const slipOf = (r: SlipRow): SlipRecord => ({
  slipId: r.slip_id,
  requestId: r.request_id,
  playerKey: r.player_key,
  vendor: r.vendor,
  platformGameCode: r.platform_game_code,
  gameCode: r.game_code,
  drawId: r.draw_id,
  currency: r.currency,
  totalStake: BigInt(r.total_stake),
  totalPayout: r.total_payout === null ? null : BigInt(r.total_payout),
  lines: JSON.parse(r.lines) as StoredLine[],
  status: r.status,
  launchToken: r.launch_token,
  createdAt: Number(r.created_ms),
  settledAt: r.settled_ms === null ? null : Number(r.settled_ms),
});

/** The lottery's tables (store/schema.ts) through single statements, so any executor (a pool) will do. */
export class SqlLotteryStore {
  constructor(private readonly sql: SqlExecutor) {}

  // Configuration ---------------------------------------------------------------------------------------------

  /** Writes the configs of a brand that has none yet (the demo seed); an operator's later edits stay. */
  async seedConfigs(brand: string, games: readonly GameConfig[]): Promise<void> {
    for (const [position, game] of games.entries()) {
      await this.sql.query(
        `insert into lottery_game_config (brand, game_code, position, config) values ($1, $2, $3, $4::jsonb)
         on conflict (brand, game_code) do nothing`,
        [brand, game.code, position, JSON.stringify(gameConfigToJson(game))],
      );
    }
  }

  /** Gives `brand` the rows of `from` it has none of (an operator's first change of the brand's odds). */
  async copyConfigs(from: string, brand: string): Promise<void> {
    await this.sql.query(
      `insert into lottery_game_config (brand, game_code, position, active, config)
       select $2, game_code, position, active, config from lottery_game_config where brand = $1
       on conflict (brand, game_code) do nothing`,
      [from, brand],
    );
  }

  async saveConfig(brand: string, game: GameConfig): Promise<void> {
    await this.sql.query('update lottery_game_config set config = $3::jsonb, updated_at = now() where brand = $1 and game_code = $2', [
      brand,
      game.code,
      JSON.stringify(gameConfigToJson(game)),
    ]);
  }

  async configs(brand: string): Promise<GameConfig[]> {
    const rows = await this.sql.query<{ config: string }>(
      'select config::text as config from lottery_game_config where brand = $1 and active order by position, game_code',
      [brand],
    );
    return rows.map((r) => gameConfigFromJson(JSON.parse(r.config)));
  }

  /**
   * Every game of a brand, switched off ones too: the draw loop draws and settles a draw of a game an operator
   * switched off after it took slips (switching off stops new draws and new slips, never money owed).
   */
  async allConfigs(brand: string): Promise<{ game: GameConfig; active: boolean }[]> {
    const rows = await this.sql.query<{ config: string; active: boolean }>(
      'select config::text as config, active from lottery_game_config where brand = $1 order by position, game_code',
      [brand],
    );
    return rows.map((r) => ({ game: gameConfigFromJson(JSON.parse(r.config)), active: r.active }));
  }

  /** Switches a game on or off; answers whether it was on before, or undefined for an unknown game. */
  async setActive(brand: string, gameCode: string, active: boolean): Promise<{ before: boolean } | undefined> {
    const rows = await this.sql.query<{ before: boolean }>(
      `update lottery_game_config c set active = $3, updated_at = now()
       from (select active as before from lottery_game_config where brand = $1 and game_code = $2) b
       where c.brand = $1 and c.game_code = $2 returning b.before`,
      [brand, gameCode, active],
    );
    return rows[0] && { before: rows[0].before };
  }

  // Draws -----------------------------------------------------------------------------------------------------

  async lastDrawBefore(gameCode: string, drawsAt: number): Promise<DrawRecord | undefined> {
    const rows = await this.sql.query<DrawRow>(
      `select ${DRAW_COLUMNS} from lottery_draw where game_code = $1 and draws_at < ${at('$2')} order by draws_at desc limit 1`,
      [gameCode, drawsAt],
    );
    return rows[0] && drawOf(rows[0]);
  }

  /** Inserts a draw unless its number exists (another instance made it first); answers the stored one. */
  async insertDraw(d: Omit<DrawRecord, 'status' | 'result' | 'drawnAt'>): Promise<DrawRecord> {
    await this.sql.query(
      `insert into lottery_draw (draw_id, game_code, draw_number, status, closes_at, draws_at, server_seed, server_seed_hash, public_data)
       values ($1, $2, $3, 'open', ${at('$4')}, ${at('$5')}, $6, $7, $8) on conflict do nothing`,
      [d.drawId, d.gameCode, d.drawNumber, d.closesAt, d.drawsAt, d.serverSeed, d.serverSeedHash, d.publicData],
    );
    const rows = await this.sql.query<DrawRow>(`select ${DRAW_COLUMNS} from lottery_draw where game_code = $1 and draw_number = $2`, [
      d.gameCode,
      d.drawNumber,
    ]);
    return drawOf(rows[0] as DrawRow);
  }

  async drawByNumber(gameCode: string, drawNumber: string): Promise<DrawRecord | undefined> {
    const rows = await this.sql.query<DrawRow>(`select ${DRAW_COLUMNS} from lottery_draw where game_code = $1 and draw_number = $2`, [
      gameCode,
      drawNumber,
    ]);
    return rows[0] && drawOf(rows[0]);
  }

  async draw(drawId: string): Promise<DrawRecord | undefined> {
    const rows = await this.sql.query<DrawRow>(`select ${DRAW_COLUMNS} from lottery_draw where draw_id = $1`, [drawId]);
    return rows[0] && drawOf(rows[0]);
  }

  /** The draw taking bets at `now` (the earliest open one that has not closed). */
  async currentDraw(gameCode: string, now: number, closeBeforeMs = 0): Promise<DrawRecord | undefined> {
    const rows = await this.sql.query<DrawRow>(
      `select ${DRAW_COLUMNS} from lottery_draw where game_code = $1 and status = 'open' and closes_at > ${at('$2')}
         and draws_at - ($3::float8 / 1000) * interval '1 second' > ${at('$2')}
       order by draws_at limit 1`,
      [gameCode, now, closeBeforeMs],
    );
    return rows[0] && drawOf(rows[0]);
  }

  async recentDrawn(gameCode: string, limit: number): Promise<DrawRecord[]> {
    const rows = await this.sql.query<DrawRow>(
      `select ${DRAW_COLUMNS} from lottery_draw where game_code = $1 and status in ('drawn', 'settled')
       order by draws_at desc limit $2`,
      [gameCode, limit],
    );
    return rows.map(drawOf);
  }

  async openDrawsDue(now: number, limit: number): Promise<DrawRecord[]> {
    const rows = await this.sql.query<DrawRow>(
      `select ${DRAW_COLUMNS} from lottery_draw where status = 'open' and draws_at <= ${at('$1')} order by draws_at limit $2`,
      [now, limit],
    );
    return rows.map(drawOf);
  }

  async drawsBeingSettled(limit: number): Promise<DrawRecord[]> {
    const rows = await this.sql.query<DrawRow>(
      `select ${DRAW_COLUMNS} from lottery_draw where status = 'drawn' order by draws_at limit $1`,
      [limit],
    );
    return rows.map(drawOf);
  }

  /** Fixes a draw's result once: true for the one instance whose update found it still open. */
  async markDrawn(drawId: string, result: LotteryResult, now: number): Promise<boolean> {
    const rows = await this.sql.query(
      `update lottery_draw set status = 'drawn', result = $2::jsonb, drawn_at = ${at('$3')}
       where draw_id = $1 and status = 'open' returning draw_id`,
      [drawId, JSON.stringify(result), now],
    );
    return rows.length === 1;
  }

  /** A draw whose every slip is settled or void becomes settled. */
  async markSettledIfDone(drawId: string, now: number): Promise<boolean> {
    const rows = await this.sql.query(
      `update lottery_draw set status = 'settled', settled_at = ${at('$2')}
       where draw_id = $1 and status = 'drawn'
         and not exists (select 1 from lottery_slip where draw_id = $1 and status in ('pending', 'open', 'winning', 'voiding'))
       returning draw_id`,
      [drawId, now],
    );
    return rows.length === 1;
  }

  /**
   * Voids a draw that has not been drawn (one conditional update: against the draw loop's `markDrawn`, exactly
   * one wins), then marks its slips to be refunded. The slips are a second statement on purpose: its snapshot is
   * taken after the void committed, so it sees every slip whose insert could still see the draw open (decision 050).
   */
  async voidDraw(drawId: string, now: number): Promise<boolean> {
    const rows = await this.sql.query(
      `update lottery_draw set status = 'void', settled_at = ${at('$2')} where draw_id = $1 and status = 'open' returning draw_id`,
      [drawId, now],
    );
    if (rows.length === 0) return false;
    await this.voidSlipsOf(drawId);
    return true;
  }

  /** Every slip of a void draw that still holds a stake is to be refunded by rollback (repeatable). */
  async voidSlipsOf(drawId: string): Promise<number> {
    const rows = await this.sql.query(
      `update lottery_slip set status = 'voiding', lease_until = null
       where draw_id = $1 and status in ('pending', 'open')
         and exists (select 1 from lottery_draw where draw_id = $1 and status = 'void')
       returning slip_id`,
      [drawId],
    );
    return rows.length;
  }

  /**
   * Slips left open on a void draw of these games drawn since `since` (a crash between the void and its slips,
   * or a bet answered just after the void): marked for refund. Reads draws through their (game, draws_at) index.
   */
  async sweepVoided(gameCodes: readonly string[], since: number): Promise<number> {
    if (gameCodes.length === 0) return 0;
    const rows = await this.sql.query(
      `update lottery_slip set status = 'voiding', lease_until = null
       where status = 'open' and draw_id in (
         select draw_id from lottery_draw where game_code = any($1::text[]) and draws_at > ${at('$2')} and status = 'void')
       returning slip_id`,
      [`{${gameCodes.join(',')}}`, since],
    );
    return rows.length;
  }

  // Sessions --------------------------------------------------------------------------------------------------

  async saveSession(s: SessionRecord): Promise<void> {
    await this.sql.query(
      `insert into lottery_session (id_hash, vendor, platform_game_code, launch_token, player_key, display_name, currency, language, brand, balance)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::int8)`,
      [
        hashSessionId(s.id),
        s.vendor,
        s.platformGameCode,
        s.token,
        s.playerKey,
        s.displayName,
        s.currency,
        s.language,
        s.brand,
        s.balance.toString(),
      ],
    );
  }

  async findSession(id: string, idleMs: number, now: number): Promise<SessionRecord | undefined> {
    const rows = await this.sql.query<{
      vendor: string;
      platform_game_code: string;
      launch_token: string;
      player_key: string;
      display_name: string;
      currency: string;
      language: string;
      brand: string;
      balance: string;
    }>(
      `update lottery_session set last_used_at = ${at('$3')}
       where id_hash = $1 and last_used_at > ${at('$3')} - ($2::float8 / 1000) * interval '1 second'
       returning vendor, platform_game_code, launch_token, player_key, display_name, currency, language, brand, balance::text as balance`,
      [hashSessionId(id), idleMs, now],
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      id,
      vendor: r.vendor,
      platformGameCode: r.platform_game_code,
      token: r.launch_token,
      playerKey: r.player_key,
      displayName: r.display_name,
      currency: r.currency,
      language: r.language === 'bn' ? 'bn' : 'en',
      brand: r.brand,
      balance: BigInt(r.balance),
    };
  }

  /** The newest session opened with a launch token (a page reload repeats the launch). */
  async sessionByToken(vendor: string, token: string): Promise<SessionRecord | undefined> {
    const rows = await this.sql.query<{
      platform_game_code: string;
      player_key: string;
      display_name: string;
      currency: string;
      language: string;
      brand: string;
      balance: string;
    }>(
      `select platform_game_code, player_key, display_name, currency, language, brand, balance::text as balance
       from lottery_session where vendor = $1 and launch_token = $2 order by created_at desc limit 1`,
      [vendor, token],
    );
    const r = rows[0];
    if (!r) return undefined;
    return {
      id: '',
      vendor,
      platformGameCode: r.platform_game_code,
      token,
      playerKey: r.player_key,
      displayName: r.display_name,
      currency: r.currency,
      language: r.language === 'bn' ? 'bn' : 'en',
      brand: r.brand,
      balance: BigInt(r.balance),
    };
  }

  async saveBalance(id: string, balance: bigint): Promise<void> {
    await this.sql.query('update lottery_session set balance = $2::int8 where id_hash = $1', [hashSessionId(id), balance.toString()]);
  }

  async dropIdleSessions(idleMs: number, now: number): Promise<void> {
    await this.sql.query(`delete from lottery_session where last_used_at < ${at('$2')} - ($1::float8 / 1000) * interval '1 second'`, [
      idleMs,
      now,
    ]);
  }

  // Slips -----------------------------------------------------------------------------------------------------

  async slipByRequest(playerKey: string, requestId: string): Promise<SlipRecord | undefined> {
    const rows = await this.sql.query<SlipRow>(`select ${SLIP_COLUMNS} from lottery_slip where player_key = $1 and request_id = $2`, [
      playerKey,
      requestId,
    ]);
    return rows[0] && slipOf(rows[0]);
  }

  async slip(slipId: string): Promise<SlipRecord | undefined> {
    const rows = await this.sql.query<SlipRow>(`select ${SLIP_COLUMNS} from lottery_slip where slip_id = $1`, [slipId]);
    return rows[0] && slipOf(rows[0]);
  }

  /**
   * Records a slip as pending, only while its draw is open and not closed at `now`. Answers 'inserted',
   * 'closed' (the draw no longer takes bets) or 'repeat' (this player's request id exists already).
   */
  async insertSlip(s: SlipRecord, now: number, closeBeforeMs = 0): Promise<'inserted' | 'closed' | 'repeat'> {
    const rows = await this.sql.query<{ slip_id: string }>(
      `insert into lottery_slip (slip_id, request_id, player_key, vendor, platform_game_code, game_code, draw_id, currency,
         total_stake, lines, status, launch_token, lease_until, created_at)
       select $1, $2, $3, $4, $5, $6, $7, $8, $9::int8, $10::jsonb, 'pending', $11, ${at('$12')} + interval '60 seconds', ${at('$12')}
       from lottery_draw d where d.draw_id = $7 and d.game_code = $6 and d.status = 'open' and d.closes_at > ${at('$12')}
         and d.draws_at - ($13::float8 / 1000) * interval '1 second' > ${at('$12')}
       on conflict (player_key, request_id) do nothing
       returning slip_id`,
      [
        s.slipId,
        s.requestId,
        s.playerKey,
        s.vendor,
        s.platformGameCode,
        s.gameCode,
        s.drawId,
        s.currency,
        s.totalStake.toString(),
        JSON.stringify(s.lines),
        s.launchToken,
        now,
        closeBeforeMs,
      ],
    );
    if (rows.length === 1) return 'inserted';
    return (await this.slipByRequest(s.playerKey, s.requestId)) ? 'repeat' : 'closed';
  }

  /** A placed slip's bet was taken: open it, unless its draw was voided meanwhile (then it stays owed a refund). */
  async openPlacedSlip(slipId: string, drawId: string): Promise<boolean> {
    const rows = await this.sql.query(
      `update lottery_slip set status = 'open', lease_until = null
       where slip_id = $1 and status = 'pending'
         and exists (select 1 from lottery_draw where draw_id = $2 and status <> 'void')
       returning slip_id`,
      [slipId, drawId],
    );
    return rows.length === 1;
  }

  async deleteSlip(slipId: string): Promise<void> {
    await this.sql.query(`delete from lottery_slip where slip_id = $1 and status = 'pending'`, [slipId]);
  }

  /** Moves a slip between statuses; false when it was not in `from` any more (another instance moved it). */
  async transition(
    slipId: string,
    from: readonly SlipStatus[],
    to: SlipStatus,
    now: number,
    extra: { payout?: bigint; lines?: StoredLine[] } = {},
  ): Promise<boolean> {
    const done = to === 'settled' || to === 'void' || to === 'win_refused';
    const rows = await this.sql.query(
      `update lottery_slip set status = $3,
         total_payout = coalesce($4::int8, total_payout),
         lines = coalesce($5::jsonb, lines),
         settled_at = case when $6 then ${at('$7')} else settled_at end,
         launch_token = case when $6 then null else launch_token end,
         lease_until = null
       where slip_id = $1 and status = any($2::text[]) returning slip_id`,
      [slipId, `{${from.join(',')}}`, to, extra.payout?.toString() ?? null, extra.lines ? JSON.stringify(extra.lines) : null, done, now],
    );
    return rows.length === 1;
  }

  /** The open slips of a draw (to grade), a page at a time. */
  async openSlips(drawId: string, limit: number): Promise<SlipRecord[]> {
    const rows = await this.sql.query<SlipRow>(
      `select ${SLIP_COLUMNS} from lottery_slip where draw_id = $1 and status = 'open' order by seq limit $2`,
      [drawId, limit],
    );
    return rows.map(slipOf);
  }

  /** Grades many open slips in one statement: each becomes winning with its payout and graded lines. */
  async gradeSlips(graded: { slipId: string; payout: bigint; lines: StoredLine[] }[]): Promise<number> {
    if (graded.length === 0) return 0;
    const rows = await this.sql.query(
      `update lottery_slip s set status = 'winning', total_payout = g.payout::int8, lines = g.lines, lease_until = null
       from jsonb_to_recordset($1::jsonb) as g(slip_id text, payout text, lines jsonb)
       where s.slip_id = g.slip_id and s.status = 'open' returning s.slip_id`,
      [JSON.stringify(graded.map((g) => ({ slip_id: g.slipId, payout: g.payout.toString(), lines: g.lines })))],
    );
    return rows.length;
  }

  /**
   * Claims up to `limit` slips owing money (winning: a win; voiding: a rollback; pending past its lease: the bet's
   * fate is unknown, so it is rolled back) whose lease has passed, leasing them for `leaseMs` so that other
   * instances leave them alone meanwhile. A crash only delays them: the next claim after the lease repeats the
   * same call with the same transaction id.
   */
  async claimOwed(now: number, leaseMs: number, limit: number, drawId?: string): Promise<SlipRecord[]> {
    const rows = await this.sql.query<SlipRow>(
      `update lottery_slip set lease_until = ${at('$1')} + ($2::float8 / 1000) * interval '1 second', attempts = attempts + 1,
         status = case when status = 'pending' then 'voiding' else status end
       where slip_id in (
         select slip_id from lottery_slip
         where status in ('winning', 'voiding', 'pending') and (lease_until is null or lease_until <= ${at('$1')})
           and ($4::text is null or draw_id = $4)
         order by seq limit $3 for update skip locked)
       returning ${SLIP_COLUMNS}`,
      [now, leaseMs, limit, drawId ?? null],
    );
    return rows.map(slipOf);
  }

  async playerSlips(playerKey: string, status: 'open' | 'settled' | undefined, limit: number): Promise<SlipRecord[]> {
    const filter =
      status === 'open'
        ? `and status in ('pending', 'open', 'winning', 'voiding')`
        : status === 'settled'
          ? `and status in ('settled', 'void', 'win_refused')`
          : '';
    const rows = await this.sql.query<SlipRow>(
      `select ${SLIP_COLUMNS} from lottery_slip where player_key = $1 ${filter} order by seq desc limit $2`,
      [playerKey, limit],
    );
    return rows.map(slipOf);
  }

  async slipCounts(drawId: string): Promise<Record<string, number>> {
    const rows = await this.sql.query<{ status: string; n: string }>(
      'select status, count(*)::text as n from lottery_slip where draw_id = $1 group by status',
      [drawId],
    );
    return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }

  // Limits ----------------------------------------------------------------------------------------------------

  /** Adds a player's stake on a number if the total stays within `limit`: one upsert, so races cannot pass it. */
  async reserveNumberStake(drawId: string, playerKey: string, numberKey: string, stake: bigint, limit: bigint): Promise<boolean> {
    if (stake > limit) return false;
    const rows = await this.sql.query(
      `insert into lottery_number_stake as t (draw_id, player_key, number_key, stake) values ($1, $2, $3, $4::int8)
       on conflict (draw_id, player_key, number_key) do update set stake = t.stake + excluded.stake
       where t.stake + excluded.stake <= $5::int8 returning stake`,
      [drawId, playerKey, numberKey, stake.toString(), limit.toString()],
    );
    return rows.length === 1;
  }

  async releaseNumberStake(drawId: string, playerKey: string, numberKey: string, stake: bigint): Promise<void> {
    await this.sql.query(
      'update lottery_number_stake set stake = greatest(stake - $4::int8, 0) where draw_id = $1 and player_key = $2 and number_key = $3',
      [drawId, playerKey, numberKey, stake.toString()],
    );
  }

  /** Adds a line's worst-case payout to the draw's exposure on its number if it stays within `limit`. */
  async reserveExposure(drawId: string, numberKey: string, payout: bigint, limit: bigint): Promise<boolean> {
    if (payout > limit) return false;
    const rows = await this.sql.query(
      `insert into lottery_exposure as t (draw_id, number_key, payout) values ($1, $2, $3::int8)
       on conflict (draw_id, number_key) do update set payout = t.payout + excluded.payout
       where t.payout + excluded.payout <= $4::int8 returning payout`,
      [drawId, numberKey, payout.toString(), limit.toString()],
    );
    return rows.length === 1;
  }

  async releaseExposure(drawId: string, numberKey: string, payout: bigint): Promise<void> {
    await this.sql.query('update lottery_exposure set payout = greatest(payout - $3::int8, 0) where draw_id = $1 and number_key = $2', [
      drawId,
      numberKey,
      payout.toString(),
    ]);
  }
}
