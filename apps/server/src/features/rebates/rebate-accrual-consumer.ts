import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { categoryOfGame, rateFor } from './rebate-rules.ts';
import { type AccrualMove, accrue, memberRates } from './rebates.service.ts';

/**
 * Rebate accrual from the money outbox (decision 021, 034): each settled round (`ROUND_SETTLED`, reference.validBet
 * and gameType) adds its valid bet × the member's rate for the game's category, at the member's level when the
 * round settles, to their accrual row. Exactly once: it runs in the transaction that moves the consumer's position,
 * so a crashed batch is replayed whole, never counted twice.
 */
export const REBATE_CONSUMER = 'rebate-accrual';

type Settled = { memberId: number; category: NonNullable<ReturnType<typeof categoryOfGame>>; validBet: bigint };

export function settledBetOf(event: MoneyEvent): Settled | null {
  if (event.kind !== 'ROUND_SETTLED') return null;
  const category = categoryOfGame(event.reference.gameType);
  const v = event.reference.validBet;
  const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
  if (!category || !/^\d{1,18}$/.test(s) || BigInt(s) <= 0n) return null;
  return { memberId: event.memberId, category, validBet: BigInt(s) };
}

export const rebateAccrualConsumer: OutboxConsumer = {
  name: REBATE_CONSUMER,
  async apply(trx, events) {
    const bets = events.map(settledBetOf).filter((b): b is Settled => b !== null);
    if (bets.length === 0) return;
    const rates = await memberRates(trx, [...new Set(bets.map((b) => b.memberId))]);
    const moves: AccrualMove[] = [];
    for (const b of bets) {
      const r = rates.get(b.memberId);
      if (!r?.enabled) continue;
      moves.push({ ...b, bps: rateFor(b.category, r.vipBps, r.defaultBps) });
    }
    await accrue(trx, moves, events.at(-1)!.createdAt);
  },
};
