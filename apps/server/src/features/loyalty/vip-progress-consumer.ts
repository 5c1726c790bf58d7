import { sql } from 'kysely';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { upgradeMembers, utcDay } from './vip.service.ts';

/**
 * VIP progress from the money outbox (decision 021, 028), exactly once (in the transaction that moves the consumer's
 * position): a settled round (`ROUND_SETTLED`, reference.validBet) adds its valid bet, a credited deposit (`DEPOSIT`)
 * its amount, to the member's row of the day in vip_member_daily; then the members of the batch are raised at once to
 * the level their rolling-window totals reach (several levels in one step when earned, each level-up bonus once).
 */
export const VIP_CONSUMER = 'vip-progress';

type Move = { memberId: number; day: string; validBet: bigint; deposit: bigint };

export function progressOf(event: MoneyEvent): Move | null {
  const day = utcDay(event.createdAt);
  if (event.kind === 'ROUND_SETTLED') {
    const v = event.reference.validBet;
    const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    if (!/^\d{1,18}$/.test(s) || BigInt(s) <= 0n) return null;
    return { memberId: event.memberId, day, validBet: BigInt(s), deposit: 0n };
  }
  if (event.kind === 'DEPOSIT' && event.amount > 0n) return { memberId: event.memberId, day, validBet: 0n, deposit: event.amount };
  return null;
}

export const vipProgressConsumer: OutboxConsumer = {
  name: VIP_CONSUMER,
  async apply(trx, events) {
    const sums = new Map<string, Move>();
    let asOf: Date | undefined;
    for (const event of events) {
      const move = progressOf(event);
      if (!move) continue;
      const key = `${move.memberId}/${move.day}`;
      const sum = sums.get(key);
      if (sum) {
        sum.validBet += move.validBet;
        sum.deposit += move.deposit;
      } else sums.set(key, { ...move });
      if (!asOf || event.createdAt > asOf) asOf = event.createdAt;
    }
    if (sums.size === 0 || !asOf) return;
    // In member and day order, so two writers never wait on each other's rows crosswise.
    const rows = [...sums.values()].sort((a, b) => a.memberId - b.memberId || a.day.localeCompare(b.day));
    for (const r of rows) {
      await sql`insert into vip_member_daily (member_id, day, valid_bet, deposit)
        values (${r.memberId}, ${r.day}::date, ${r.validBet}, ${r.deposit})
        on conflict (member_id, day) do update set valid_bet = vip_member_daily.valid_bet + excluded.valid_bet,
          deposit = vip_member_daily.deposit + excluded.deposit`.execute(trx);
    }
    await upgradeMembers(trx, [...new Set(rows.map((r) => r.memberId))], asOf);
  },
};
