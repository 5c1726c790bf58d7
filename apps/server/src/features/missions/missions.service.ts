import type {
  Leaderboard,
  LeaderboardEntry,
  Mission,
  MissionClaim,
  MissionList,
  MissionSummary,
  OpsMission,
  OpsMissionBody,
} from '@playfront/contract/missions';
import { MISSION_LEADERBOARD_SIZE, type MissionCategory, type MissionPeriod } from '@playfront/contract/missions-paths';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { payReward } from '../bonus/pay-reward.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { dayKey, periodEnd, periodKey, weekKey } from './mission-periods.ts';
import {
  activeMissions,
  addPoints,
  allMissions,
  boardRankOf,
  boardTop,
  claimProgress,
  findMission,
  progressRows,
} from './missions.repository.ts';
import type { MissionProgressRow, MissionRow } from './missions.table.ts';

export type Lang = 'en' | 'bn';

const percent = (value: bigint, target: bigint) => (target <= 0n || value >= target ? 100 : Number((value * 100n) / target));

function stateOf(progress: MissionProgressRow | undefined): Mission['state'] {
  if (progress?.claimed_at) return 'claimed';
  return progress?.completed_at ? 'claimable' : 'inProgress';
}

function toMission(m: MissionRow, progress: MissionProgressRow | undefined, lang: Lang, now: Date): Mission {
  const value = progress?.progress ?? 0n;
  return {
    id: m.id,
    code: m.code,
    period: m.period,
    goal: m.goal,
    category: m.category as MissionCategory | null,
    minWin: String(m.min_win),
    title: lang === 'en' ? m.title_en : m.title_bn,
    target: String(m.target),
    // Progress past the target is not shown: the bar and the figures stop at it.
    progress: String(value > m.target ? m.target : value),
    percent: percent(value, m.target),
    state: stateOf(progress),
    rewardAmount: String(m.reward_amount),
    rewardIsBonus: m.bonus_promotion_id !== null,
    points: m.points,
    periodKey: periodKey(m.period, now),
    endsAt: periodEnd(m.period, now).toISOString(),
  };
}

/** The member's missions of the current day and week. */
async function currentMissions(db: Db, brandId: number, memberId: number, lang: Lang, now: Date): Promise<Mission[]> {
  const missions = await activeMissions(db, [brandId]);
  const rows = await progressRows(db, memberId, [dayKey(now), weekKey(now)]);
  const mine = new Map(rows.map((r) => [`${r.mission_id}/${r.period_key}`, r]));
  return missions.map((m) => toMission(m, mine.get(`${m.id}/${periodKey(m.period, now)}`), lang, now));
}

export async function missionList(db: Db, brandId: number, memberId: number, lang: Lang, now: Date): Promise<MissionList> {
  const brand = await db.selectFrom('brand').select(['currency', 'currency_symbol']).where('id', '=', brandId).executeTakeFirstOrThrow();
  const missions = await currentMissions(db, brandId, memberId, lang, now);
  return {
    currency: brand.currency,
    currencySymbol: brand.currency_symbol,
    daily: missions.filter((m) => m.period === 'daily'),
    weekly: missions.filter((m) => m.period === 'weekly'),
    claimableCount: missions.filter((m) => m.state === 'claimable').length,
  };
}

export async function missionSummary(db: Db, brandId: number, memberId: number, now: Date): Promise<MissionSummary> {
  const missions = await currentMissions(db, brandId, memberId, 'en', now);
  const daily = await boardRankOf(db, brandId, 'daily', dayKey(now), memberId);
  const weekly = await boardRankOf(db, brandId, 'weekly', weekKey(now), memberId);
  return {
    claimableCount: missions.filter((m) => m.state === 'claimable').length,
    completedCount: missions.filter((m) => m.state !== 'inProgress').length,
    totalCount: missions.length,
    dailyPoints: Number(daily?.points ?? 0n),
    dailyRank: daily?.rank ?? null,
    weeklyPoints: Number(weekly?.points ?? 0n),
    weeklyRank: weekly?.rank ?? null,
  };
}

/**
 * Claims a completed mission of the current period, in one transaction: the conditional update that marks it claimed
 * (so racing claims pay once), the reward through `payReward` (key `mission:<member>:<mission>:<period>`, cash from
 * the BONUS budget or bonus money of the mission's promotion), the points on the day's and the week's boards. A bonus
 * reward refused (an active bonus already, the promotion's budget spent) rolls it all back: the mission stays
 * claimable until the period ends, and the member is told why.
 */
