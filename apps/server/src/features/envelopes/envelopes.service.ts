import { randomBytes } from 'node:crypto';
import type { NextRain, OpenedEnvelope, OpsRain, OpsRainBody, RainState, RunningRain } from '@playfront/contract/envelopes';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { assertNotBlocked, mayReceiveMarketing } from '../protection/protection.service.ts';
import { nextStart, type RainTiming, runningStart } from './envelope-schedule.ts';
import { splitBudget, splittable } from './envelope-split.ts';
import type { EnvelopeOccurrenceRow, EnvelopeRainRow } from './envelopes.table.ts';

/**
 * Red envelope rain (issue 12). How the budget is kept: when an occurrence starts, its budget is split once into
 * `count` amounts (envelope-split.ts: each within [min, max], the sum at most the budget, shuffled from a seed) and
 * written as envelope_slot rows. An open claims the next free slot with `for update skip locked` (concurrent opens
 * never wait on each other nor take the same slot), writes the member into it (unique per occurrence and member) and
 * pays its amount through `reward_pay` in the same transaction. No open can pay more than a slot holds and no slot is
 * paid twice, so the budget cannot be overspent however many open at once.
 *
 * A rain paid as bonus money: a member with an active bonus is refused (BONUS_ALREADY_ACTIVE) and the slot goes back
 * to the rain for someone else, since one bonus at a time is the rule of the bonus engine (decision 026).
 */

const SLOT_BATCH = 1_000;

const timing = (r: EnvelopeRainRow): RainTiming => ({
  startsAt: r.starts_at,
  durationSeconds: r.duration_seconds,
  repeatMinutes: r.repeat_minutes,
});

export type DueStart = { rain: EnvelopeRainRow; startsAt: Date };

/** Active rains whose occurrence should be running at `now` and was not made yet. */
export async function dueStarts(db: Db, now: Date): Promise<DueStart[]> {
  const rains = await db.selectFrom('envelope_rain').selectAll().where('active', '=', true).where('starts_at', '<=', now).execute();
  const due: DueStart[] = [];
  for (const rain of rains) {
    const startsAt = runningStart(timing(rain), now);
    if (!startsAt) continue;
    const made = await db
      .selectFrom('envelope_occurrence')
      .select('id')
      .where('rain_id', '=', rain.id)
      .where('starts_at', '=', startsAt)
      .executeTakeFirst();
    if (!made) due.push({ rain, startsAt });
  }
  return due;
}

