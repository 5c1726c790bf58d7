import type { ConsoleRaffle, ConsoleRaffleList } from '@playfront/contract/console-lucky';
import { drawRaffle, type OpsRaffleBody, type Raffle, type RaffleList, raffleClientInput } from '@playfront/contract/lucky';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PeriodicJob } from '../../infra/jobs/job-runner.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { brandMoney } from './lucky.service.ts';
import type { LuckyRaffleRow } from './lucky.table.ts';
import { fairStream, hashServerSeed, newServerSeed } from './lucky-fair.ts';

/**
 * Raffles (spec section 7 `rafflePromotion`; issue 12): a period, entries earned by deposits and valid bets inside it
 * (the `lucky-tickets` consumer), prizes by rank. The server seed is made and its SHA-256 shown when the raffle opens;
 * after the end the draw job (exactly once: the job_run claim, the raffle row locked and marked DRAWN, one winner row
 * per rank, each prize paid with key `raffle:<id>:<rank>`) draws with `drawRaffle` over the entrants in member order
 * (rank k: HMAC-SHA256(seed, `raffle-<id>:k`)), pays each winner (RAFFLE_PRIZE) and reveals the seed.
 */
type Lang = 'en' | 'bn';

export async function openRaffle(db: Db, brandId: number, body: OpsRaffleBody, now: Date): Promise<number> {
  return db.transaction().execute((trx) => openRaffleIn(trx, brandId, body, now));
}

/** A bonus prize needs the promotion whose wagering it carries. */
function checkRaffleBody(body: OpsRaffleBody): void {
  if (body.prizes.some((p) => p.kind === 'BONUS' && p.promotionId === null)) throw new AppError('VALIDATION');
}

function prizeRows(raffleId: number, body: OpsRaffleBody) {
  return body.prizes.map((p, i) => ({
    raffle_id: raffleId,
    rank: i + 1,
    kind: p.kind,
    amount: BigInt(p.amount),
    promotion_id: p.kind === 'BONUS' ? p.promotionId : null,
  }));
}

