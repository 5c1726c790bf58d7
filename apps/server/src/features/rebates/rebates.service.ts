import {
  type MyRebate,
  REBATE_CATEGORIES,
  type RebateCategory,
  type RebateHistory,
  type RebatePayout,
  type RebateSettings,
} from '@playfront/contract/rebates';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { payReward, type RewardPayment } from '../bonus/pay-reward.ts';
import {
  cashbackAmount,
  claimBlock,
  endedPeriodsSince,
  lastEndedPeriod,
  netLoss,
  payable,
  periodOf,
  rateFor,
  ratesFor,
  rebateE4,
  wholeMinor,
} from './rebate-rules.ts';
import type { RebateAccrualRow, RebatePayoutRow, RebateSettingsRow } from './rebates.table.ts';

/**
 * Rebates and cashback (issue 12; decision 032).
 *
 * Accrual: each settled round adds its valid bet × the member's rate for its category (VIP level's, else the brand
 * default) to the member's accrual row of that category (rebate-accrual-consumer.ts, exactly once per event).
 * Payout: the automatic job (per brand, once per period) and the member's claim both go through `payLocked`: the
 * member's accrual rows are locked, the whole minor units paid through `reward_pay` and taken off the rows, and a
 * rebate_payout row written, all in the caller's transaction. Whichever of a claim and the job comes second finds
 * the rows emptied and pays nothing.
 * Cashback: once per brand and period, each member's net loss over the period (cash stakes − wins − refunds, from
 * the hourly rollup) × the share, capped.
 * Bonus money: when the brand names a promotion, rewards are issued as its bonus. A member who already has an active
 * bonus cannot take another: a rebate then stays accrued (a claim answers BONUS_ALREADY_ACTIVE; the job pays it at a
 * later period), a cashback is kept DEFERRED and paid by a later run. The refused attempt is rolled back to a
 * savepoint, so no claimable participation is left behind to be claimed a second way.
 */

export type PayoutMember = { memberId: number; brandId: number; currency: string };

// ---------------------------------------------------------------- settings

export async function loadSettings(db: Db, brandId: number): Promise<RebateSettingsRow | undefined> {
  return db.selectFrom('rebate_settings').selectAll().where('brand_id', '=', brandId).executeTakeFirst();
}

export function toSettingsView(row: RebateSettingsRow): RebateSettings {
  const defaults = Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, rateFor(c, null, row.default_bps)]));
  return {
    enabled: row.enabled,
    defaultBps: defaults as RebateSettings['defaultBps'],
    minimumPayout: String(row.minimum_payout),
    manualEnabled: row.manual_enabled,
    claimIntervalSeconds: row.claim_interval_seconds,
    autoEnabled: row.auto_enabled,
    autoPeriod: row.auto_period,
    cashbackEnabled: row.cashback_enabled,
    cashbackShareBps: row.cashback_share_bps,
    cashbackCap: String(row.cashback_cap),
    cashbackMinimum: String(row.cashback_minimum),
    cashbackPeriod: row.cashback_period,
    bonusPromotionId: row.bonus_promotion_id,
  };
}

/** Writes the brand's settings (new accruals and payouts follow them; what accrued stays). */
export async function saveSettings(db: Db, brandId: number, s: RebateSettings, now: Date): Promise<void> {
  if (s.bonusPromotionId !== null) {
    const promotion = await db
      .selectFrom('promotion')
      .select('id')
      .where('id', '=', s.bonusPromotionId)
      .where('brand_id', '=', brandId)
      .executeTakeFirst();
    if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
  }
  const values = {
    enabled: s.enabled,
    default_bps: JSON.stringify(s.defaultBps),
    minimum_payout: BigInt(s.minimumPayout),
    manual_enabled: s.manualEnabled,
    claim_interval_seconds: s.claimIntervalSeconds,
    auto_enabled: s.autoEnabled,
    auto_period: s.autoPeriod,
    cashback_enabled: s.cashbackEnabled,
    cashback_share_bps: s.cashbackShareBps,
    cashback_cap: BigInt(s.cashbackCap),
    cashback_minimum: BigInt(s.cashbackMinimum),
    cashback_period: s.cashbackPeriod,
    bonus_promotion_id: s.bonusPromotionId,
    updated_at: now,
  };
  await db
    .insertInto('rebate_settings')
    .values({ brand_id: brandId, ...values, auto_since: now, cashback_since: now })
    .onConflict((oc) =>
      oc.column('brand_id').doUpdateSet({
        ...values,
        // Switched on now: from the next period on (a switch that stays on keeps its date).
        auto_since: sql<Date>`case when rebate_settings.auto_enabled then rebate_settings.auto_since else ${now} end`,
        cashback_since: sql<Date>`case when rebate_settings.cashback_enabled then rebate_settings.cashback_since else ${now} end`,
      }),
    )
    .execute();
}

