import type { LotteryLeaderboard, LotteryMissionSummary } from '@playfront/contract/lottery';
import type { Db } from '../../db/database.ts';
import { maskName } from '../lobby/lobby.service.ts';
import { periodEnd } from '../missions/mission-periods.ts';
import { type Lang, missionList, missionSummary } from '../missions/missions.service.ts';
import { lotteryWinners } from './lottery.repository.ts';

/** Goals that a lottery slip can advance: a wager on the lottery or on any game, different games, a big win. */
const advancedByLottery = (m: { goal: string; category: string | null }) =>
  m.goal === 'wager' ? m.category === null || m.category === 'lottery' : m.goal === 'distinctGames' || m.goal === 'bigWin';

/** Spec section 7's lottery mission summary: the missions feature's missions and ranks, as the lottery shows them. */
export async function lotteryMissionSummary(
  db: Db,
  brandId: number,
  memberId: number,
  lang: Lang,
  now: Date,
): Promise<LotteryMissionSummary> {
  const list = await missionList(db, brandId, memberId, lang, now);
  const missions = [...list.daily, ...list.weekly].filter(advancedByLottery);
  const ranks = await missionSummary(db, brandId, memberId, now);
  return {
    missions: missions.map((m) => ({
      id: m.id,
      period: m.period,
      title: m.title,
      goal: m.goal,
      target: m.target,
      progress: m.progress,
      percent: m.percent,
      state: m.state,
      rewardAmount: m.rewardAmount,
      endsAt: m.endsAt,
    })),
    claimableCount: missions.filter((m) => m.state === 'claimable').length,
    completedCount: missions.filter((m) => m.state !== 'inProgress').length,
    totalCount: missions.length,
    dailyRank: ranks.dailyRank,
    weeklyRank: ranks.weeklyRank,
  };
}

/** Spec section 7's lottery leaderboard: the brand's biggest lottery winners of the UTC day or ISO week. */
export async function lotteryLeaderboard(
  db: Db,
  brandId: number,
  board: 'daily' | 'weekly',
  limit: number,
  now: Date,
): Promise<LotteryLeaderboard> {
  const endsAt = periodEnd(board, now);
  const since = new Date(endsAt.getTime() - (board === 'daily' ? 1 : 7) * 86_400_000);
  const rows = await lotteryWinners(db, brandId, since, limit);
  return {
    board,
    endsAt: endsAt.toISOString(),
    entries: rows.map((r, i) => ({ rank: i + 1, name: maskName(r.name), won: r.won, rounds: r.rounds })),
  };
}
