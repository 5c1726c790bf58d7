import type { MyVip, OpsVipLevel, OpsVipLevelBody, VipBonus, VipLevel, VipLevels } from '@playfront/contract/vip';
import { VIP_WINDOW_DAYS, vipIconUrl } from '@playfront/contract/vip-paths';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import { ensureAccount, postTransfers } from '../ledger/ledger.service.ts';
import type { VipLevelRow } from './vip.table.ts';

/**
 * VIP levels (issue 12 "VIP", decision 028). A level is reached by valid bets AND deposits over a rolling window of
 * 30 days (kept per member and UTC day by the vip-progress outbox consumer); an upgrade happens at once, in the
 * consumer's transaction, several levels in one step when earned, each level-up bonus paid once per member and
 * level. Downgrades happen only at the monthly review (vip-jobs.ts), which also pays the monthly bonus once per
 * member and month. Bonuses are cash from the brand's BONUS account through `ledger_post`.
 */

export type Lang = 'en' | 'bn';
export type WindowTotals = { validBet: bigint; deposit: bigint };
const ZERO: WindowTotals = { validBet: 0n, deposit: 0n };
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the UTC day `at` falls in. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);
/** `YYYY-MM` of the UTC month `at` falls in. */
export const utcMonth = (at: Date) => at.toISOString().slice(0, 7);

/** The brand's ladder, level 0 first. */
export async function loadLevels(db: Db, brandId: number): Promise<VipLevelRow[]> {
  return db.selectFrom('vip_level').selectAll().where('brand_id', '=', brandId).orderBy('level').execute();
}

/** Whether VIP runs for the brand: its VIP feature flag is on and it has a ladder. */
export async function vipEnabled(db: Db, brandId: number): Promise<boolean> {
  return (await getBrandFlags(db, brandId)).features.VIP;
}

/** Valid bets and deposits of each member over the 30 UTC days ending with the day of `asOf`. */
export async function windowTotals(db: Db, memberIds: readonly number[], asOf: Date): Promise<Map<number, WindowTotals>> {
  const out = new Map<number, WindowTotals>();
  if (memberIds.length === 0) return out;
  const from = utcDay(new Date(asOf.getTime() - (VIP_WINDOW_DAYS - 1) * DAY_MS));
  const rows = await db
    .selectFrom('vip_member_daily')
    .select((eb) => [
      'member_id',
      sql<string>`coalesce(sum(${eb.ref('valid_bet')}), 0)::text`.as('valid_bet'),
      sql<string>`coalesce(sum(${eb.ref('deposit')}), 0)::text`.as('deposit'),
    ])
    .where('member_id', 'in', [...memberIds])
    .where('day', '>=', from)
    .where('day', '<=', utcDay(asOf))
    .groupBy('member_id')
    .execute();
  for (const r of rows) out.set(r.member_id, { validBet: BigInt(r.valid_bet), deposit: BigInt(r.deposit) });
  return out;
}

/** The highest level whose thresholds the totals meet (0 when none). */
export function reachedLevel(levels: readonly VipLevelRow[], totals: WindowTotals): number {
  let reached = 0;
  for (const l of levels)
    if (totals.validBet >= l.valid_bet_threshold && totals.deposit >= l.deposit_threshold) reached = Math.max(reached, l.level);
  return reached;
}

/** The level a member keeps at the monthly review: the highest up to `current` whose keep threshold is met. */
export function keptLevel(levels: readonly VipLevelRow[], current: number, totals: WindowTotals): number {
  let kept = 0;
  for (const l of levels) if (l.level <= current && totals.validBet >= l.keep_valid_bet) kept = Math.max(kept, l.level);
  return kept;
}

type BonusInput = {
  memberId: number;
  kind: 'LEVEL_UP' | 'MONTHLY';
  level: number;
  period: string;
  amount: bigint;
  currency: string;
  at: Date;
};

/**
 * Pays a VIP bonus once: the vip_bonus row (unique per member, kind and period) is claimed first, then the cash moves
 * from the BONUS account to the member's wallet under the same key. Returns whether it paid now.
 */
