import {
  type FairSlot,
  type LuckyGame,
  type LuckyGameView,
  type LuckyPaidAs,
  type LuckyPlay,
  type LuckyPlayResult,
  luckyClientInput,
  type OpsLuckyGameBody,
  pickWeighted,
} from '@playfront/contract/lucky';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { payReward } from '../bonus/pay-reward.ts';
import type { LuckyConfigRow, LuckyPlayRow, LuckyPrizeRow, LuckySeedRow } from './lucky.table.ts';
import { fairStream, hashServerSeed, newClientSeed, newServerSeed } from './lucky-fair.ts';

/**
 * Prize wheel and golden eggs (issue 12): one engine, two games. A play, in one transaction:
 * 1. locks the game's config row (the budget; every play of the brand's game queues here, so stock and budgets are
 *    read and spent by one play at a time and never overspent, whatever the concurrency);
 * 2. spends one ticket (`balance > 0` in the UPDATE: a ticket is never spent twice);
 * 3. takes the next nonce of the member's current seed pair;
 * 4. leaves out the prizes that can no longer be paid (stock 0, or an amount over the prize's or the game's budget
 *    left), draws among the rest by weight from HMAC-SHA256(server seed, client input:nonce), and records the slots it
 *    drew from, so the draw can be recomputed;
 * 5. spends the prize's stock and budgets and pays it with `payReward` (WHEEL_PRIZE / EGG_PRIZE), keyed by the play.
 * A bonus prize refused because the member already has an active bonus stays claimable in the reward centre
 * (reward_pay leaves the participation claimable): the play records it as CLAIMABLE; stock and budget are spent.
 */
type Lang = 'en' | 'bn';

const KIND_OF_GAME = { wheel: 'WHEEL_PRIZE', eggs: 'EGG_PRIZE' } as const;

export async function brandMoney(db: Db, brandId: number) {
  return db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
}

async function findConfig(db: Db, brandId: number, game: LuckyGame): Promise<LuckyConfigRow | undefined> {
  return db.selectFrom('lucky_config').selectAll().where('brand_id', '=', brandId).where('game', '=', game).executeTakeFirst();
}

async function activePrizes(db: Db, brandId: number, game: LuckyGame): Promise<LuckyPrizeRow[]> {
  return db
    .selectFrom('lucky_prize')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('game', '=', game)
    .where('active', '=', true)
    .orderBy('position')
    .execute();
}

/** Whether a prize can still be paid in full: in stock, within its own budget and the game's. */
export function canPay(prize: LuckyPrizeRow, gameBudget: bigint | null): boolean {
  if (prize.kind === 'NONE') return true;
  if (prize.stock_left !== null && prize.stock_left <= 0) return false;
  if (prize.budget_left !== null && prize.budget_left < prize.amount) return false;
  return gameBudget === null || gameBudget >= prize.amount;
}

/** The draw's input: the prizes that can be won now, in position order, with their weights. */
export function drawSlots(prizes: readonly LuckyPrizeRow[], gameBudget: bigint | null): FairSlot[] {
  return prizes.filter((p) => canPay(p, gameBudget)).map((p) => ({ position: p.position, weight: p.weight }));
}

/** The member's current seed pair of the game, made on first use (a race makes one: the partial unique index). */
async function currentSeed(db: Db, memberId: number, game: LuckyGame): Promise<LuckySeedRow> {
  const found = await db
    .selectFrom('lucky_seed')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('game', '=', game)
    .where('is_current', '=', true)
    .executeTakeFirst();
  if (found) return found;
  const seed = newServerSeed();
  await sql`insert into lucky_seed (member_id, game, server_seed, server_seed_hash, client_seed)
    values (${memberId}, ${game}, ${seed}, ${hashServerSeed(seed)}, ${newClientSeed()})
    on conflict (member_id, game) where is_current do nothing`.execute(db);
  return currentSeed(db, memberId, game);
}

/**
 * The member's ticket row, made on first use with the game's welcome tickets: `on conflict do nothing`, so the gift is
 * given once per member and game whatever races (a member with earned tickets already has the row and gets none).
 */
async function welcome(db: Db, memberId: number, game: LuckyGame, config: LuckyConfigRow | undefined, now: Date): Promise<void> {
  const gift = config?.enabled ? config.welcome_tickets : 0;
  await db
    .insertInto('lucky_ticket')
    .values({ member_id: memberId, game, balance: gift, earned: gift, updated_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'game']).doNothing())
    .execute();
}

async function ticketBalance(db: Db, memberId: number, game: LuckyGame): Promise<number> {
  const row = await db
    .selectFrom('lucky_ticket')
    .select('balance')
    .where('member_id', '=', memberId)
    .where('game', '=', game)
    .executeTakeFirst();
  return row?.balance ?? 0;
}

