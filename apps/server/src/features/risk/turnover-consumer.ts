import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { raiseFlag } from './risk-flags.ts';
import { type BrandRiskRules, rulesOf } from './risk-rules.ts';

export const TURNOVER_CONSUMER = 'risk-turnover';

/** A member's turnover state: what is left to play, the last deposit and what was played since it. */
export type TurnoverState = { remaining: bigint; lastDeposit: bigint; playedSinceDeposit: bigint; lastDepositAt: Date | null };
const EMPTY: TurnoverState = { remaining: 0n, lastDeposit: 0n, playedSinceDeposit: 0n, lastDepositAt: null };

const validBetOf = (e: MoneyEvent): bigint => {
  const v = String(e.reference.validBet ?? '0');
  return /^\d{1,18}$/.test(v) ? BigInt(v) : 0n;
};

/**
 * One event applied to a member's state, in outbox order: a credited deposit adds its amount × the brand's turnover
 * rule (basis points) to what is left to play and starts a new "since the deposit"; a settled round's valid stake
 * takes off what is left (never below zero). The same function serves the consumer and the withdrawal check (which
 * adds the member's events the consumer has not reached yet), so the two cannot disagree.
 */
export function applyEvent(state: TurnoverState, e: MoneyEvent, turnoverBps: number): TurnoverState {
  if (e.kind === 'DEPOSIT' && e.amount > 0n) {
    return {
      remaining: state.remaining + (e.amount * BigInt(turnoverBps)) / 10_000n,
      lastDeposit: e.amount,
      playedSinceDeposit: 0n,
      lastDepositAt: e.createdAt,
    };
  }
  if (e.kind === 'ROUND_SETTLED') {
    const stake = validBetOf(e);
    const left = state.remaining - stake;
    return { ...state, remaining: left > 0n ? left : 0n, playedSinceDeposit: state.playedSinceDeposit + stake };
  }
  return state;
}

const RELEVANT = new Set(['DEPOSIT', 'ROUND_SETTLED']);

async function brandRules(trx: Db, memberIds: number[]) {
  const brands = await trx.selectFrom('member').select(['id', 'brand_id']).where('id', 'in', memberIds).execute();
  const byBrand = new Map<number, BrandRiskRules>();
  const out = new Map<number, { brandId: number; rules: BrandRiskRules }>();
  for (const m of brands) {
    let rules = byBrand.get(m.brand_id);
    if (!rules) {
      rules = await rulesOf(trx, m.brand_id);
      byBrand.set(m.brand_id, rules);
    }
    out.set(m.id, { brandId: m.brand_id, rules });
  }
  return out;
}

/**
 * The deposit turnover rule and the large-win flag from the money outbox (decision 044): each member's
 * member_turnover row moves by the batch's deposits and settled rounds, and a settled round whose win is above the
 * brand's threshold raises LARGE_WIN, both in the transaction that moves the consumer's position (exactly once).
 */
export const turnoverConsumer: OutboxConsumer = {
  name: TURNOVER_CONSUMER,
  async apply(trx: Transaction<Database>, events) {
    const relevant = events.filter((e) => RELEVANT.has(e.kind));
    if (relevant.length === 0) return;
    const memberIds = [...new Set(relevant.map((e) => e.memberId))];
    const rules = await brandRules(trx, memberIds);
    const rows = await trx.selectFrom('member_turnover').selectAll().where('member_id', 'in', memberIds).forUpdate().execute();
    const states = new Map<number, TurnoverState>(
      rows.map((r) => [
        r.member_id,
        {
          remaining: BigInt(r.remaining),
          lastDeposit: BigInt(r.last_deposit),
          playedSinceDeposit: BigInt(r.played_since_deposit),
          lastDepositAt: r.last_deposit_at,
        },
      ]),
    );
    for (const e of relevant) {
      const brand = rules.get(e.memberId);
      if (!brand) continue;
      states.set(e.memberId, applyEvent(states.get(e.memberId) ?? EMPTY, e, brand.rules.turnoverBps));
      if (e.kind === 'ROUND_SETTLED') {
        const win = String(e.reference.winTotal ?? '0');
        if (/^\d{1,18}$/.test(win) && BigInt(win) > brand.rules.largeWinAbove) {
          await raiseFlag(trx, {
            brandId: brand.brandId,
            memberId: e.memberId,
            kind: 'LARGE_WIN',
            dedupeKey: `large-win:${e.source}:${String(e.reference.roundId ?? e.id)}`,
            details: { win, stake: String(validBetOf(e)), vendor: e.reference.vendor ?? null, gameCode: e.reference.gameCode ?? null },
            at: e.createdAt,
          });
        }
      }
    }
    const at = relevant[relevant.length - 1]!.createdAt;
    for (const [memberId, s] of states) {
      const values = {
        remaining: s.remaining,
        last_deposit: s.lastDeposit,
        played_since_deposit: s.playedSinceDeposit,
        last_deposit_at: s.lastDepositAt,
        updated_at: at,
      };
      await trx
        .insertInto('member_turnover')
        .values({ member_id: memberId, ...values })
        .onConflict((oc) => oc.column('member_id').doUpdateSet(values))
        .execute();
    }
  },
};

type PendingRow = {
  id: string | bigint;
  kind: string;
  amount: string | bigint;
  reference: Record<string, unknown>;
  created_at: Date;
  source: string;
};

/**
 * A member's turnover state now: the consumer's row plus the member's own events the consumer has not reached yet
 * (read from the outbox after its position: a handful at most, never a scan of bets), so a withdrawal right after a
 * deposit already sees the deposit's turnover.
 */
export async function turnoverNow(db: Db, memberId: number, turnoverBps: number): Promise<TurnoverState> {
  const row = await db.selectFrom('member_turnover').selectAll().where('member_id', '=', memberId).executeTakeFirst();
  let state: TurnoverState = row
    ? {
        remaining: BigInt(row.remaining),
        lastDeposit: BigInt(row.last_deposit),
        playedSinceDeposit: BigInt(row.played_since_deposit),
        lastDepositAt: row.last_deposit_at,
      }
    : EMPTY;
  const { rows } = await sql<PendingRow>`
    select e.id, e.kind, e.amount, e.reference, e.created_at, e.source
    from money_event e, outbox_consumer c
    where c.name = ${TURNOVER_CONSUMER} and (e.tx_id, e.id) > (c.position_tx, c.position)
      and e.member_id = ${memberId} and e.kind in ('DEPOSIT', 'ROUND_SETTLED')
    order by e.tx_id, e.id`.execute(db);
  // No position row yet (the consumer never ran): nothing was applied, every event is pending.
  const registered = await sql<{ n: number }>`select count(*)::int as n from outbox_consumer where name = ${TURNOVER_CONSUMER}`.execute(db);
  const pending =
    (registered.rows[0]?.n ?? 0) > 0
      ? rows
      : (
          await sql<PendingRow>`select id, kind, amount, reference, created_at, source from money_event
            where member_id = ${memberId} and kind in ('DEPOSIT', 'ROUND_SETTLED') order by tx_id, id`.execute(db)
        ).rows;
  for (const r of pending) {
    state = applyEvent(
      state,
      {
        id: BigInt(r.id),
        txId: '0',
        memberId,
        kind: r.kind,
        amount: BigInt(r.amount),
        balanceAfter: 0n,
        currency: '',
        source: r.source,
        reference: r.reference,
        createdAt: r.created_at,
      },
      turnoverBps,
    );
  }
  return state;
}