// ---------------------------------------------------------------- rates and accrual

type MemberRates = { brandId: number; vipBps: Record<string, number> | null; defaultBps: Record<string, number>; enabled: boolean };

/** Each member's rate tables: their VIP level's when the brand runs VIP, and the brand default. Members of brands without settings are left out. */
export async function memberRates(db: Db, memberIds: readonly number[]): Promise<Map<number, MemberRates>> {
  const out = new Map<number, MemberRates>();
  if (memberIds.length === 0) return out;
  const { rows } = await sql<{
    id: number;
    brand_id: number;
    vip_bps: Record<string, number> | null;
    default_bps: Record<string, number>;
    enabled: boolean;
  }>`
    select m.id, m.brand_id, vl.rebate_bps as vip_bps, rs.default_bps, rs.enabled
    from member m
    join rebate_settings rs on rs.brand_id = m.brand_id
    left join brand_flag bf on bf.brand_id = m.brand_id and bf.code = 'VIP' and bf.enabled
    left join vip_level vl on bf.brand_id is not null and vl.brand_id = m.brand_id and vl.level = m.vip_level
    where m.id = any(${[...memberIds]}::integer[])`.execute(db);
  for (const r of rows) out.set(r.id, { brandId: r.brand_id, vipBps: r.vip_bps, defaultBps: r.default_bps, enabled: r.enabled });
  return out;
}

export type AccrualMove = { memberId: number; category: RebateCategory; validBet: bigint; bps: number };

/** Adds settled valid bets to the accrual rows (in member and category order, so writers never wait crosswise). */
export async function accrue(trx: Db, moves: readonly AccrualMove[], at: Date): Promise<number> {
  const sums = new Map<string, { memberId: number; category: RebateCategory; validBet: bigint; e4: bigint }>();
  for (const m of moves) {
    if (m.validBet <= 0n || m.bps <= 0) continue;
    const key = `${m.memberId}/${m.category}`;
    const sum = sums.get(key) ?? { memberId: m.memberId, category: m.category, validBet: 0n, e4: 0n };
    sum.validBet += m.validBet;
    sum.e4 += rebateE4(m.validBet, m.bps);
    sums.set(key, sum);
  }
  const rows = [...sums.values()].sort((a, b) => a.memberId - b.memberId || a.category.localeCompare(b.category));
  for (const r of rows) {
    await sql`insert into rebate_accrual (member_id, category, valid_bet, accrued_e4, updated_at)
      values (${r.memberId}, ${r.category}, ${r.validBet}, ${r.e4}, ${at})
      on conflict (member_id, category) do update set valid_bet = rebate_accrual.valid_bet + excluded.valid_bet,
        accrued_e4 = rebate_accrual.accrued_e4 + excluded.accrued_e4, updated_at = excluded.updated_at`.execute(trx);
  }
  return rows.length;
}

// ---------------------------------------------------------------- paying

/** The member's accrual rows, locked until the transaction ends (category order: the one order every payer takes). */
export async function lockAccruals(trx: Db, memberId: number): Promise<RebateAccrualRow[]> {
  return trx.selectFrom('rebate_accrual').selectAll().where('member_id', '=', memberId).orderBy('category').forUpdate().execute();
}

const payableOf = (rows: readonly RebateAccrualRow[]) => rows.reduce((sum, r) => sum + wholeMinor(r.accrued_e4), 0n);

type Paid = { payout: RebatePayoutRow } | { refused: AppError['code'] } | null;

/**
 * Pays a reward inside a savepoint: the payout row and `reward_pay` land together, or (bonus refused) neither.
 * `record` writes the row, `after` what goes with a paid reward (the accrual taken off).
 */