const label = (p: Pick<LuckyPrizeRow, 'label_en' | 'label_bn'>, lang: Lang) => (lang === 'bn' ? p.label_bn : p.label_en);

export async function gameView(db: Db, brandId: number, memberId: number, game: LuckyGame, lang: Lang, now: Date): Promise<LuckyGameView> {
  const config = await findConfig(db, brandId, game);
  await welcome(db, memberId, game, config, now);
  const [prizes, money, seed, tickets] = [
    await activePrizes(db, brandId, game),
    await brandMoney(db, brandId),
    await currentSeed(db, memberId, game),
    await ticketBalance(db, memberId, game),
  ];
  const budget = config?.budget_left ?? null;
  return {
    game,
    enabled: Boolean(config?.enabled) && prizes.length > 0,
    currency: money.currency,
    currencySymbol: money.currency_symbol,
    tickets,
    depositPerTicket: config?.deposit_per_ticket?.toString() ?? null,
    validBetPerTicket: config?.valid_bet_per_ticket?.toString() ?? null,
    eggCount: game === 'eggs' ? (config?.egg_count ?? 0) : 0,
    prizes: prizes.map((p) => ({
      position: p.position,
      label: label(p, lang),
      kind: p.kind,
      amount: p.amount.toString(),
      weight: p.weight,
      available: canPay(p, budget),
    })),
    seed: { serverSeedHash: seed.server_seed_hash, clientSeed: seed.client_seed, nextNonce: seed.nonce },
  };
}

/** Spends one ticket; refuses when none is left. */
async function spendTicket(db: Db, memberId: number, game: LuckyGame, now: Date): Promise<number> {
  const row = await db
    .updateTable('lucky_ticket')
    .set((eb) => ({ balance: eb('balance', '-', 1), updated_at: now }))
    .where('member_id', '=', memberId)
    .where('game', '=', game)
    .where('balance', '>', 0)
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw new AppError('LUCKY_NO_TICKET');
  return row.balance;
}

/** Takes the current seed pair's next nonce: one UPDATE, so two plays never share one. */
async function takeNonce(db: Db, memberId: number, game: LuckyGame) {
  await currentSeed(db, memberId, game);
  return db
    .updateTable('lucky_seed')
    .set((eb) => ({ nonce: eb('nonce', '+', 1) }))
    .where('member_id', '=', memberId)
    .where('game', '=', game)
    .where('is_current', '=', true)
    .returning(['id', 'server_seed', 'server_seed_hash', 'client_seed', sql<number>`nonce - 1`.as('nonce')])
    .executeTakeFirstOrThrow();
}

/** Spends the won prize's stock and budgets; the config and prize rows are locked by the play. */
async function spendPrize(db: Db, config: LuckyConfigRow, prize: LuckyPrizeRow): Promise<void> {
  await db
    .updateTable('lucky_prize')
    .set((eb) => ({
      awarded: eb('awarded', '+', 1),
      stock_left: prize.stock_left === null ? null : eb('stock_left', '-', 1),
      budget_left: prize.budget_left === null ? null : eb('budget_left', '-', prize.amount),
    }))
    .where('id', '=', prize.id)
    .execute();
  if (prize.amount > 0n && config.budget_left !== null) {
    await db
      .updateTable('lucky_config')
      .set((eb) => ({ budget_left: eb('budget_left', '-', prize.amount) }))
      .where('brand_id', '=', config.brand_id)
      .where('game', '=', config.game)
      .execute();
  }
}

export type PlayInput = { brandId: number; memberId: number; game: LuckyGame; egg: number | null; now: Date; lang: Lang };

