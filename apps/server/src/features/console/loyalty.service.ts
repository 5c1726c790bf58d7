import type {
  ConsoleReferral,
  PointsReward,
  PointsRewardBody,
  PointsRewardCreate,
  RebateRun,
  VipMember,
} from '@playfront/contract/console-loyalty';
import type { OpsRain, OpsRainBody } from '@playfront/contract/envelopes';
import type { OpsMission, OpsMissionBody } from '@playfront/contract/missions';
import type { PointsConfig } from '@playfront/contract/points';
import type { RebateSettings } from '@playfront/contract/rebates';
import type { ReferralSettings } from '@playfront/contract/referral';
import type { OpsVipLevel, OpsVipLevelBody } from '@playfront/contract/vip';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { getBrandFlags } from '../brand/brand.repository.ts';
import { createRain, listRains, updateRain } from '../envelopes/envelopes.service.ts';
import { loadLevels, saveLevelIn, toOpsLevel, windowTotals } from '../loyalty/vip.service.ts';
import { findMission } from '../missions/missions.repository.ts';
import { createMission, toOpsMission, updateMission } from '../missions/missions.service.ts';
import { pointsConfigView, saveConfig } from '../points/points.service.ts';
import type { PointsRewardRow } from '../points/points.table.ts';
import { loadSettings, saveSettings, toSettingsView } from '../rebates/rebates.service.ts';
import { loadReferralSettings, saveReferralSettings, settingsView } from '../referral/referral-rewards.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';

/**
 * The console's VIP, points, missions and rebates configuration (decision 047): each change is the feature's own
 * service function run inside one transaction with its audit row (before and after), so both commit or neither.
 */

// ---------------------------------------------------------------- VIP

export async function consoleSaveVipLevel(
  db: Db,
  actor: AuditActor,
  level: number,
  body: OpsVipLevelBody,
  now: Date,
): Promise<OpsVipLevel> {
  return db.transaction().execute(async (trx) => {
    const before = (await loadLevels(trx, actor.brandId)).find((l) => l.level === level);
    const after = await saveLevelIn(trx, actor.brandId, level, body);
    await withAudit(trx, actor, 'vip.level', { type: 'vip_level', id: level }, before ? toOpsLevel(before) : null, after, now);
    return after;
  });
}

export async function vipMember(db: Db, brandId: number, username: string, now: Date): Promise<VipMember> {
  const member = await db
    .selectFrom('member')
    .select(['id', 'username', 'vip_level'])
    .where('brand_id', '=', brandId)
    .where('username', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!member) throw new AppError('NOT_FOUND');
  const levels = await loadLevels(db, brandId);
  const current = levels.find((l) => l.level === member.vip_level);
  const next = levels.find((l) => l.level > member.vip_level);
  const totals = (await windowTotals(db, [member.id], now)).get(member.id) ?? { validBet: 0n, deposit: 0n };
  return {
    memberId: String(member.id),
    username: member.username,
    level: member.vip_level,
    levelName: { en: current?.name_en ?? '', bn: current?.name_bn ?? '' },
    validBet: String(totals.validBet),
    deposit: String(totals.deposit),
    nextLevel: next?.level ?? null,
    validBetTarget: next ? String(next.valid_bet_threshold) : null,
    depositTarget: next ? String(next.deposit_threshold) : null,
  };
}

// ---------------------------------------------------------------- points

type PointsConfigBody = Parameters<typeof saveConfig>[2];

export async function consoleSavePointsConfig(db: Db, actor: AuditActor, body: PointsConfigBody, now: Date): Promise<PointsConfig> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('points_config').selectAll().where('brand_id', '=', actor.brandId).forUpdate().executeTakeFirst();
    const beforeView = before ? await pointsConfigView(trx, actor.brandId) : null;
    await saveConfig(trx, actor.brandId, body, now);
    const after = await pointsConfigView(trx, actor.brandId);
    await withAudit(trx, actor, 'points.config', { type: 'points_config', id: actor.brandId }, beforeView, after, now);
    return after;
  });
}

const toReward = (r: PointsRewardRow, redeemed: number): PointsReward => ({
  id: r.id,
  code: r.code,
  kind: r.kind,
  name: { en: r.name_en, bn: r.name_bn },
  price: String(r.price),
  stock: r.stock,
  active: r.active,
  sort: r.sort,
  redeemed,
});