async function payInSavepoint(
  trx: Db,
  payment: Omit<RewardPayment, 'kind' | 'key'> & { kind: 'REBATE' | 'CASHBACK'; key: string },
  record: () => Promise<RebatePayoutRow>,
  after: () => Promise<void>,
): Promise<{ payout: RebatePayoutRow } | { refused: AppError['code'] }> {
  await sql`savepoint rebate_pay`.execute(trx);
  const row = await record();
  const outcome = await payReward(trx, payment);
  if (outcome.outcome === 'REFUSED') {
    await sql`rollback to savepoint rebate_pay`.execute(trx);
    await sql`release savepoint rebate_pay`.execute(trx);
    return { refused: outcome.code };
  }
  const payout = await trx
    .updateTable('rebate_payout')
    .set({
      status: 'PAID',
      paid_as: outcome.as,
      transfer_id: outcome.as === 'CASH' ? BigInt(outcome.transferId) : null,
      grant_id: outcome.as === 'BONUS' ? BigInt(outcome.grantId) : null,
      paid_at: payment.now,
    })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await after();
  await sql`release savepoint rebate_pay`.execute(trx);
  return { payout };
}

/**
 * Pays the rebate of rows the caller has locked (lockAccruals): each category's whole minor units, when the total
 * reaches the minimum; the rows keep only their fractions. Null when there is not enough to pay.
 */
export async function payLocked(
  trx: Db,
  member: PayoutMember,
  rows: readonly RebateAccrualRow[],
  settings: RebateSettingsRow,
  source: 'AUTO' | 'MANUAL',
  period: string,
  now: Date,
): Promise<Paid> {
  const total = payableOf(rows);
  if (!payable(total, settings.minimum_payout)) return null;
  const validBet = rows.reduce((sum, r) => sum + r.valid_bet, 0n);
  const detail = Object.fromEntries(
    rows.map((r) => [r.category, { validBet: String(r.valid_bet), amount: String(wholeMinor(r.accrued_e4)) }]),
  );
  return payInSavepoint(
    trx,
    {
      memberId: member.memberId,
      currency: member.currency,
      amount: total,
      kind: 'REBATE',
      key: `REBATE:${member.memberId}:${period}`,
      reference: { rebate: source, period, validBet: String(validBet) },
      bonusPromotionId: settings.bonus_promotion_id,
      now,
    },
    () =>
      trx
        .insertInto('rebate_payout')
        .values({
          member_id: member.memberId,
          brand_id: member.brandId,
          kind: 'REBATE',
          source,
          period,
          amount: total,
          base: validBet,
          currency: member.currency,
          status: 'PAID',
          paid_as: null,
          transfer_id: null,
          grant_id: null,
          detail: JSON.stringify({ categories: detail }),
          created_at: now,
          paid_at: null,
        })
        .returningAll()
        .executeTakeFirstOrThrow(),
    async () => {
      for (const r of rows) {
        await trx
          .updateTable('rebate_accrual')
          .set({ valid_bet: 0n, accrued_e4: r.accrued_e4 - wholeMinor(r.accrued_e4) * 10_000n, updated_at: now })
          .where('member_id', '=', r.member_id)
          .where('category', '=', r.category)
          .execute();
      }
    },
  );
}

async function brandCurrency(db: Db, brandId: number) {
  return db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
}