/** Makes the occurrence and its envelopes (once: unique per rain and start). Undefined when it existed already. */
export async function startOccurrence(trx: Db, { rain, startsAt }: DueStart, now: Date): Promise<EnvelopeOccurrenceRow | undefined> {
  const seed = randomBytes(32).toString('hex');
  const occurrence = await trx
    .insertInto('envelope_occurrence')
    .values({
      rain_id: rain.id,
      brand_id: rain.brand_id,
      name: rain.name,
      starts_at: startsAt,
      ends_at: new Date(startsAt.getTime() + rain.duration_seconds * 1000),
      budget: rain.budget,
      envelope_count: rain.envelope_count,
      min_vip_level: rain.min_vip_level,
      bonus_promotion_id: rain.bonus_promotion_id,
      currency: rain.currency,
      seed,
      state: 'RUNNING',
      started_at: now,
    })
    .onConflict((oc) => oc.columns(['rain_id', 'starts_at']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!occurrence) return undefined;
  const amounts = splitBudget({ budget: rain.budget, count: rain.envelope_count, min: rain.min_amount, max: rain.max_amount }, seed);
  for (let from = 0; from < amounts.length; from += SLOT_BATCH) {
    await trx
      .insertInto('envelope_slot')
      .values(amounts.slice(from, from + SLOT_BATCH).map((amount, i) => ({ occurrence_id: occurrence.id, position: from + i, amount })))
      .execute();
  }
  return occurrence;
}

/** Running occurrences whose time is over. */
export async function dueEnds(db: Db, now: Date): Promise<EnvelopeOccurrenceRow[]> {
  return db.selectFrom('envelope_occurrence').selectAll().where('state', '=', 'RUNNING').where('ends_at', '<=', now).execute();
}

/** Marks an occurrence ended (once). */
export async function endOccurrence(trx: Db, id: bigint, now: Date): Promise<EnvelopeOccurrenceRow | undefined> {
  return trx
    .updateTable('envelope_occurrence')
    .set({ state: 'ENDED', ended_at: now })
    .where('id', '=', id)
    .where('state', '=', 'RUNNING')
    .returningAll()
    .executeTakeFirst();
}

const payAs = (o: { bonus_promotion_id: number | null }) => (o.bonus_promotion_id === null ? 'CASH' : 'BONUS');

async function brandMoney(db: Db, brandId: number) {
  return db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
}

/** The brand's occurrences running at `now` (started and not past their end), oldest first. */
async function runningOccurrences(db: Db, brandId: number, now: Date) {
  return db
    .selectFrom('envelope_occurrence')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('state', '=', 'RUNNING')
    .where('starts_at', '<=', now)
    .where('ends_at', '>', now)
    .orderBy('starts_at')
    .orderBy('id')
    .limit(10)
    .execute();
}

async function runningView(db: Db, o: EnvelopeOccurrenceRow, memberId: number | null): Promise<RunningRain> {
  const free = await db
    .selectFrom('envelope_slot')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('occurrence_id', '=', o.id)
    .where('member_id', 'is', null)
    .executeTakeFirstOrThrow();
  let opened: string | null = null;
  let eligible: boolean | null = null;
  if (memberId !== null) {
    const mine = await db
      .selectFrom('envelope_slot')
      .select('amount')
      .where('occurrence_id', '=', o.id)
      .where('member_id', '=', memberId)
      .executeTakeFirst();
    opened = mine ? String(mine.amount) : null;
    const member = await db.selectFrom('member').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow();
    eligible = member.vip_level >= o.min_vip_level;
  }
  return {
    occurrenceId: String(o.id),
    rainId: String(o.rain_id),
    name: o.name,
    startsAt: o.starts_at.toISOString(),
    endsAt: o.ends_at.toISOString(),
    count: o.envelope_count,
    remaining: Number(free.n),
    payAs: payAs(o),
    minVipLevel: o.min_vip_level,
    opened,
    eligible,
  };
}

/** The brand's next start after `now` among its active rains. */
async function nextRain(db: Db, brandId: number, now: Date): Promise<NextRain | null> {
  const rains = await db.selectFrom('envelope_rain').selectAll().where('brand_id', '=', brandId).where('active', '=', true).execute();
  let best: NextRain | null = null;
  for (const rain of rains) {
    const at = nextStart(timing(rain), now);
    if (!at || (best && best.startsAt <= at.toISOString())) continue;
    best = {
      rainId: String(rain.id),
      name: rain.name,
      startsAt: at.toISOString(),
      durationSeconds: rain.duration_seconds,
      minVipLevel: rain.min_vip_level,
      repeatMinutes: rain.repeat_minutes,
    };
  }
  return best;
}

/** What the member (or a visitor, `memberId` null) sees: the running rain and the next one. */
export async function rainState(db: Db, brandId: number, memberId: number | null, now: Date): Promise<RainState> {
  const money = await brandMoney(db, brandId);
  // A member in a cool-off or self-exclusion is sent no rains (issue 18).
  if (memberId !== null && !(await mayReceiveMarketing(db, memberId, now))) {
    return { now: now.toISOString(), currency: money.currency, currencySymbol: money.currency_symbol, current: null, next: null };
  }
  // Rains of one brand may overlap (two schedules): the member is shown one they can still open, else one they opened.
  const views: RunningRain[] = [];
  for (const o of await runningOccurrences(db, brandId, now)) views.push(await runningView(db, o, memberId));
  const openable = views.find((v) => v.opened === null && v.remaining > 0 && v.eligible !== false);
  return {
    now: now.toISOString(),
    currency: money.currency,
    currencySymbol: money.currency_symbol,
    current: openable ?? views.find((v) => v.opened !== null) ?? views[0] ?? null,
    next: await nextRain(db, brandId, now),
  };
}

const isUniqueViolation = (err: unknown) => (err as { code?: string } | undefined)?.code === '23505';

/**
 * Opens one envelope of a running occurrence for the member and pays it, in one transaction (see the top of the
 * file). Refusals: ENVELOPE_RAIN_NOT_RUNNING, ENVELOPE_NOT_ELIGIBLE, ENVELOPE_ALREADY_OPENED, ENVELOPE_RAIN_EMPTY, and
 * for a bonus rain the bonus engine's refusal (BONUS_ALREADY_ACTIVE, PROMOTION_BUDGET_SPENT…).
 */
export async function openEnvelope(
  db: Db,
  input: { brandId: number; memberId: number; occurrenceId: bigint; now: Date },
): Promise<OpenedEnvelope> {
  const { brandId, memberId, occurrenceId, now } = input;
  try {
    return await db.transaction().execute(async (trx) => {
      const o = await trx
        .selectFrom('envelope_occurrence')
        .selectAll()
        .where('id', '=', occurrenceId)
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      if (o?.state !== 'RUNNING' || now < o.starts_at || now >= o.ends_at) throw new AppError('ENVELOPE_RAIN_NOT_RUNNING');
      const member = await trx.selectFrom('member').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow();
      if (member.vip_level < o.min_vip_level) throw new AppError('ENVELOPE_NOT_ELIGIBLE');
      await assertNotBlocked(trx, memberId, now);
      const mine = await trx
        .selectFrom('envelope_slot')
        .select('id')
        .where('occurrence_id', '=', o.id)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      if (mine) throw new AppError('ENVELOPE_ALREADY_OPENED');
      const slot = await trx
        .updateTable('envelope_slot')
        .set({ member_id: memberId, opened_at: now })
        .where('id', '=', (eb) =>
          eb
            .selectFrom('envelope_slot')
            .select('id')
            .where('occurrence_id', '=', o.id)
            .where('member_id', 'is', null)
            .orderBy('position')
            .limit(1)
            .forUpdate()
            .skipLocked(),
        )
        .returning(['id', 'amount'])
        .executeTakeFirst();
      if (!slot) throw new AppError('ENVELOPE_RAIN_EMPTY');
      const paid = await payReward(trx, {
        memberId,
        currency: o.currency,
        amount: slot.amount,
        kind: 'RED_ENVELOPE',
        key: `envelope:${o.id}:${memberId}`,
        reference: { envelopeOccurrence: String(o.id), envelopeSlot: String(slot.id) },
        bonusPromotionId: o.bonus_promotion_id,
        now,
      });
      if (paid.outcome === 'REFUSED') throw new AppError(paid.code);
      await trx
        .updateTable('envelope_slot')
        .set(paid.as === 'CASH' ? { transfer_id: BigInt(paid.transferId) } : { grant_id: BigInt(paid.grantId) })
        .where('id', '=', slot.id)
        .execute();
      const money = await brandMoney(trx, brandId);
      return {
        occurrenceId: String(o.id),
        amount: String(slot.amount),
        currency: o.currency,
        currencySymbol: money.currency_symbol,
        payAs: payAs(o),
      };
    });
  } catch (err) {
    // The same member opening twice at once: the second write meets the (occurrence, member) unique index.
    if (isUniqueViolation(err)) throw new AppError('ENVELOPE_ALREADY_OPENED');
    throw err;
  }
}

// Operator side.

function toOpsRain(r: EnvelopeRainRow, now: Date): OpsRain {
  const upcoming = r.active ? (runningStart(timing(r), now) ?? nextStart(timing(r), now)) : null;
  return {
    id: String(r.id),
    name: r.name,
    startsAt: r.starts_at.toISOString(),
    durationSeconds: r.duration_seconds,
    repeatMinutes: r.repeat_minutes,
    budget: String(r.budget),
    count: r.envelope_count,
    minAmount: String(r.min_amount),
    maxAmount: String(r.max_amount),
    minVipLevel: r.min_vip_level,
    bonusPromotionId: r.bonus_promotion_id,
    active: r.active,
    currency: r.currency,
    nextStartsAt: upcoming?.toISOString() ?? null,
  };
}

/** Refuses settings that cannot work, naming the field at fault. */
async function checkSettings(db: Db, brandId: number, body: OpsRainBody): Promise<void> {
  const invalid = (field: string, rule: string) =>
    new AppError('ENVELOPE_RAIN_INVALID', { fields: { [field]: { key: 'errors.envelopeRainInvalid', params: { rule } } } });
  const settings = { budget: BigInt(body.budget), count: body.count, min: BigInt(body.minAmount), max: BigInt(body.maxAmount) };
  if (settings.min > settings.max) throw invalid('maxAmount', 'maxBelowMin');
  if (!splittable(settings)) throw invalid('budget', 'budgetBelowMinimums');
  if (body.repeatMinutes !== null && body.repeatMinutes * 60 <= body.durationSeconds) throw invalid('repeatMinutes', 'repeatNotAfterEnd');
  if (body.bonusPromotionId !== null) {
    const promotion = await db
      .selectFrom('promotion')
      .select('id')
      .where('id', '=', body.bonusPromotionId)
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    if (!promotion) throw invalid('bonusPromotionId', 'unknownPromotion');
  }
}

const rainColumns = (body: OpsRainBody) => ({
  name: body.name,
  starts_at: new Date(body.startsAt),
  duration_seconds: body.durationSeconds,
  repeat_minutes: body.repeatMinutes,
  budget: BigInt(body.budget),
  envelope_count: body.count,
  min_amount: BigInt(body.minAmount),
  max_amount: BigInt(body.maxAmount),
  min_vip_level: body.minVipLevel,
  bonus_promotion_id: body.bonusPromotionId,
  active: body.active,
});

export async function listRains(db: Db, brandId: number, now: Date): Promise<OpsRain[]> {
  const rows = await db.selectFrom('envelope_rain').selectAll().where('brand_id', '=', brandId).orderBy('id').execute();
  return rows.map((r) => toOpsRain(r, now));
}

export async function createRain(db: Db, brandId: number, body: OpsRainBody, now: Date): Promise<OpsRain> {
  await checkSettings(db, brandId, body);
  const { currency } = await brandMoney(db, brandId);
  const row = await db
    .insertInto('envelope_rain')
    .values({ ...rainColumns(body), brand_id: brandId, currency, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOpsRain(row, now);
}

/** Replaces a rain's settings; an occurrence already running keeps the ones it started with. */
export async function updateRain(db: Db, brandId: number, rainId: bigint, body: OpsRainBody, now: Date): Promise<OpsRain> {
  await checkSettings(db, brandId, body);
  const row = await db
    .updateTable('envelope_rain')
    .set({ ...rainColumns(body), updated_at: now })
    .where('id', '=', rainId)
    .where('brand_id', '=', brandId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  return toOpsRain(row, now);
}

export async function rainOccurrences(db: Db, brandId: number, rainId: bigint) {
  const rows = await db
    .selectFrom('envelope_occurrence as o')
    .leftJoin('envelope_slot as s', (j) => j.onRef('s.occurrence_id', '=', 'o.id').on('s.member_id', 'is not', null))
    .select((eb) => [
      'o.id',
      'o.starts_at',
      'o.ends_at',
      'o.state',
      'o.budget',
      'o.envelope_count',
      eb.fn.count<string>('s.id').as('opened'),
      eb.fn.coalesce(eb.fn.sum<string>('s.amount'), eb.val('0')).as('paid'),
    ])
    .where('o.rain_id', '=', rainId)
    .where('o.brand_id', '=', brandId)
    .groupBy(['o.id', 'o.starts_at', 'o.ends_at', 'o.state', 'o.budget', 'o.envelope_count'])
    .orderBy('o.starts_at', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    startsAt: r.starts_at.toISOString(),
    endsAt: r.ends_at.toISOString(),
    state: r.state,
    budget: String(r.budget),
    count: r.envelope_count,
    opened: Number(r.opened),
    paid: String(r.paid),
  }));
}