export async function payVipBonus(trx: Db, input: BonusInput): Promise<boolean> {
  if (input.amount <= 0n) return false;
  const claimed = await trx
    .insertInto('vip_bonus')
    .values({
      member_id: input.memberId,
      kind: input.kind,
      level: input.level,
      period: input.period,
      amount: input.amount,
      currency: input.currency,
      transfer_id: null,
      created_at: input.at,
    })
    .onConflict((oc) => oc.columns(['member_id', 'kind', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return false;
  const budget = await ensureAccount(trx, { kind: 'BONUS', currency: input.currency });
  const wallet = await ensureAccount(trx, { kind: 'MEMBER_WALLET', memberId: input.memberId, currency: input.currency });
  const posting = await postTransfers(trx, {
    scope: 'vip-bonus',
    idempotencyKey: `${input.kind}:${input.memberId}:${input.period}`,
    legs: [
      {
        from: budget.id,
        to: wallet.id,
        amount: input.amount,
        kind: 'BONUS',
        reference: { vip: input.kind, level: input.level, period: input.period },
      },
    ],
  });
  await trx
    .updateTable('vip_bonus')
    .set({ transfer_id: posting.transfers[0]?.id ?? null })
    .where('id', '=', claimed.id)
    .execute();
  return true;
}

/**
 * Raises members to the level their window totals reach, at once (never lowers): the member row is locked, the change
 * recorded, and every level-up bonus from the old level (exclusive) to the new one (inclusive) paid once.
 * Returns how many members moved up.
 */
export async function upgradeMembers(trx: Db, memberIds: readonly number[], asOf: Date): Promise<number> {
  if (memberIds.length === 0) return 0;
  const members = await trx
    .selectFrom('member')
    .innerJoin('brand', 'brand.id', 'member.brand_id')
    .innerJoin('brand_flag', (j) =>
      j.onRef('brand_flag.brand_id', '=', 'member.brand_id').on('brand_flag.code', '=', 'VIP').on('brand_flag.enabled', '=', true),
    )
    .select(['member.id', 'member.brand_id', 'member.vip_level', 'brand.currency'])
    .where('member.id', 'in', [...memberIds])
    .orderBy('member.id')
    .forUpdate('member')
    .execute();
  if (members.length === 0) return 0;
  const totals = await windowTotals(
    trx,
    members.map((m) => m.id),
    asOf,
  );
  const ladders = new Map<number, VipLevelRow[]>();
  let moved = 0;
  for (const m of members) {
    const levels = ladders.get(m.brand_id) ?? (await loadLevels(trx, m.brand_id));
    ladders.set(m.brand_id, levels);
    const t = totals.get(m.id) ?? ZERO;
    const target = reachedLevel(levels, t);
    if (target <= m.vip_level) continue;
    await trx.updateTable('member').set({ vip_level: target }).where('id', '=', m.id).execute();
    await trx
      .insertInto('vip_level_change')
      .values({
        member_id: m.id,
        from_level: m.vip_level,
        to_level: target,
        reason: 'UPGRADE',
        valid_bet: t.validBet,
        deposit: t.deposit,
        created_at: asOf,
      })
      .execute();
    for (const l of levels) {
      if (l.level <= m.vip_level || l.level > target) continue;
      await payVipBonus(trx, {
        memberId: m.id,
        kind: 'LEVEL_UP',
        level: l.level,
        period: `level-${l.level}`,
        amount: l.level_up_bonus,
        currency: m.currency,
        at: asOf,
      });
    }
    moved += 1;
  }
  return moved;
}

/**
 * The monthly review for `now`'s month, once per member and month (vip_review): a member below the keep threshold of
 * their level goes down to the highest level they keep; the monthly bonus of the level they end at is paid once.
 */
export async function monthlyReview(trx: Db, now: Date): Promise<number> {
  const month = utcMonth(now);
  const members = await trx
    .selectFrom('member')
    .innerJoin('brand', 'brand.id', 'member.brand_id')
    .innerJoin('brand_flag', (j) =>
      j.onRef('brand_flag.brand_id', '=', 'member.brand_id').on('brand_flag.code', '=', 'VIP').on('brand_flag.enabled', '=', true),
    )
    .select(['member.id', 'member.brand_id', 'member.vip_level', 'brand.currency'])
    .where('member.vip_level', '>', 0)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('vip_review')
            .select('vip_review.member_id')
            .whereRef('vip_review.member_id', '=', 'member.id')
            .where('vip_review.month', '=', month),
        ),
      ),
    )
    .orderBy('member.id')
    .forUpdate('member')
    .execute();
  if (members.length === 0) return 0;
  const totals = await windowTotals(
    trx,
    members.map((m) => m.id),
    now,
  );
  const ladders = new Map<number, VipLevelRow[]>();
  let changed = 0;
  for (const m of members) {
    const levels = ladders.get(m.brand_id) ?? (await loadLevels(trx, m.brand_id));
    ladders.set(m.brand_id, levels);
    const t = totals.get(m.id) ?? ZERO;
    const kept = keptLevel(levels, m.vip_level, t);
    const claimed = await trx
      .insertInto('vip_review')
      .values({ member_id: m.id, month, from_level: m.vip_level, to_level: kept, created_at: now })
      .onConflict((oc) => oc.columns(['member_id', 'month']).doNothing())
      .returning('member_id')
      .executeTakeFirst();
    if (!claimed) continue;
    if (kept < m.vip_level) {
      await trx.updateTable('member').set({ vip_level: kept }).where('id', '=', m.id).execute();
      await trx
        .insertInto('vip_level_change')
        .values({
          member_id: m.id,
          from_level: m.vip_level,
          to_level: kept,
          reason: 'REVIEW',
          valid_bet: t.validBet,
          deposit: t.deposit,
          created_at: now,
        })
        .execute();
    }
    const level = levels.find((l) => l.level === kept);
    if (level)
      await payVipBonus(trx, {
        memberId: m.id,
        kind: 'MONTHLY',
        level: kept,
        period: month,
        amount: level.monthly_bonus,
        currency: m.currency,
        at: now,
      });
    changed += 1;
  }
  return changed;
}

