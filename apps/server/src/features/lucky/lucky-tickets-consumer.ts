import type { LuckyGame } from '@playfront/contract/lucky-paths';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';

/**
 * Wheel and egg tickets and raffle entries from the money outbox, exactly once (in the transaction that moves the
 * consumer's position): a credited deposit (`DEPOSIT`) counts its amount, a settled round (`ROUND_SETTLED`,
 * reference.validBet) its valid bet. Per brand and game, one ticket per `deposit_per_ticket` deposited and per
 * `valid_bet_per_ticket` validly bet; what is short of the next ticket is carried. A raffle counts the events made
 * inside its period the same way, with its own rates. Sums are taken per batch first: floor((carry + a + b) / rate)
 * is what one event at a time would give.
 */
export const LUCKY_CONSUMER = 'lucky-tickets';

type Activity = { memberId: number; deposit: bigint; validBet: bigint; at: Date };

export function activityOf(event: MoneyEvent): Activity | null {
  if (event.kind === 'DEPOSIT' && event.amount > 0n)
    return { memberId: event.memberId, deposit: event.amount, validBet: 0n, at: event.createdAt };
  if (event.kind === 'ROUND_SETTLED') {
    const v = event.reference.validBet;
    const s = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    if (!/^\d{1,18}$/.test(s) || BigInt(s) <= 0n) return null;
    return { memberId: event.memberId, deposit: 0n, validBet: BigInt(s), at: event.createdAt };
  }
  return null;
}

type Sum = { deposit: bigint; validBet: bigint };
const add = (map: Map<string, Sum>, key: string, a: Activity) => {
  const sum = map.get(key) ?? { deposit: 0n, validBet: 0n };
  sum.deposit += a.deposit;
  sum.validBet += a.validBet;
  map.set(key, sum);
};

/** Whole units earned from a carry plus new activity at a rate, and the carry left. */
export function earn(carry: bigint, added: bigint, rate: bigint | null): { units: number; carry: bigint } {
  if (rate === null || rate <= 0n) return { units: 0, carry };
  const total = carry + added;
  return { units: Number(total / rate), carry: total % rate };
}

async function addTickets(
  trx: Transaction<Database>,
  memberId: number,
  game: LuckyGame,
  sum: Sum,
  rates: { deposit: bigint | null; bet: bigint | null },
  now: Date,
) {
  const row = await trx
    .selectFrom('lucky_ticket')
    .select(['deposit_carry', 'bet_carry'])
    .where('member_id', '=', memberId)
    .where('game', '=', game)
    .forUpdate()
    .executeTakeFirst();
  const d = earn(row?.deposit_carry ?? 0n, sum.deposit, rates.deposit);
  const b = earn(row?.bet_carry ?? 0n, sum.validBet, rates.bet);
  const units = d.units + b.units;
  await trx
    .insertInto('lucky_ticket')
    .values({ member_id: memberId, game, balance: units, earned: units, deposit_carry: d.carry, bet_carry: b.carry, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'game']).doUpdateSet((eb) => ({
        balance: eb('lucky_ticket.balance', '+', units),
        earned: eb('lucky_ticket.earned', '+', units),
        deposit_carry: d.carry,
        bet_carry: b.carry,
        updated_at: now,
      })),
    )
    .execute();
}

async function addEntries(
  trx: Transaction<Database>,
  raffleId: number,
  memberId: number,
  sum: Sum,
  rates: { deposit: bigint | null; bet: bigint | null },
) {
  const row = await trx
    .selectFrom('lucky_raffle_entry')
    .select(['deposit_carry', 'bet_carry'])
    .where('raffle_id', '=', raffleId)
    .where('member_id', '=', memberId)
    .forUpdate()
    .executeTakeFirst();
  const d = earn(row?.deposit_carry ?? 0n, sum.deposit, rates.deposit);
  const b = earn(row?.bet_carry ?? 0n, sum.validBet, rates.bet);
  const units = d.units + b.units;
  await trx
    .insertInto('lucky_raffle_entry')
    .values({ raffle_id: raffleId, member_id: memberId, entries: units, deposit_carry: d.carry, bet_carry: b.carry })
    .onConflict((oc) =>
      oc.columns(['raffle_id', 'member_id']).doUpdateSet((eb) => ({
        entries: eb('lucky_raffle_entry.entries', '+', units),
        deposit_carry: d.carry,
        bet_carry: b.carry,
      })),
    )
    .execute();
}

export const luckyTicketsConsumer: OutboxConsumer = {
  name: LUCKY_CONSUMER,
  async apply(trx, events) {
    const activities = events.map(activityOf).filter((a): a is Activity => a !== null);
    if (activities.length === 0) return;
    const memberIds = [...new Set(activities.map((a) => a.memberId))];
    const members = await trx.selectFrom('member').select(['id', 'brand_id']).where('id', 'in', memberIds).execute();
    const brandOf = new Map(members.map((m) => [m.id, m.brand_id]));
    const brandIds = [...new Set(members.map((m) => m.brand_id))];
    const configs = await trx
      .selectFrom('lucky_config')
      .selectAll()
      .where('brand_id', 'in', brandIds)
      .where('enabled', '=', true)
      .execute();
    const raffles = await trx
      .selectFrom('lucky_raffle')
      .selectAll()
      .where('brand_id', 'in', brandIds)
      .where('status', '=', 'OPEN')
      .execute();

    const tickets = new Map<string, Sum>();
    const entries = new Map<string, Sum>();
    for (const a of activities) {
      const brandId = brandOf.get(a.memberId);
      for (const c of configs) if (c.brand_id === brandId) add(tickets, `${a.memberId}/${c.game}`, a);
      for (const r of raffles) {
        if (r.brand_id === brandId && a.at >= r.starts_at && a.at < r.ends_at) add(entries, `${r.id}/${a.memberId}`, a);
      }
    }
    const now = activities.at(-1)!.at;
    // In key order, so two writers never wait on each other's rows crosswise.
    for (const [key, sum] of [...tickets].sort(([a], [b]) => a.localeCompare(b))) {
      const [member, game] = key.split('/') as [string, LuckyGame];
      const config = configs.find((c) => c.brand_id === brandOf.get(Number(member)) && c.game === game)!;
      await addTickets(trx, Number(member), game, sum, { deposit: config.deposit_per_ticket, bet: config.valid_bet_per_ticket }, now);
    }
    for (const [key, sum] of [...entries].sort(([a], [b]) => a.localeCompare(b))) {
      const [raffleId, member] = key.split('/').map(Number) as [number, number];
      const raffle = raffles.find((r) => r.id === raffleId)!;
      await addEntries(trx, raffleId, member, sum, { deposit: raffle.deposit_per_entry, bet: raffle.valid_bet_per_entry });
    }
  },
};
