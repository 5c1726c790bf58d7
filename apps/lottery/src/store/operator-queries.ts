import type { LotteryResult } from '@playfront/contract/lottery-fair';
import type {
  LotteryOperatorDraw,
  LotteryOperatorDrawStatus,
  LotteryOperatorSlip,
  LotterySlipStatus,
} from '@playfront/contract/lottery-operator';
import type { SqlExecutor } from './sql-lottery-store.ts';

/** Read-only queries of the operator API (decision 050): draws with their figures, a draw's exposure and slips. */

const ms = (column: string) => `(extract(epoch from ${column}) * 1000)::int8::text`;
const iso = (v: string | null) => (v === null ? null : new Date(Number(v)).toISOString());

interface OperatorDrawRow {
  draw_id: string;
  game_code: string;
  draw_number: string;
  status: LotteryOperatorDrawStatus;
  closes_ms: string;
  draws_ms: string;
  server_seed_hash: string;
  result: string | null;
  drawn_ms: string | null;
  settled_ms: string | null;
  slips: string;
  stake: string;
  payout: string;
}

// A slip's stake counts while it holds money (a refunded one does not); payouts once graded.
const DRAW_FIGURES = `select d.draw_id, d.game_code, d.draw_number, d.status, ${ms('d.closes_at')} as closes_ms,
    ${ms('d.draws_at')} as draws_ms, d.server_seed_hash, d.result::text as result, ${ms('d.drawn_at')} as drawn_ms,
    ${ms('d.settled_at')} as settled_ms, coalesce(a.n, 0)::text as slips, coalesce(a.stake, 0)::text as stake,
    coalesce(a.payout, 0)::text as payout
  from lottery_draw d left join lateral (
    select count(*) as n,
      sum(total_stake) filter (where status not in ('void', 'voiding')) as stake,
      sum(coalesce(total_payout, 0)) filter (where status in ('winning', 'settled', 'win_refused')) as payout
    from lottery_slip s where s.draw_id = d.draw_id) a on true`;

const drawOf = (r: OperatorDrawRow): LotteryOperatorDraw => ({
  drawId: r.draw_id,
  gameCode: r.game_code,
  drawNumber: r.draw_number,
  status: r.status,
  closesAt: iso(r.closes_ms) as string,
  drawsAt: iso(r.draws_ms) as string,
  serverSeedHash: r.server_seed_hash,
  result: r.result ? (JSON.parse(r.result) as LotteryResult) : null,
  drawnAt: iso(r.drawn_ms),
  settledAt: iso(r.settled_ms),
  slips: Number(r.slips),
  stake: r.stake,
  payout: r.payout,
});

/** A game's draws, newest first (through the (game_code, draws_at) index). */
export async function operatorDraws(
  sql: SqlExecutor,
  q: { game: string; status?: LotteryOperatorDrawStatus | undefined; before?: number | undefined; limit: number },
): Promise<LotteryOperatorDraw[]> {
  const rows = await sql.query<OperatorDrawRow>(
    `${DRAW_FIGURES}
     where d.game_code = $1 and ($2::text is null or d.status = $2)
       and ($3::float8 is null or d.draws_at < to_timestamp($3::float8 / 1000))
     order by d.draws_at desc limit $4`,
    [q.game, q.status ?? null, q.before ?? null, q.limit],
  );
  return rows.map(drawOf);
}

export async function operatorDraw(sql: SqlExecutor, drawId: string): Promise<LotteryOperatorDraw | undefined> {
  const rows = await sql.query<OperatorDrawRow>(`${DRAW_FIGURES} where d.draw_id = $1`, [drawId]);
  return rows[0] && drawOf(rows[0]);
}

export async function drawSlipCounts(sql: SqlExecutor, drawId: string): Promise<Partial<Record<LotterySlipStatus, number>>> {
  const rows = await sql.query<{ status: LotterySlipStatus; n: string }>(
    'select status, count(*)::text as n from lottery_slip where draw_id = $1 group by status',
    [drawId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function drawExposure(sql: SqlExecutor, drawId: string, limit: number): Promise<{ numberKey: string; payout: string }[]> {
  const rows = await sql.query<{ number_key: string; payout: string }>(
    'select number_key, payout::text as payout from lottery_exposure where draw_id = $1 and payout > 0 order by payout desc, number_key limit $2',
    [drawId, limit],
  );
  return rows.map((r) => ({ numberKey: r.number_key, payout: r.payout }));
}

export async function drawSlips(sql: SqlExecutor, drawId: string, limit: number): Promise<LotteryOperatorSlip[]> {
  const rows = await sql.query<{
    slip_id: string;
    player_key: string;
    status: LotterySlipStatus;
    total_stake: string;
    total_payout: string | null;
    lines: string;
    created_ms: string;
    settled_ms: string | null;
  }>(
    `select slip_id, player_key, status, total_stake::text as total_stake, total_payout::text as total_payout,
       jsonb_array_length(lines)::text as lines, ${ms('created_at')} as created_ms, ${ms('settled_at')} as settled_ms
     from lottery_slip where draw_id = $1 order by seq desc limit $2`,
    [drawId, limit],
  );
  return rows.map((r) => ({
    slipId: r.slip_id,
    playerKey: r.player_key,
    status: r.status,
    totalStake: r.total_stake,
    totalPayout: r.total_payout,
    lines: Number(r.lines),
    placedAt: iso(r.created_ms) as string,
    settledAt: iso(r.settled_ms),
  }));
}