// ---------------------------------------------------------------- views

const name = (l: VipLevelRow, lang: Lang) => (lang === 'en' ? l.name_en : l.name_bn);

export function toLevelView(l: VipLevelRow, lang: Lang): VipLevel {
  return {
    level: l.level,
    name: name(l, lang),
    icon: vipIconUrl(l.icon),
    validBetThreshold: String(l.valid_bet_threshold),
    depositThreshold: String(l.deposit_threshold),
    keepValidBet: String(l.keep_valid_bet),
    levelUpBonus: String(l.level_up_bonus),
    monthlyBonus: String(l.monthly_bonus),
    rebateBps: l.rebate_bps as VipLevel['rebateBps'],
    dailyWithdrawalLimit: String(l.daily_withdrawal_limit),
  };
}

async function brandMoney(db: Db, brandId: number) {
  return db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
}

async function enabledLadder(db: Db, brandId: number): Promise<VipLevelRow[]> {
  const levels = (await vipEnabled(db, brandId)) ? await loadLevels(db, brandId) : [];
  if (levels.length === 0) throw new AppError('FEATURE_DISABLED');
  return levels;
}

export async function levelsView(db: Db, brandId: number, lang: Lang): Promise<VipLevels> {
  const levels = await enabledLadder(db, brandId);
  const brand = await brandMoney(db, brandId);
  return {
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    windowDays: VIP_WINDOW_DAYS,
    levels: levels.map((l) => toLevelView(l, lang)),
  };
}

const percent = (value: bigint, target: bigint | undefined) =>
  target === undefined || target <= 0n ? 100 : Number(value >= target ? 100n : (value * 100n) / target);

export async function myVipView(db: Db, brandId: number, memberId: number, lang: Lang, now: Date): Promise<MyVip> {
  const levels = await enabledLadder(db, brandId);
  const brand = await brandMoney(db, brandId);
  const member = await db.selectFrom('member').select('vip_level').where('id', '=', memberId).executeTakeFirstOrThrow();
  const current = levels.find((l) => l.level === member.vip_level) ?? levels[0]!;
  const next = levels.find((l) => l.level > current.level);
  const t = (await windowTotals(db, [memberId], now)).get(memberId) ?? ZERO;
  const bonuses = await db.selectFrom('vip_bonus').selectAll().where('member_id', '=', memberId).orderBy('id', 'desc').limit(50).execute();
  return {
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    windowDays: VIP_WINDOW_DAYS,
    current: toLevelView(current, lang),
    next: next ? toLevelView(next, lang) : null,
    progress: {
      validBet: String(t.validBet),
      deposit: String(t.deposit),
      validBetTarget: next ? String(next.valid_bet_threshold) : null,
      depositTarget: next ? String(next.deposit_threshold) : null,
      validBetPercent: percent(t.validBet, next?.valid_bet_threshold),
      depositPercent: percent(t.deposit, next?.deposit_threshold),
    },
    bonuses: bonuses.map(
      (b): VipBonus => ({
        id: String(b.id),
        kind: b.kind,
        level: b.level,
        period: b.period,
        amount: String(b.amount),
        createdAt: b.created_at.toISOString(),
      }),
    ),
  };
}

/** What member info carries about VIP (spec section 3: hasVip, vipLabelName, vipRankLevel). */
export async function vipBadge(
  db: Db,
  brandId: number,
  vipLevel: number,
  lang: Lang,
): Promise<{ hasVip: boolean; vipLabelName?: string; vipRankLevel?: number; vipIcon?: string }> {
  if (!(await vipEnabled(db, brandId))) return { hasVip: false };
  const level = await db
    .selectFrom('vip_level')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('level', '=', vipLevel)
    .executeTakeFirst();
  if (!level) return { hasVip: false };
  return { hasVip: true, vipLabelName: name(level, lang), vipRankLevel: level.level, vipIcon: vipIconUrl(level.icon) };
}

/**
 * What the rest of the platform reads of a member's level: the rebate rate per game category (basis points of the
 * valid bet) and the daily withdrawal limit (minor units). Null when the brand runs no VIP.
 */