/** Claims a brand's (kind, period) for this run; false when a run already did it. */
async function claimBrandRun(trx: Db, brandId: number, kind: 'REBATE' | 'CASHBACK', period: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .insertInto('rebate_brand_run')
    .values({ brand_id: brandId, kind, period, members: 0, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('brand_id')
    .executeTakeFirst();
  return claimed !== undefined;
}

async function settleBrandRun(trx: Db, brandId: number, kind: 'REBATE' | 'CASHBACK', period: string, members: number) {
  await trx
    .updateTable('rebate_brand_run')
    .set({ members })
    .where('brand_id', '=', brandId)
    .where('kind', '=', kind)
    .where('period', '=', period)
    .execute();
}

/**
 * The automatic rebate payout at `now`: each brand whose payout is on, once per its period (the period that ended
 * last), pays every member's accrual that reaches the minimum. Returns how many members were paid.
 */
export async function payAutomaticRebates(trx: Db, now: Date): Promise<number> {
  const brands = await trx.selectFrom('rebate_settings').selectAll().where('auto_enabled', '=', true).orderBy('brand_id').execute();
  let paid = 0;
  for (const settings of brands) {
    const period = lastEndedPeriod(settings.auto_period, now);
    if (period.end.getTime() <= settings.auto_since.getTime()) continue;
    if (!(await claimBrandRun(trx, settings.brand_id, 'REBATE', period.key, now))) continue;
    const { currency } = await brandCurrency(trx, settings.brand_id);
    const members = await trx
      .selectFrom('rebate_accrual')
      .innerJoin('member', 'member.id', 'rebate_accrual.member_id')
      .select('rebate_accrual.member_id')
      .distinct()
      .where('member.brand_id', '=', settings.brand_id)
      .where('rebate_accrual.accrued_e4', '>=', 10_000n)
      .orderBy('rebate_accrual.member_id')
      .execute();
    let brandPaid = 0;
    for (const { member_id } of members) {
      const rows = await lockAccruals(trx, member_id);
      const result = await payLocked(
        trx,
        { memberId: member_id, brandId: settings.brand_id, currency },
        rows,
        settings,
        'AUTO',
        period.key,
        now,
      );
      if (result && 'payout' in result) brandPaid += 1;
    }
    await settleBrandRun(trx, settings.brand_id, 'REBATE', period.key, brandPaid);
    paid += brandPaid;
  }
  return paid;
}

/** The member's claims so far and the last one's time (for the interval and the next claim's period key). */
async function claimsOf(db: Db, memberId: number): Promise<{ count: number; last: Date | null }> {
  const row = await db
    .selectFrom('rebate_payout')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.max('created_at').as('last')])
    .where('member_id', '=', memberId)
    .where('kind', '=', 'REBATE')
    .where('source', '=', 'MANUAL')
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), last: row.last ? new Date(row.last) : null };
}

export type ClaimingMember = { memberId: number; brandId: number; isTrial: boolean };

/**
 * The member claims the rebate accrued since the last payout (`manualRebate`): refused when claims are off
 * (FEATURE_DISABLED), for a trial account, within the interval after the last claim (REBATE_CLAIM_TOO_SOON, with
 * `nextClaimAt`), below the minimum (REBATE_BELOW_MINIMUM), or as bonus while one is active (BONUS_ALREADY_ACTIVE).
 * The checks run after the member's accrual rows are locked, so two claims, or a claim and the job, pay once.
 */
export async function claimRebate(db: Db, member: ClaimingMember, now: Date): Promise<RebatePayoutRow> {
  if (member.isTrial) throw new AppError('TRIAL_NOT_ALLOWED');
  return db.transaction().execute(async (trx) => {
    const settings = await loadSettings(trx, member.brandId);
    if (!settings?.manual_enabled) throw new AppError('FEATURE_DISABLED');
    const rows = await lockAccruals(trx, member.memberId);
    const claims = await claimsOf(trx, member.memberId);
    const block = claimBlock(
      { manualEnabled: true, minimum: settings.minimum_payout, intervalSeconds: settings.claim_interval_seconds },
      { total: payableOf(rows), trial: false, lastClaimAt: claims.last, now },
    );
    if (block.blockedBy === 'TOO_SOON')
      throw new AppError('REBATE_CLAIM_TOO_SOON', { value: { nextClaimAt: block.nextClaimAt?.toISOString() } });
    if (block.blockedBy) throw new AppError('REBATE_BELOW_MINIMUM');
    const { currency } = await brandCurrency(trx, member.brandId);
    // The n-th claim: unique and deterministic, and claims of one member are serialised by the row lock above.
    const period = `claim-${claims.count + 1}`;
    const result = await payLocked(trx, { ...member, currency }, rows, settings, 'MANUAL', period, now);
    if (!result) throw new AppError('REBATE_BELOW_MINIMUM');
    if ('refused' in result) throw new AppError(result.refused);
    return result.payout;
  });
}

// ---------------------------------------------------------------- cashback

/** Whether the hourly rollup has taken every committed money event before `end` (else a period's loss is not whole yet). */
async function rollupComplete(db: Db, end: Date): Promise<boolean> {
  const { rows } = await sql<{ behind: boolean }>`
    select exists (
      select 1 from outbox_consumer c join money_event e on (e.tx_id, e.id) > (c.position_tx, c.position)
      where c.name = 'money-hourly' and e.created_at < ${end} and e.amount <> 0
    ) or not exists (select 1 from outbox_consumer where name = 'money-hourly') as behind`.execute(db);
  return !rows[0]?.behind;
}