export async function claimMission(db: Db, brandId: number, memberId: number, missionId: number, now: Date): Promise<MissionClaim> {
  return db.transaction().execute(async (trx) => {
    const mission = await findMission(trx, brandId, missionId);
    if (!mission) throw new AppError('MISSION_NOT_FOUND');
    const period = periodKey(mission.period, now);
    const claimed = await claimProgress(trx, memberId, mission.id, period, now);
    if (!claimed) throw new AppError('MISSION_NOT_CLAIMABLE');
    let paidAs: MissionClaim['paidAs'] = null;
    if (mission.reward_amount > 0n) {
      const brand = await trx.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow();
      const outcome = await payReward(trx, {
        memberId,
        currency: brand.currency,
        amount: mission.reward_amount,
        kind: 'MISSION_REWARD',
        key: `mission:${memberId}:${mission.id}:${period}`,
        reference: { missionId: mission.id, missionCode: mission.code, period },
        bonusPromotionId: mission.bonus_promotion_id,
        now,
      });
      if (outcome.outcome === 'REFUSED') throw new AppError(outcome.code);
      paidAs = outcome.as;
      await trx
        .updateTable('mission_progress')
        .set({ paid_as: paidAs })
        .where('member_id', '=', memberId)
        .where('mission_id', '=', mission.id)
        .where('period_key', '=', period)
        .execute();
    }
    if (mission.points > 0) {
      await addPoints(trx, { brandId, board: 'daily', period: dayKey(now), memberId, points: mission.points, at: now });
      await addPoints(trx, { brandId, board: 'weekly', period: weekKey(now), memberId, points: mission.points, at: now });
    }
    return { missionId: mission.id, periodKey: period, rewardAmount: String(mission.reward_amount), paidAs, points: mission.points };
  });
}

export async function leaderboard(db: Db, brandId: number, memberId: number, board: MissionPeriod, now: Date): Promise<Leaderboard> {
  const period = periodKey(board, now);
  const top = await boardTop(db, brandId, board, period, MISSION_LEADERBOARD_SIZE);
  const entries: LeaderboardEntry[] = top.map((r, i) => ({
    rank: i + 1,
    name: maskName(r.name),
    points: Number(r.points),
    isMe: r.member_id === memberId,
  }));
  const own = entries.find((e) => e.isMe);
  const mine = own ? null : await boardRankOf(db, brandId, board, period, memberId);
  return {
    board,
    periodKey: period,
    endsAt: periodEnd(board, now).toISOString(),
    entries,
    me: own ?? (mine ? { rank: mine.rank, name: maskName(mine.name), points: Number(mine.points), isMe: true } : null),
  };
}

// Operator side.

export function toOpsMission(m: MissionRow): OpsMission {
  return {
    id: m.id,
    code: m.code,
    period: m.period,
    goal: m.goal,
    category: m.category as MissionCategory | null,
    minWin: String(m.min_win),
    target: String(m.target),
    rewardAmount: String(m.reward_amount),
    bonusPromotionId: m.bonus_promotion_id,
    points: m.points,
    titleEn: m.title_en,
    titleBn: m.title_bn,
    sort: m.sort,
    active: m.active,
  };
}

export const opsMissions = async (db: Db, brandId: number) => (await allMissions(db, brandId)).map(toOpsMission);

/** A bonus reward must name a promotion of the same brand. */
async function checkPromotion(db: Db, brandId: number, promotionId: number | null): Promise<void> {
  if (promotionId === null) return;
  const promotion = await db
    .selectFrom('promotion')
    .select('id')
    .where('id', '=', promotionId)
    .where('brand_id', '=', brandId)
    .executeTakeFirst();
  if (!promotion) throw new AppError('PROMOTION_NOT_FOUND');
}

const columnsOf = (b: OpsMissionBody) => ({
  code: b.code,
  period: b.period,
  goal: b.goal,
  // A category limits wager missions only; a big-win threshold matters to big-win missions only.
  category: b.goal === 'wager' ? b.category : null,
  min_win: b.goal === 'bigWin' ? BigInt(b.minWin) : 0n,
  target: BigInt(b.target),
  reward_amount: BigInt(b.rewardAmount),
  bonus_promotion_id: b.bonusPromotionId,
  points: b.points,
  title_en: b.titleEn,
  title_bn: b.titleBn,
  sort: b.sort,
  active: b.active,
});

export async function createMission(db: Db, brandId: number, body: OpsMissionBody, now: Date): Promise<OpsMission> {
  await checkPromotion(db, brandId, body.bonusPromotionId);
  const row = await db
    .insertInto('mission')
    .values({ brand_id: brandId, ...columnsOf(body), created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['brand_id', 'code']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('MISSION_CODE_TAKEN');
  return toOpsMission(row);
}

export async function updateMission(db: Db, brandId: number, missionId: number, body: OpsMissionBody, now: Date): Promise<OpsMission> {
  if (!(await findMission(db, brandId, missionId))) throw new AppError('MISSION_NOT_FOUND');
  await checkPromotion(db, brandId, body.bonusPromotionId);
  const taken = await db
    .selectFrom('mission')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('code', '=', body.code)
    .where('id', '<>', missionId)
    .executeTakeFirst();
  if (taken) throw new AppError('MISSION_CODE_TAKEN');
  const row = await db
    .updateTable('mission')
    .set({ ...columnsOf(body), updated_at: now })
    .where('id', '=', missionId)
    .where('brand_id', '=', brandId)
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError('MISSION_NOT_FOUND');
  return toOpsMission(row);
}