export async function vipPerks(
  db: Db,
  memberId: number,
): Promise<{ level: number; rebateBps: Record<string, number>; dailyWithdrawalLimit: bigint } | null> {
  const row = await db
    .selectFrom('member')
    .innerJoin('vip_level', (j) => j.onRef('vip_level.brand_id', '=', 'member.brand_id').onRef('vip_level.level', '=', 'member.vip_level'))
    .innerJoin('brand_flag', (j) =>
      j.onRef('brand_flag.brand_id', '=', 'member.brand_id').on('brand_flag.code', '=', 'VIP').on('brand_flag.enabled', '=', true),
    )
    .select(['vip_level.level', 'vip_level.rebate_bps', 'vip_level.daily_withdrawal_limit'])
    .where('member.id', '=', memberId)
    .executeTakeFirst();
  return row ? { level: row.level, rebateBps: row.rebate_bps, dailyWithdrawalLimit: row.daily_withdrawal_limit } : null;
}

// ---------------------------------------------------------------- the operator's ladder

export function toOpsLevel(l: VipLevelRow): OpsVipLevel {
  return {
    level: l.level,
    nameEn: l.name_en,
    nameBn: l.name_bn,
    icon: l.icon as OpsVipLevel['icon'],
    validBetThreshold: String(l.valid_bet_threshold),
    depositThreshold: String(l.deposit_threshold),
    keepValidBet: String(l.keep_valid_bet),
    levelUpBonus: String(l.level_up_bonus),
    monthlyBonus: String(l.monthly_bonus),
    rebateBps: l.rebate_bps as OpsVipLevel['rebateBps'],
    dailyWithdrawalLimit: String(l.daily_withdrawal_limit),
  };
}

/** Each level asks at least what the one below asks, on every threshold (else a member could skip past a level). */
export function ladderRises(
  levels: readonly Pick<VipLevelRow, 'level' | 'valid_bet_threshold' | 'deposit_threshold' | 'keep_valid_bet'>[],
): boolean {
  const sorted = [...levels].sort((a, b) => a.level - b.level);
  return sorted.every(
    (l, i) =>
      i === 0 ||
      (l.valid_bet_threshold >= sorted[i - 1]!.valid_bet_threshold &&
        l.deposit_threshold >= sorted[i - 1]!.deposit_threshold &&
        l.keep_valid_bet >= sorted[i - 1]!.keep_valid_bet),
  );
}

/**
 * Replaces one level's definition. The brand's ladder is locked while it is checked, so two operators editing
 * neighbouring levels at once cannot together leave it out of order. Members keep their level until progress or the
 * monthly review moves them. A level the brand does not have is NOT_FOUND.
 */
export async function saveLevel(db: Db, brandId: number, level: number, body: OpsVipLevelBody): Promise<OpsVipLevel> {
  return db.transaction().execute((trx) => saveLevelIn(trx, brandId, level, body));
}

/** saveLevel inside the caller's transaction (the console writes its audit row in the same one). */
export async function saveLevelIn(trx: Db, brandId: number, level: number, body: OpsVipLevelBody): Promise<OpsVipLevel> {
  const ladder = await trx.selectFrom('vip_level').selectAll().where('brand_id', '=', brandId).orderBy('level').forUpdate().execute();
  const current = ladder.find((l) => l.level === level);
  if (!current) throw new AppError('NOT_FOUND');
  const changed: VipLevelRow = {
    ...current,
    name_en: body.nameEn,
    name_bn: body.nameBn,
    icon: body.icon,
    valid_bet_threshold: BigInt(body.validBetThreshold),
    deposit_threshold: BigInt(body.depositThreshold),
    keep_valid_bet: BigInt(body.keepValidBet),
    level_up_bonus: BigInt(body.levelUpBonus),
    monthly_bonus: BigInt(body.monthlyBonus),
    rebate_bps: body.rebateBps,
    daily_withdrawal_limit: BigInt(body.dailyWithdrawalLimit),
  };
  if (!ladderRises(ladder.map((l) => (l.level === level ? changed : l)))) throw new AppError('VIP_LADDER_ORDER');
  await trx
    .updateTable('vip_level')
    .set({
      name_en: changed.name_en,
      name_bn: changed.name_bn,
      icon: changed.icon,
      valid_bet_threshold: changed.valid_bet_threshold,
      deposit_threshold: changed.deposit_threshold,
      keep_valid_bet: changed.keep_valid_bet,
      level_up_bonus: changed.level_up_bonus,
      monthly_bonus: changed.monthly_bonus,
      rebate_bps: JSON.stringify(body.rebateBps),
      daily_withdrawal_limit: changed.daily_withdrawal_limit,
    })
    .where('brand_id', '=', brandId)
    .where('level', '=', level)
    .execute();
  return toOpsLevel(changed);
}