export async function play(db: Db, input: PlayInput): Promise<LuckyPlayResult> {
  const { brandId, memberId, game, now } = input;
  return db.transaction().execute(async (trx) => {
    const config = await trx
      .selectFrom('lucky_config')
      .selectAll()
      .where('brand_id', '=', brandId)
      .where('game', '=', game)
      .forUpdate()
      .executeTakeFirst();
    if (!config?.enabled) throw new AppError('FEATURE_DISABLED');
    const egg = game === 'eggs' ? input.egg : null;
    if (game === 'eggs' && (egg === null || egg < 1 || egg > config.egg_count)) throw new AppError('LUCKY_EGG_INVALID');
    await welcome(trx, memberId, game, config, now);
    const tickets = await spendTicket(trx, memberId, game, now);
    const prizes = await activePrizes(trx, brandId, game);
    const slots = drawSlots(prizes, config.budget_left);
    if (slots.length === 0) throw new AppError('LUCKY_SOLD_OUT');
    const seed = await takeNonce(trx, memberId, game);
    const position = pickWeighted(fairStream(seed.server_seed, luckyClientInput(game, seed.client_seed, egg), seed.nonce), slots);
    const prize = prizes.find((p) => p.position === position)!;
    await spendPrize(trx, config, prize);
    const row = await trx
      .insertInto('lucky_play')
      .values({
        member_id: memberId,
        game,
        seed_id: seed.id,
        nonce: seed.nonce,
        egg,
        slots: JSON.stringify(slots),
        prize_id: prize.id,
        position,
        kind: prize.kind,
        amount: prize.amount,
        paid_as: 'NONE',
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const paid = await payPrize(trx, { brandId, memberId, game, playId: row.id, prize, now });
    const settled = await trx
      .updateTable('lucky_play')
      .set({ paid_as: paid.paidAs, transfer_id: paid.transferId })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return {
      play: toPlayView(settled, { ...seed, revealed: false }, prize, input.lang),
      tickets,
    };
  });
}

async function payPrize(
  db: Db,
  p: { brandId: number; memberId: number; game: LuckyGame; playId: bigint; prize: LuckyPrizeRow; now: Date },
): Promise<{ paidAs: LuckyPaidAs; transferId: string | null }> {
  if (p.prize.kind === 'NONE') return { paidAs: 'NONE', transferId: null };
  const { currency } = await brandMoney(db, p.brandId);
  const outcome = await payReward(db, {
    memberId: p.memberId,
    currency,
    amount: p.prize.amount,
    kind: KIND_OF_GAME[p.game],
    key: `lucky:${p.game}:${p.playId}`,
    reference: { game: p.game, playId: String(p.playId), position: String(p.prize.position) },
    bonusPromotionId: p.prize.kind === 'BONUS' ? p.prize.promotion_id : null,
    now: p.now,
  });
  if (outcome.outcome === 'REFUSED') return { paidAs: 'CLAIMABLE', transferId: null };
  return outcome.as === 'CASH' ? { paidAs: 'CASH', transferId: outcome.transferId } : { paidAs: 'BONUS', transferId: null };
}

type SeedOfPlay = { server_seed: string; server_seed_hash: string; client_seed: string; revealed: boolean };

function toPlayView(row: LuckyPlayRow, seed: SeedOfPlay, prize: Pick<LuckyPrizeRow, 'label_en' | 'label_bn'>, lang: Lang): LuckyPlay {
  return {
    id: String(row.id),
    game: row.game,
    nonce: row.nonce,
    clientSeed: seed.client_seed,
    egg: row.egg,
    serverSeedHash: seed.server_seed_hash,
    serverSeed: seed.revealed ? seed.server_seed : null,
    slots: row.slots,
    position: row.position,
    label: label(prize, lang),
    kind: row.kind,
    amount: row.amount.toString(),
    paidAs: row.paid_as,
    createdAt: row.created_at.toISOString(),
  };
}

/** The member's latest plays of a game, each with its seed pair (the seed itself once revealed). */
export async function listPlays(db: Db, memberId: number, game: LuckyGame, lang: Lang, limit = 20): Promise<LuckyPlay[]> {
  const rows = await db
    .selectFrom('lucky_play as p')
    .innerJoin('lucky_seed as s', 's.id', 'p.seed_id')
    .innerJoin('lucky_prize as z', 'z.id', 'p.prize_id')
    .selectAll('p')
    .select(['s.server_seed', 's.server_seed_hash', 's.client_seed', 's.is_current', 'z.label_en', 'z.label_bn'])
    .where('p.member_id', '=', memberId)
    .where('p.game', '=', game)
    .orderBy('p.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => toPlayView(r, { ...r, revealed: !r.is_current }, r, lang));
}

/**
 * A new client seed: finishes the current pair (its server seed becomes public, so every play made with it can be
 * verified) and starts the next with a fresh server seed, in one transaction. The old pair is locked first, so a
 * play racing with it uses either the old pair (before the reveal) or the new one, never a revealed seed.
 */
export async function rotateSeed(db: Db, memberId: number, game: LuckyGame, clientSeed: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    await currentSeed(trx, memberId, game);
    const finished = await trx
      .updateTable('lucky_seed')
      .set({ is_current: false, revealed_at: now })
      .where('member_id', '=', memberId)
      .where('game', '=', game)
      .where('is_current', '=', true)
      .returning(['server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
      .executeTakeFirstOrThrow();
    const seed = newServerSeed();
    const next = await trx
      .insertInto('lucky_seed')
      .values({
        member_id: memberId,
        game,
        server_seed: seed,
        server_seed_hash: hashServerSeed(seed),
        client_seed: clientSeed,
        created_at: now,
      })
      .returning(['server_seed_hash', 'client_seed', 'nonce'])
      .executeTakeFirstOrThrow();
    return {
      revealed: {
        serverSeed: finished.server_seed,
        serverSeedHash: finished.server_seed_hash,
        clientSeed: finished.client_seed,
        plays: finished.nonce,
      },
      seed: { serverSeedHash: next.server_seed_hash, clientSeed: next.client_seed, nextNonce: next.nonce },
    };
  });
}

// Operator side.

export async function opsGameView(db: Db, brandId: number, game: LuckyGame) {
  const config = await findConfig(db, brandId, game);
  const prizes = await activePrizes(db, brandId, game);
  return {
    enabled: config?.enabled ?? false,
    depositPerTicket: config?.deposit_per_ticket?.toString() ?? null,
    validBetPerTicket: config?.valid_bet_per_ticket?.toString() ?? null,
    eggCount: config?.egg_count ?? 0,
    budget: config?.budget_left?.toString() ?? null,
    welcomeTickets: config?.welcome_tickets ?? 0,
    prizes: prizes.map((p) => ({
      position: p.position,
      labelEn: p.label_en,
      labelBn: p.label_bn,
      kind: p.kind,
      amount: p.amount.toString(),
      promotionId: p.promotion_id,
      weight: p.weight,
      stock: p.stock_left,
      budget: p.budget_left?.toString() ?? null,
      awarded: p.awarded,
    })),
  };
}

/**
 * Sets a game's configuration and replaces its prize set: the old prizes are switched off (past plays keep pointing at
 * them) and the given ones inserted, under the config row's lock so no play draws from a half-written set.
 */
export async function saveGame(db: Db, brandId: number, game: LuckyGame, body: OpsLuckyGameBody, now: Date): Promise<void> {
  await db.transaction().execute((trx) => saveGameIn(trx, brandId, game, body, now));
}

/** saveGame's writes, inside the caller's transaction (the console's, with its audit row); the body is checked. */
export async function saveGameIn(trx: Db, brandId: number, game: LuckyGame, body: OpsLuckyGameBody, now: Date): Promise<void> {
  checkGameBody(game, body);
  const values = {
    enabled: body.enabled,
    deposit_per_ticket: body.depositPerTicket === null ? null : BigInt(body.depositPerTicket),
    valid_bet_per_ticket: body.validBetPerTicket === null ? null : BigInt(body.validBetPerTicket),
    egg_count: game === 'eggs' ? body.eggCount : 0,
    budget_left: body.budget === null ? null : BigInt(body.budget),
    welcome_tickets: body.welcomeTickets,
    updated_at: now,
  };
  await trx
    .insertInto('lucky_config')
    .values({ brand_id: brandId, game, ...values })
    .onConflict((oc) => oc.columns(['brand_id', 'game']).doUpdateSet(values))
    .execute();
  await trx.selectFrom('lucky_config').select('game').where('brand_id', '=', brandId).where('game', '=', game).forUpdate().execute();
  await trx.updateTable('lucky_prize').set({ active: false }).where('brand_id', '=', brandId).where('game', '=', game).execute();
  await trx
    .insertInto('lucky_prize')
    .values(
      body.prizes.map((p) => ({
        brand_id: brandId,
        game,
        position: p.position,
        label_en: p.labelEn,
        label_bn: p.labelBn,
        kind: p.kind,
        amount: BigInt(p.amount),
        promotion_id: p.promotionId,
        weight: p.weight,
        stock_left: p.stock,
        budget_left: p.budget === null ? null : BigInt(p.budget),
      })),
    )
    .execute();
}

/**
 * Refuses a prize set that cannot work: an eggs game without eggs, two prizes on one position, a NONE prize that pays
 * or a paying one that does not, a BONUS prize without its promotion.
 */
function checkGameBody(game: LuckyGame, body: OpsLuckyGameBody): void {
  if (game === 'eggs' && body.eggCount === 0) throw new AppError('VALIDATION');
  const positions = new Set(body.prizes.map((p) => p.position));
  if (positions.size !== body.prizes.length) throw new AppError('VALIDATION');
  for (const p of body.prizes) {
    if ((p.kind === 'NONE') !== (p.amount === '0') || (p.kind === 'BONUS') !== (p.promotionId !== null)) throw new AppError('VALIDATION');
  }
}

/** Adds tickets to a member of the brand (operator gift, demo seed); returns the new balance. */
export async function grantTickets(db: Db, memberId: number, game: LuckyGame, count: number, now: Date): Promise<number> {
  const row = await db
    .insertInto('lucky_ticket')
    .values({ member_id: memberId, game, balance: count, earned: count, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['member_id', 'game']).doUpdateSet((eb) => ({
        balance: eb('lucky_ticket.balance', '+', count),
        earned: eb('lucky_ticket.earned', '+', count),
        updated_at: now,
      })),
    )
    .returning('balance')
    .executeTakeFirstOrThrow();
  return row.balance;
}