/** openRaffle's writes inside the caller's transaction (the console's, with its audit row). */
export async function openRaffleIn(trx: Db, brandId: number, body: OpsRaffleBody, now: Date): Promise<number> {
  checkRaffleBody(body);
  const seed = newServerSeed();
  const raffle = await trx
    .insertInto('lucky_raffle')
    .values({
      brand_id: brandId,
      title_en: body.titleEn,
      title_bn: body.titleBn,
      starts_at: new Date(body.startsAt),
      ends_at: new Date(body.endsAt),
      deposit_per_entry: body.depositPerEntry === null ? null : BigInt(body.depositPerEntry),
      valid_bet_per_entry: body.validBetPerEntry === null ? null : BigInt(body.validBetPerEntry),
      server_seed: seed,
      server_seed_hash: hashServerSeed(seed),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('lucky_raffle_prize').values(prizeRows(raffle.id, body)).execute();
  return raffle.id;
}

/**
 * Changes a raffle that has not started (entries are earned only from its start, so none exist yet): titles, period,
 * entry rates and the prize list. The row is locked, so the draw or a second edit waits; the seed commitment stays.
 * Refused with RAFFLE_STARTED from its start on. Returns the row as it was, for the audit.
 */
export async function updateRaffleIn(trx: Db, brandId: number, raffleId: number, body: OpsRaffleBody, now: Date): Promise<LuckyRaffleRow> {
  checkRaffleBody(body);
  const before = await trx
    .selectFrom('lucky_raffle')
    .selectAll()
    .where('id', '=', raffleId)
    .where('brand_id', '=', brandId)
    .forUpdate()
    .executeTakeFirst();
  if (!before) throw new AppError('NOT_FOUND');
  if (before.status !== 'OPEN' || before.starts_at <= now) throw new AppError('RAFFLE_STARTED');
  await trx
    .updateTable('lucky_raffle')
    .set({
      title_en: body.titleEn,
      title_bn: body.titleBn,
      starts_at: new Date(body.startsAt),
      ends_at: new Date(body.endsAt),
      deposit_per_entry: body.depositPerEntry === null ? null : BigInt(body.depositPerEntry),
      valid_bet_per_entry: body.validBetPerEntry === null ? null : BigInt(body.validBetPerEntry),
    })
    .where('id', '=', raffleId)
    .execute();
  await trx.deleteFrom('lucky_raffle_prize').where('raffle_id', '=', raffleId).execute();
  await trx.insertInto('lucky_raffle_prize').values(prizeRows(raffleId, body)).execute();
  return before;
}

/** The staff view of a brand's raffles (newest first): both titles, prizes with their promotions, tickets sold, winners by username. */
export async function staffRaffles(db: Db, brandId: number, now: Date, raffleId?: number): Promise<ConsoleRaffleList> {
  let query = db.selectFrom('lucky_raffle').selectAll().where('brand_id', '=', brandId);
  if (raffleId !== undefined) query = query.where('id', '=', raffleId);
  const raffles = await query.orderBy('id', 'desc').limit(100).execute();
  const ids = raffles.map((r) => r.id);
  const money = await brandMoney(db, brandId);
  if (ids.length === 0) return { currency: money.currency, currencySymbol: money.currency_symbol, list: [] };
  const prizes = await db.selectFrom('lucky_raffle_prize').selectAll().where('raffle_id', 'in', ids).orderBy('rank').execute();
  const sold = await db
    .selectFrom('lucky_raffle_entry')
    .select(['raffle_id', sql<string>`coalesce(sum(entries), 0)::text`.as('tickets'), sql<string>`count(*)::text`.as('members')])
    .where('raffle_id', 'in', ids)
    .where('entries', '>', 0)
    .groupBy('raffle_id')
    .execute();
  const winners = await db
    .selectFrom('lucky_raffle_winner as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .select(['w.raffle_id', 'w.rank', 'w.member_id', 'w.ticket', 'w.amount', 'w.paid_as', 'm.username'])
    .where('w.raffle_id', 'in', ids)
    .orderBy('w.rank')
    .execute();
  const list: ConsoleRaffle[] = raffles.map((r) => {
    const counts = sold.find((s) => s.raffle_id === r.id);
    return {
      id: r.id,
      titleEn: r.title_en,
      titleBn: r.title_bn,
      status: r.status,
      editable: r.status === 'OPEN' && r.starts_at > now,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      drawnAt: r.drawn_at ? new Date(r.drawn_at).toISOString() : null,
      depositPerEntry: r.deposit_per_entry?.toString() ?? null,
      validBetPerEntry: r.valid_bet_per_entry?.toString() ?? null,
      prizes: prizes
        .filter((p) => p.raffle_id === r.id)
        .map((p) => ({ rank: p.rank, kind: p.kind, amount: p.amount.toString(), promotionId: p.promotion_id })),
      ticketsSold: Number(counts?.tickets ?? 0),
      entrants: Number(counts?.members ?? 0),
      serverSeedHash: r.server_seed_hash,
      serverSeed: r.status === 'DRAWN' ? r.server_seed : null,
      winners: winners
        .filter((w) => w.raffle_id === r.id)
        .map((w) => ({
          rank: w.rank,
          memberId: w.member_id,
          username: w.username,
          ticket: w.ticket,
          amount: w.amount.toString(),
          paidAs: w.paid_as,
        })),
    };
  });
  return { currency: money.currency, currencySymbol: money.currency_symbol, list };
}

/** The raffles a member sees: open ones and those drawn in the last 30 days, newest first. */
export async function raffleList(
  db: Db,
  brandId: number,
  memberId: number | null,
  lang: Lang,
  now: Date,
  all = false,
): Promise<RaffleList> {
  let query = db.selectFrom('lucky_raffle').selectAll().where('brand_id', '=', brandId);
  if (!all) {
    query = query.where((eb) => eb.or([eb('status', '=', 'OPEN'), eb('drawn_at', '>', new Date(now.getTime() - 30 * 86_400_000))]));
  }
  const raffles = await query.orderBy('id', 'desc').limit(20).execute();
  const money = await brandMoney(db, brandId);
  const list: Raffle[] = [];
  for (const r of raffles) list.push(await raffleView(db, r, memberId, lang));
  return { currency: money.currency, currencySymbol: money.currency_symbol, list };
}

async function raffleView(db: Db, r: LuckyRaffleRow, memberId: number | null, lang: Lang): Promise<Raffle> {
  const prizes = await db.selectFrom('lucky_raffle_prize').selectAll().where('raffle_id', '=', r.id).orderBy('rank').execute();
  const entries = await db
    .selectFrom('lucky_raffle_entry as e')
    .innerJoin('member as m', 'm.id', 'e.member_id')
    .select(['e.member_id', 'e.entries', 'm.username'])
    .where('e.raffle_id', '=', r.id)
    .where('e.entries', '>', 0)
    .orderBy('e.member_id')
    .execute();
  const winners = await db
    .selectFrom('lucky_raffle_winner as w')
    .innerJoin('member as m', 'm.id', 'w.member_id')
    .select(['w.rank', 'w.member_id', 'w.ticket', 'w.amount', 'm.username'])
    .where('w.raffle_id', '=', r.id)
    .orderBy('w.rank')
    .execute();
  const drawn = r.status === 'DRAWN';
  const prizeLabel = (kind: string) => (kind === 'BONUS' ? (lang === 'bn' ? 'বোনাস' : 'Bonus') : lang === 'bn' ? 'নগদ' : 'Cash');
  return {
    id: r.id,
    title: lang === 'bn' ? r.title_bn : r.title_en,
    status: r.status,
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    depositPerEntry: r.deposit_per_entry?.toString() ?? null,
    validBetPerEntry: r.valid_bet_per_entry?.toString() ?? null,
    myEntries: entries.find((e) => e.member_id === memberId)?.entries ?? 0,
    totalEntries: entries.reduce((sum, e) => sum + e.entries, 0),
    prizes: prizes.map((p) => ({ rank: p.rank, kind: p.kind, amount: p.amount.toString(), label: prizeLabel(p.kind) })),
    serverSeedHash: r.server_seed_hash,
    serverSeed: drawn ? r.server_seed : null,
    winners: winners.map((w) => ({
      rank: w.rank,
      name: maskName(w.username),
      ticket: w.ticket,
      amount: w.amount.toString(),
      mine: w.member_id === memberId,
    })),
    entrants: drawn ? entries.map((e) => ({ memberId: e.member_id, name: maskName(e.username), entries: e.entries })) : [],
  };
}

/**
 * Draws every raffle that has ended, in the claiming transaction of the job. Each raffle row is locked and must still
 * be OPEN, so a raffle is drawn once even if two draws overlap; winner rows (one per rank and per member) and the
 * payment keys make a repeat pay nothing twice. Returns how many raffles were drawn.
 */
export async function drawDueRaffles(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectFrom('lucky_raffle')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('ends_at', '<=', now)
    .orderBy('id')
    .forUpdate()
    .skipLocked()
    .execute();
  for (const raffle of due) await drawRaffleNow(db, raffle, now);
  return due.length;
}

async function drawRaffleNow(db: Db, raffle: LuckyRaffleRow, now: Date): Promise<void> {
  const prizes = await db.selectFrom('lucky_raffle_prize').selectAll().where('raffle_id', '=', raffle.id).orderBy('rank').execute();
  const entrants = await db
    .selectFrom('lucky_raffle_entry')
    .select(['member_id as memberId', 'entries'])
    .where('raffle_id', '=', raffle.id)
    .where('entries', '>', 0)
    .orderBy('member_id')
    .execute();
  const winners = drawRaffle((rank) => fairStream(raffle.server_seed, raffleClientInput(raffle.id), rank), entrants, prizes.length);
  const { currency } = await brandMoney(db, raffle.brand_id);
  for (const w of winners) {
    const prize = prizes[w.rank - 1]!;
    const outcome = await payReward(db, {
      memberId: w.memberId,
      currency,
      amount: prize.amount,
      kind: 'RAFFLE_PRIZE',
      key: `raffle:${raffle.id}:${w.rank}`,
      reference: { raffleId: String(raffle.id), rank: String(w.rank) },
      bonusPromotionId: prize.kind === 'BONUS' ? prize.promotion_id : null,
      now,
    });
    const paidAs = outcome.outcome === 'REFUSED' ? 'CLAIMABLE' : outcome.as;
    await db
      .insertInto('lucky_raffle_winner')
      .values({
        raffle_id: raffle.id,
        rank: w.rank,
        member_id: w.memberId,
        ticket: w.ticket,
        amount: prize.amount,
        paid_as: paidAs,
        transfer_id: outcome.outcome !== 'REFUSED' && outcome.as === 'CASH' ? outcome.transferId : null,
      })
      .execute();
  }
  await sql`update lucky_raffle set status = 'DRAWN', drawn_at = ${now} where id = ${raffle.id}`.execute(db);
}

/** The draw job: every minute, claimed once per period across instances, draws what has ended. */
export function raffleDrawJob(periodMs = 60_000): PeriodicJob {
  return { name: 'lucky-raffle-draw', periodMs, run: (trx, { now }) => drawDueRaffles(trx, now) };
}