async function redeemedCounts(db: Db, rewardIds: number[]): Promise<Map<number, number>> {
  if (rewardIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('points_redemption')
    .select(['reward_id', sql<string>`coalesce(sum(quantity), 0)::text`.as('n')])
    .where('reward_id', 'in', rewardIds)
    .where('status', '<>', 'rejected')
    .groupBy('reward_id')
    .execute();
  return new Map(rows.map((r) => [r.reward_id, Number(r.n)]));
}

export async function listRewards(db: Db, brandId: number): Promise<PointsReward[]> {
  const rows = await db.selectFrom('points_reward').selectAll().where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute();
  const counts = await redeemedCounts(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toReward(r, counts.get(r.id) ?? 0));
}

/**
 * A new item of the mall (decision 059), with one audit row; another item of the brand with the code: CODE_TAKEN,
 * nothing written. The schema already refused a CASH item without cash or a VOUCHER item without spins; the fields
 * of the other kinds are not kept (a GOODS item pays no cash).
 */
export async function consoleCreateReward(db: Db, actor: AuditActor, body: PointsRewardCreate, now: Date): Promise<PointsReward> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('points_reward')
      .values({
        brand_id: actor.brandId,
        code: body.code,
        kind: body.kind,
        name_en: body.name.en,
        name_bn: body.name.bn,
        description_en: body.description.en,
        description_bn: body.description.bn,
        picture: body.picture,
        price: BigInt(body.price),
        stock: body.stock,
        per_member_limit: body.perMemberLimit,
        cash_amount: body.kind === 'CASH' && body.cashAmount !== null ? BigInt(body.cashAmount) : null,
        voucher_spins: body.kind === 'VOUCHER' ? body.voucherSpins : null,
        min_vip_level: body.minVipLevel,
        needs_verified_mobile: body.needsVerifiedMobile,
        active: body.active,
        sort: body.sort,
      })
      .onConflict((oc) => oc.constraint('points_reward_code').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw new AppError('CODE_TAKEN', { fields: { code: { key: 'errors.codeTaken' } } });
    const after = toReward(row, 0);
    await withAudit(trx, actor, 'points.reward_create', { type: 'points_reward', id: row.id }, null, after, now);
    return after;
  });
}

/** Price, stock (null: unlimited), on sale or not, order. Redemptions already made keep the price they paid. */
export async function consoleUpdateReward(
  db: Db,
  actor: AuditActor,
  rewardId: number,
  body: PointsRewardBody,
  now: Date,
): Promise<PointsReward> {
  return db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('points_reward')
      .selectAll()
      .where('id', '=', rewardId)
      .where('brand_id', '=', actor.brandId)
      .forUpdate()
      .executeTakeFirst();
    if (!before) throw new AppError('NOT_FOUND');
    const row = await trx
      .updateTable('points_reward')
      .set({ price: BigInt(body.price), stock: body.stock, active: body.active, sort: body.sort })
      .where('id', '=', rewardId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const redeemed = (await redeemedCounts(trx, [rewardId])).get(rewardId) ?? 0;
    const after = toReward(row, redeemed);
    await withAudit(trx, actor, 'points.reward', { type: 'points_reward', id: rewardId }, toReward(before, redeemed), after, now);
    return after;
  });
}

// ---------------------------------------------------------------- missions

export async function consoleCreateMission(db: Db, actor: AuditActor, body: OpsMissionBody, now: Date): Promise<OpsMission> {
  return db.transaction().execute(async (trx) => {
    const mission = await createMission(trx, actor.brandId, body, now);
    await withAudit(trx, actor, 'mission.create', { type: 'mission', id: mission.id }, null, mission, now);
    return mission;
  });
}

export async function consoleUpdateMission(
  db: Db,
  actor: AuditActor,
  missionId: number,
  body: OpsMissionBody,
  now: Date,
): Promise<OpsMission> {
  return db.transaction().execute(async (trx) => {
    const before = await findMission(trx, actor.brandId, missionId);
    if (!before) throw new AppError('MISSION_NOT_FOUND');
    const mission = await updateMission(trx, actor.brandId, missionId, body, now);
    await withAudit(trx, actor, 'mission.update', { type: 'mission', id: missionId }, toOpsMission(before), mission, now);
    return mission;
  });
}

// ---------------------------------------------------------------- envelope rains

export async function consoleCreateRain(db: Db, actor: AuditActor, body: OpsRainBody, now: Date): Promise<OpsRain> {
  return db.transaction().execute(async (trx) => {
    const rain = await createRain(trx, actor.brandId, body, now);
    await withAudit(trx, actor, 'rain.create', { type: 'envelope_rain', id: rain.id }, null, rain, now);
    return rain;
  });
}

export async function consoleUpdateRain(db: Db, actor: AuditActor, rainId: bigint, body: OpsRainBody, now: Date): Promise<OpsRain> {
  return db.transaction().execute(async (trx) => {
    const before = (await listRains(trx, actor.brandId, now)).find((r) => r.id === String(rainId));
    if (!before) throw new AppError('NOT_FOUND');
    const rain = await updateRain(trx, actor.brandId, rainId, body, now);
    await withAudit(trx, actor, 'rain.update', { type: 'envelope_rain', id: rain.id }, before, rain, now);
    return rain;
  });
}