type CashbackInput = { member: PayoutMember; settings: RebateSettingsRow; period: string; loss: bigint; amount: bigint; now: Date };

async function payCashback(trx: Db, c: CashbackInput, deferredId: bigint | null): Promise<boolean> {
  const result = await payInSavepoint(
    trx,
    {
      memberId: c.member.memberId,
      currency: c.member.currency,
      amount: c.amount,
      kind: 'CASHBACK',
      key: `CASHBACK:${c.member.memberId}:${c.period}`,
      reference: { cashback: c.period, netLoss: String(c.loss) },
      bonusPromotionId: c.settings.bonus_promotion_id,
      now: c.now,
    },
    async () =>
      deferredId !== null
        ? trx.selectFrom('rebate_payout').selectAll().where('id', '=', deferredId).executeTakeFirstOrThrow()
        : trx
            .insertInto('rebate_payout')
            .values({
              member_id: c.member.memberId,
              brand_id: c.member.brandId,
              kind: 'CASHBACK',
              source: 'AUTO',
              period: c.period,
              amount: c.amount,
              base: c.loss,
              currency: c.member.currency,
              status: 'PAID',
              paid_as: null,
              transfer_id: null,
              grant_id: null,
              detail: JSON.stringify({ shareBps: c.settings.cashback_share_bps, cap: String(c.settings.cashback_cap) }),
              created_at: c.now,
              paid_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow(),
    async () => {},
  );
  if ('payout' in result) return true;
  if (deferredId === null) {
    // Kept for a later run: the member's active bonus has to end first.
    await trx
      .insertInto('rebate_payout')
      .values({
        member_id: c.member.memberId,
        brand_id: c.member.brandId,
        kind: 'CASHBACK',
        source: 'AUTO',
        period: c.period,
        amount: c.amount,
        base: c.loss,
        currency: c.member.currency,
        status: 'DEFERRED',
        paid_as: null,
        transfer_id: null,
        grant_id: null,
        detail: JSON.stringify({ deferred: result.refused }),
        created_at: c.now,
        paid_at: null,
      })
      .execute();
  }
  return false;
}

/** Each member's cash stakes, wins and refunds over [start, end) from the hourly rollup, in member order. */
async function periodSums(db: Db, brandId: number, currency: string, start: Date, end: Date) {
  const { rows } = await sql<{ member_id: number; bet: string; win: string; rollback: string }>`
    select h.member_id,
      coalesce(sum(h.total) filter (where h.kind = 'BET'), 0)::text as bet,
      coalesce(sum(h.total) filter (where h.kind = 'WIN'), 0)::text as win,
      coalesce(sum(h.total) filter (where h.kind = 'ROLLBACK'), 0)::text as rollback
    from member_money_hourly h join member m on m.id = h.member_id
    where m.brand_id = ${brandId} and h.currency = ${currency} and h.hour >= ${start} and h.hour < ${end}
      and h.kind in ('BET', 'WIN', 'ROLLBACK')
    group by h.member_id order by h.member_id`.execute(db);
  return rows.map((r) => ({
    memberId: r.member_id,
    loss: netLoss({ bet: BigInt(r.bet), win: BigInt(r.win), rollback: BigInt(r.rollback) }),
  }));
}

/**
 * Cashback at `now`: for each brand with cashback on, first the deferred cashbacks whose member can now take them,
 * then, once per brand and period (every period ended since cashback was switched on that no run has done yet, the
 * last CASHBACK_CATCH_UP at most, oldest first, each only when the rollup has every event of it), each member's share
 * of their net loss. Returns how many cashbacks were paid.
 */
const CASHBACK_CATCH_UP = 8;
export async function payCashbacks(trx: Db, now: Date): Promise<number> {
  const brands = await trx.selectFrom('rebate_settings').selectAll().where('cashback_enabled', '=', true).orderBy('brand_id').execute();
  let paid = 0;
  for (const settings of brands) {
    const { currency } = await brandCurrency(trx, settings.brand_id);
    const deferred = await trx
      .selectFrom('rebate_payout')
      .selectAll()
      .where('brand_id', '=', settings.brand_id)
      .where('status', '=', 'DEFERRED')
      .orderBy('id')
      .forUpdate()
      .execute();
    for (const d of deferred) {
      const member = { memberId: d.member_id, brandId: d.brand_id, currency: d.currency };
      const input = { member, settings, period: d.period, loss: d.base, amount: d.amount, now };
      if (await payCashback(trx, input, d.id)) paid += 1;
    }
    const due = endedPeriodsSince(settings.cashback_period, settings.cashback_since, now, CASHBACK_CATCH_UP).reverse();
    for (const period of due) {
      if (!(await rollupComplete(trx, period.end))) break;
      if (!(await claimBrandRun(trx, settings.brand_id, 'CASHBACK', period.key, now))) continue;
      let brandPaid = 0;
      for (const { memberId, loss } of await periodSums(trx, settings.brand_id, currency, period.start, period.end)) {
        const amount = cashbackAmount(loss, settings.cashback_share_bps, settings.cashback_cap);
        if (!payable(amount, settings.cashback_minimum)) continue;
        const member = { memberId, brandId: settings.brand_id, currency };
        if (await payCashback(trx, { member, settings, period: period.key, loss, amount, now }, null)) brandPaid += 1;
      }
      await settleBrandRun(trx, settings.brand_id, 'CASHBACK', period.key, brandPaid);
      paid += brandPaid;
    }
  }
  return paid;
}

// ---------------------------------------------------------------- views

export function toPayoutView(p: RebatePayoutRow): RebatePayout {
  return {
    id: String(p.id),
    kind: p.kind,
    source: p.source,
    period: p.source === 'MANUAL' ? 'claim' : p.period,
    amount: String(p.amount),
    base: String(p.base),
    paidAs: p.paid_as ?? 'CASH',
    createdAt: p.created_at.toISOString(),
  };
}

export async function myRebateView(db: Db, member: ClaimingMember, now: Date): Promise<MyRebate> {
  const settings = await loadSettings(db, member.brandId);
  if (!settings) throw new AppError('FEATURE_DISABLED');
  const brand = await brandCurrency(db, member.brandId);
  const rates = (await memberRates(db, [member.memberId])).get(member.memberId);
  const rateTable = ratesFor(rates?.vipBps ?? null, settings.default_bps);
  const rows = await db.selectFrom('rebate_accrual').selectAll().where('member_id', '=', member.memberId).execute();
  const byCategory = new Map(rows.map((r) => [r.category, r]));
  const categories = REBATE_CATEGORIES.map((category) => {
    const row = byCategory.get(category);
    return {
      category,
      validBet: String(row?.valid_bet ?? 0n),
      rateBps: rateTable[category],
      amount: String(wholeMinor(row?.accrued_e4 ?? 0n)),
    };
  });
  const total = payableOf(rows);
  const last = (await claimsOf(db, member.memberId)).last;
  const block = claimBlock(
    { manualEnabled: settings.manual_enabled, minimum: settings.minimum_payout, intervalSeconds: settings.claim_interval_seconds },
    { total, trial: member.isTrial, lastClaimAt: last, now },
  );
  return {
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    categories,
    total: String(total),
    minimum: String(settings.minimum_payout),
    claimIntervalSeconds: settings.claim_interval_seconds,
    claim: {
      canClaim: block.blockedBy === null,
      blockedBy: block.blockedBy,
      lastClaimAt: last?.toISOString() ?? null,
      nextClaimAt: block.nextClaimAt?.toISOString() ?? null,
    },
    automatic: settings.auto_enabled
      ? { period: settings.auto_period, nextAt: periodOf(settings.auto_period, now).end.toISOString() }
      : null,
    paidAsBonus: settings.bonus_promotion_id !== null,
    cashback: settings.cashback_enabled
      ? {
          shareBps: settings.cashback_share_bps,
          cap: String(settings.cashback_cap),
          minimum: String(settings.cashback_minimum),
          period: settings.cashback_period,
        }
      : null,
  };
}

export async function historyView(db: Db, memberId: number, page: { pageNo: number; pageSize: number }): Promise<RebateHistory> {
  const base = db.selectFrom('rebate_payout').where('member_id', '=', memberId).where('status', '=', 'PAID');
  const rows = await base
    .selectAll()
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  const count = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { list: rows.map(toPayoutView), total: Number(count.n) };
}
