import type { ConsoleLuckyGame, ConsoleLuckyGameBody, ConsoleRaffle, ConsoleRaffleBody } from '@playfront/contract/console-lucky';
import type { LuckyGame } from '@playfront/contract/lucky';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { brandMoney, opsGameView, saveGameIn } from '../lucky/lucky.service.ts';
import { openRaffleIn, staffRaffles, updateRaffleIn } from '../lucky/raffle.service.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

/**
 * The console's wheel, eggs and raffle configuration (decision 060): the lucky feature's own functions (those the
 * `/ops/lucky` routes run) inside one transaction with the audit row, so the change and its row commit together.
 */

export async function consoleGame(db: Db, brandId: number, game: LuckyGame): Promise<ConsoleLuckyGame> {
  const [view, money] = [await opsGameView(db, brandId, game), await brandMoney(db, brandId)];
  return {
    ...view,
    game,
    currency: money.currency,
    currencySymbol: money.currency_symbol,
    plays: view.prizes.reduce((n, p) => n + p.awarded, 0),
  };
}

/** A BONUS prize pays bonus money of a promotion of this brand: one that does not exist is refused on its field. */
async function checkPromotions(db: Db, brandId: number, prizes: readonly { promotionId: number | null }[]): Promise<void> {
  const wanted = [...new Set(prizes.flatMap((p) => (p.promotionId === null ? [] : [p.promotionId])))];
  if (wanted.length === 0) return;
  const found = new Set(
    (await db.selectFrom('promotion').select('id').where('brand_id', '=', brandId).where('id', 'in', wanted).execute()).map((r) => r.id),
  );
  const fields: Record<string, { key: string }> = {};
  prizes.forEach((p, i) => {
    if (p.promotionId !== null && !found.has(p.promotionId)) fields[`prizes.${i}.promotionId`] = { key: 'errors.invalidField' };
  });
  if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });
}

export async function consoleSaveGame(
  db: Db,
  actor: AuditActor,
  game: LuckyGame,
  body: ConsoleLuckyGameBody,
  now: Date,
): Promise<ConsoleLuckyGame> {
  await checkPromotions(db, actor.brandId, body.prizes);
  return db.transaction().execute(async (trx) => {
    const existed = await trx
      .selectFrom('lucky_config')
      .select('game')
      .where('brand_id', '=', actor.brandId)
      .where('game', '=', game)
      .forUpdate()
      .executeTakeFirst();
    const before = existed ? await consoleGame(trx, actor.brandId, game) : null;
    await saveGameIn(trx, actor.brandId, game, body, now);
    const after = await consoleGame(trx, actor.brandId, game);
    await withAudit(trx, actor, 'lucky.game', { type: 'lucky_game', id: game }, before, after, now);
    return after;
  });
}

async function oneRaffle(db: Db, brandId: number, raffleId: number, now: Date): Promise<ConsoleRaffle | null> {
  return (await staffRaffles(db, brandId, now, raffleId)).list[0] ?? null;
}

export async function consoleOpenRaffle(db: Db, actor: AuditActor, body: ConsoleRaffleBody, now: Date): Promise<ConsoleRaffle> {
  await checkPromotions(db, actor.brandId, body.prizes);
  return db.transaction().execute(async (trx) => {
    const id = await openRaffleIn(trx, actor.brandId, body, now);
    const after = (await oneRaffle(trx, actor.brandId, id, now))!;
    await withAudit(trx, actor, 'raffle.create', { type: 'raffle', id }, null, after, now);
    return after;
  });
}

export async function consoleUpdateRaffle(
  db: Db,
  actor: AuditActor,
  raffleId: number,
  body: ConsoleRaffleBody,
  now: Date,
): Promise<ConsoleRaffle> {
  await checkPromotions(db, actor.brandId, body.prizes);
  return db.transaction().execute(async (trx) => {
    // Locked first, so the "before" of the audit row is the version this change replaces.
    await trx
      .selectFrom('lucky_raffle')
      .select('id')
      .where('id', '=', raffleId)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .execute();
    const before = await oneRaffle(trx, actor.brandId, raffleId, now);
    await updateRaffleIn(trx, actor.brandId, raffleId, body, now);
    const after = (await oneRaffle(trx, actor.brandId, raffleId, now))!;
    await withAudit(trx, actor, 'raffle.update', { type: 'raffle', id: raffleId }, before, after, now);
    return after;
  });
}