// ---------------------------------------------------------------- referral rewards

export async function consoleReferral(db: Db, brandId: number): Promise<ConsoleReferral> {
  const [settings, flags] = await Promise.all([loadReferralSettings(db, brandId), getBrandFlags(db, brandId)]);
  return { settings: settings ? settingsView(settings) : null, promoRunning: flags.features.REFERRAL };
}

/** A new rule pays invitees who qualify from now on; rewards already paid stay as they were. */
export async function consoleSaveReferral(db: Db, actor: AuditActor, body: ReferralSettings, now: Date): Promise<ConsoleReferral> {
  return db.transaction().execute(async (trx) => {
    await trx.selectFrom('brand').select('id').where('id', '=', actor.brandId).forUpdate().executeTakeFirst();
    const before = await loadReferralSettings(trx, actor.brandId);
    await saveReferralSettings(trx, actor.brandId, body, now);
    const after = await consoleReferral(trx, actor.brandId);
    const target = { type: 'referral_settings' as const, id: actor.brandId };
    await withAudit(trx, actor, 'referral.settings', target, before ? settingsView(before) : null, after.settings, now);
    return after;
  });
}

// ---------------------------------------------------------------- rebates

export async function rebateSettingsView(db: Db, brandId: number): Promise<RebateSettings> {
  const settings = await loadSettings(db, brandId);
  if (!settings) throw new AppError('NOT_FOUND');
  return toSettingsView(settings);
}

export async function consoleSaveRebateSettings(db: Db, actor: AuditActor, body: RebateSettings, now: Date): Promise<RebateSettings> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('rebate_settings').selectAll().where('brand_id', '=', actor.brandId).forUpdate().executeTakeFirst();
    await saveSettings(trx, actor.brandId, body, now);
    const after = toSettingsView((await loadSettings(trx, actor.brandId))!);
    await withAudit(
      trx,
      actor,
      'rebate.settings',
      { type: 'rebate_settings', id: actor.brandId },
      before ? toSettingsView(before) : null,
      after,
      now,
    );
    return after;
  });
}

/** The brand's automatic rebate and cashback runs, newest first, with what each paid and what it still owes. */
export async function rebateRuns(
  db: Db,
  brandId: number,
  query: { kind?: 'REBATE' | 'CASHBACK'; pageNo: number; pageSize: number },
): Promise<{ list: RebateRun[]; total: number; pageNo: number; pageSize: number }> {
  let q = db.selectFrom('rebate_brand_run as r').where('r.brand_id', '=', brandId);
  if (query.kind) q = q.where('r.kind', '=', query.kind);
  const [rows, count] = await Promise.all([
    q
      .select(['r.kind', 'r.period', 'r.members', 'r.created_at'])
      .select((eb) => [
        sql<string>`(select count(*) from rebate_payout p where p.brand_id = ${eb.ref('r.brand_id')} and p.kind = ${eb.ref('r.kind')}
          and p.period = ${eb.ref('r.period')} and p.source = 'AUTO' and p.status = 'PAID')::text`.as('paid_count'),
        sql<string>`(select coalesce(sum(amount), 0) from rebate_payout p where p.brand_id = ${eb.ref('r.brand_id')}
          and p.kind = ${eb.ref('r.kind')} and p.period = ${eb.ref('r.period')} and p.source = 'AUTO' and p.status = 'PAID')::text`.as(
          'paid_amount',
        ),
        sql<string>`(select count(*) from rebate_payout p where p.brand_id = ${eb.ref('r.brand_id')} and p.kind = ${eb.ref('r.kind')}
          and p.period = ${eb.ref('r.period')} and p.source = 'AUTO' and p.status = 'DEFERRED')::text`.as('owed_count'),
        sql<string>`(select coalesce(sum(amount), 0) from rebate_payout p where p.brand_id = ${eb.ref('r.brand_id')}
          and p.kind = ${eb.ref('r.kind')} and p.period = ${eb.ref('r.period')} and p.source = 'AUTO' and p.status = 'DEFERRED')::text`.as(
          'owed_amount',
        ),
      ])
      .orderBy('r.created_at', 'desc')
      .orderBy('r.kind')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    list: rows.map((r) => ({
      kind: r.kind,
      period: r.period,
      ranAt: r.created_at.toISOString(),
      members: r.members,
      paidCount: Number(r.paid_count),
      paidAmount: r.paid_amount,
      owedCount: Number(r.owed_count),
      owedAmount: r.owed_amount,
    })),
    total: Number(count.n),
    pageNo: query.pageNo,
    pageSize: query.pageSize,
  };
}
