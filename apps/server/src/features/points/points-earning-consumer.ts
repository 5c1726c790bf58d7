import { POINT_TYPE_OF_GAME, type PointEarnType } from '@playfront/contract/points-paths';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { postPoints } from './points.repository.ts';
import { earnedPoints } from './points.service.ts';
import type { PointsConfigRow } from './points.table.ts';

/**
 * Points earned from the money outbox (decision 021, 027), exactly once:
 * - a settled provider round (`ROUND_SETTLED`, written by the provider functions when a round closes, amount 0,
 *   reference `{ vendor, roundId, gameType, validBet, … }`) earns its valid bet × the brand's rate for the game
 *   type's category (RNG/FISH slots, LIVE live, PVP pvp, SPORTS/ESPORTS sports, LOTT/ELOTT lottery);
 * - a deposit credited to the wallet (`DEPOSIT`) earns its amount × the deposit rate.
 *
 * Each posting is keyed by its source event (`round:<vendor>:<roundId>`, `deposit:<transferId>`), unique in the
 * points ledger: a replayed batch (a crash before the position moved), a repeated provider call or webhook (which
 * the money side already answers without a second event) earns nothing twice. The postings run in the transaction
 * that moves the consumer's position.
 */
export const POINTS_CONSUMER = 'points-earning';

type Earning = { type: PointEarnType; base: bigint; sourceKey: string; reference: Record<string, string> };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const minor = (v: unknown): bigint | null => {
  const s = text(v);
  return s !== undefined && /^\d{1,18}$/.test(s) ? BigInt(s) : null;
};

/** What an event earns before the rate, or null when it earns nothing. */
export function earningOf(event: MoneyEvent): Earning | null {
  const ref = event.reference;
  if (event.kind === 'ROUND_SETTLED') {
    const vendor = text(ref.vendor);
    const roundId = text(ref.roundId);
    const gameType = text(ref.gameType)?.toUpperCase();
    const validBet = minor(ref.validBet);
    const type = gameType ? POINT_TYPE_OF_GAME[gameType] : undefined;
    if (!vendor || !roundId || !type || validBet === null || validBet <= 0n) return null;
    const gameCode = text(ref.gameCode);
    return {
      type,
      base: validBet,
      sourceKey: `round:${vendor}:${roundId}`.slice(0, 200),
      reference: { vendor, roundId, gameType: gameType ?? '', validBet: String(validBet), ...(gameCode ? { gameCode } : {}) },
    };
  }
  if (event.kind === 'DEPOSIT' && event.amount > 0n) {
    const transfer = text(ref.transferId) ?? `event-${event.id}`;
    const orderNo = text(ref.orderNo);
    return {
      type: 'deposit',
      base: event.amount,
      sourceKey: `deposit:${transfer}`,
      reference: { amount: String(event.amount), currency: event.currency, ...(orderNo ? { orderNo } : {}) },
    };
  }
  return null;
}

const RATE: Record<PointEarnType, keyof PointsConfigRow> = {
  live: 'rate_live',
  lottery: 'rate_lottery',
  pvp: 'rate_pvp',
  slots: 'rate_slots',
  sports: 'rate_sports',
  deposit: 'rate_deposit',
};

export const pointsEarningConsumer: OutboxConsumer = {
  name: POINTS_CONSUMER,
  async apply(trx, events) {
    const earnings = events.map((e) => ({ event: e, earning: earningOf(e) })).filter((x) => x.earning !== null);
    if (earnings.length === 0) return;
    const memberIds = [...new Set(earnings.map((x) => x.event.memberId))];
    const members = await trx.selectFrom('member').select(['id', 'brand_id']).where('id', 'in', memberIds).execute();
    const brandOf = new Map(members.map((m) => [m.id, m.brand_id]));
    const configs = new Map((await trx.selectFrom('points_config').selectAll().execute()).map((c) => [c.brand_id, c] as const));
    for (const { event, earning } of earnings) {
      if (!earning) continue;
      const config = configs.get(brandOf.get(event.memberId) ?? -1);
      if (!config) continue;
      const points = earnedPoints(earning.base, config[RATE[earning.type]] as number);
      if (points <= 0n) continue;
      await postPoints(trx, {
        memberId: event.memberId,
        type: earning.type,
        amount: points,
        sourceKey: earning.sourceKey,
        reference: earning.reference,
        at: event.createdAt,
      });
    }
  },
};
