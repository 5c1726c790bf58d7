import type { LanguageCode } from '@playfront/contract';
import type { GameType } from '@playfront/contract/games-paths';
import type { BetRound, BettingRecordValue, RoundStatus } from '@playfront/contract/play';
import type { Db } from '../../../db/database.ts';
import { lotteryRoundNames } from '../../lottery/lottery.repository.ts';
import type { RecordWindow } from '../../records/record-window.ts';

export type BettingRecordFilter = {
  memberId: number;
  currency: string;
  window: RecordWindow;
  lang: LanguageCode;
  gameType?: GameType | undefined;
  vendor?: string | undefined;
  status?: RoundStatus | undefined;
  pageNo: number;
  pageSize: number;
};

/** Stake that counts for turnover: a settled round's stakes net of refunds; nothing while open or once cancelled. */
export function validBetOf(r: { status: string; bet_total: bigint; refund_total: bigint }): bigint {
  return r.status === 'settled' ? r.bet_total - r.refund_total : 0n;
}

/**
 * Rounds of one member in a window ([from, to) on the round's start), newest
 * first, with totals over the whole filtered window. Rounds where no stake was
 * taken (a bet refused for funds) are not rounds the member played.
 */
export async function bettingRecord(db: Db, f: BettingRecordFilter): Promise<BettingRecordValue> {
  let base = db
    .selectFrom('game_round as r')
    .innerJoin('game as g', 'g.node_id', 'r.node_id')
    .innerJoin('game_vendor as v', 'v.code', 'r.vendor_code')
    .where('r.member_id', '=', f.memberId)
    .where('r.bet_count', '>', 0)
    .where('r.created_at', '>=', f.window.from)
    .where('r.created_at', '<', f.window.to);
  if (f.gameType) base = base.where('r.game_type', '=', f.gameType);
  if (f.vendor) base = base.where('r.vendor_code', '=', f.vendor);
  if (f.status) base = base.where('r.status', '=', f.status);

  // One after the other: `db` may be a transaction, whose one connection takes one query at a time.
  const rows = await base
    .select([
      'r.round_id',
      'r.vendor_code',
      'v.display_name',
      'r.node_id',
      'r.game_code',
      'g.name_en',
      'g.name_bn',
      'r.game_type',
      'r.currency',
      'r.bet_total',
      'r.win_total',
      'r.refund_total',
      'r.status',
      'r.created_at',
      'r.settled_at',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(f.pageSize)
    .offset((f.pageNo - 1) * f.pageSize)
    .execute();
  // Sums as text: a bigint sum is numeric in SQL, and money never passes through a float.
  const sums = await base
    .select((eb) => [
      eb.fn.countAll<string>().as('rounds'),
      eb.fn.coalesce(eb.fn.sum<string>('r.bet_total'), eb.lit(0)).as('bet'),
      eb.fn.coalesce(eb.fn.sum<string>('r.win_total'), eb.lit(0)).as('win'),
      eb.fn.coalesce(eb.fn.sum<string>('r.refund_total'), eb.lit(0)).as('refunded'),
      eb.fn
        .coalesce(
          eb.fn.sum<string>(eb.case().when('r.status', '=', 'settled').then(eb.ref('r.bet_total')).else(eb.lit(0)).end()),
          eb.lit(0),
        )
        .as('settled_bet'),
      eb.fn
        .coalesce(
          eb.fn.sum<string>(eb.case().when('r.status', '=', 'settled').then(eb.ref('r.refund_total')).else(eb.lit(0)).end()),
          eb.lit(0),
        )
        .as('settled_refund'),
    ])
    .executeTakeFirstOrThrow();
  const big = (v: unknown) => BigInt(String(v ?? 0));
  const bet = big(sums.bet);
  const win = big(sums.win);
  const refunded = big(sums.refunded);

  // Lottery rounds (issue 16) name their lottery game and draw.
  const lotteryNames = await lotteryRoundNames(
    db,
    rows.map((r) => r.round_id),
    f.lang === 'BN' ? 'BN' : 'EN',
  );
  const list: BetRound[] = rows.map((r) => ({
    roundId: r.round_id,
    vendor: r.vendor_code,
    vendorName: r.display_name,
    nodeId: r.node_id,
    gameCode: r.game_code,
    gameName: lotteryNames.get(r.round_id) ?? (f.lang === 'BN' ? r.name_bn : r.name_en),
    gameType: r.game_type as GameType,
    currency: r.currency,
    bet: String(r.bet_total),
    win: String(r.win_total),
    refunded: String(r.refund_total),
    validBet: String(validBetOf(r)),
    profit: String(r.win_total + r.refund_total - r.bet_total),
    status: r.status,
    startedAt: r.created_at.toISOString(),
    settledAt: r.settled_at?.toISOString() ?? null,
  }));
  return {
    from: f.window.fromDay,
    to: f.window.toDay,
    currency: f.currency,
    total: Number(sums.rounds),
    pageNo: f.pageNo,
    pageSize: f.pageSize,
    list,
    totals: {
      rounds: Number(sums.rounds),
      bet: String(bet),
      win: String(win),
      validBet: String(big(sums.settled_bet) - big(sums.settled_refund)),
      profit: String(win + refunded - bet),
    },
  };
}
