import { MISSION_CATEGORY_OF_GAME } from '@playfront/contract/missions-paths';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { MoneyEvent, OutboxConsumer } from '../../infra/outbox/money-outbox.ts';
import { publishLive } from '../live/live-bus.ts';
import { periodKey } from './mission-periods.ts';
import { activeMissions, addProgress, type GameSeen, gameSeenKey, markEventsApplied, markGamesSeen } from './missions.repository.ts';
import type { MissionRow } from './missions.table.ts';

/**
 * Mission progress from the money outbox (decision 021), in the transaction that moves the consumer's position:
 * - a settled round (`ROUND_SETTLED`, reference `{ vendor, gameType, gameCode, validBet, winTotal }`) counts its valid
 *   bet for wager missions of its category (or of every game), its game for "different games" missions, and itself
 *   for big-win missions when its win reaches the mission's `min_win`;
 * - a credited deposit (`DEPOSIT`) counts its amount for deposit missions.
 * Each event is counted once: its id goes into mission_event_applied with the progress, so a replayed batch (a crash
 * before the position moved) adds nothing. The period is the event's own time (UTC day / ISO week), not the
 * consumer's, so an event read just after midnight still counts for the day it happened.
 */
export const MISSIONS_CONSUMER = 'missions';

/** What one event brings to missions. */
export type MissionActivity =
  | { kind: 'round'; validBet: bigint; win: bigint; category: string | null; game: string | null }
  | { kind: 'deposit'; amount: bigint };

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
const minor = (v: unknown): bigint => {
  const s = text(v);
  return s !== undefined && /^\d{1,18}$/.test(s) ? BigInt(s) : 0n;
};

export function activityOf(event: MoneyEvent): MissionActivity | null {
  if (event.kind === 'ROUND_SETTLED') {
    const ref = event.reference;
    const gameType = text(ref.gameType)?.toUpperCase() ?? '';
    const vendor = text(ref.vendor);
    const gameCode = text(ref.gameCode);
    return {
      kind: 'round',
      validBet: minor(ref.validBet),
      win: minor(ref.winTotal),
      category: MISSION_CATEGORY_OF_GAME[gameType] ?? null,
      game: vendor && gameCode ? `${vendor}:${gameCode}`.slice(0, 200) : null,
    };
  }
  if (event.kind === 'DEPOSIT' && event.amount > 0n) return { kind: 'deposit', amount: event.amount };
  return null;
}

/** How much an activity moves one mission (0n: not at all); `newGame` says whether the round's game is new in the period. */
export function contribution(mission: MissionRow, activity: MissionActivity, newGame: boolean): bigint {
  if (activity.kind === 'deposit') return mission.goal === 'deposit' ? activity.amount : 0n;
  switch (mission.goal) {
    case 'wager':
      return mission.category === null || mission.category === activity.category ? activity.validBet : 0n;
    case 'distinctGames':
      return newGame ? 1n : 0n;
    case 'bigWin':
      return activity.win >= mission.min_win && mission.min_win > 0n ? 1n : 0n;
    default:
      return 0n;
  }
}

type Counted = { event: MoneyEvent; activity: MissionActivity; missions: MissionRow[] };
type Sum = { memberId: number; mission: MissionRow; period: string; amount: bigint; at: Date };

/**
 * What the batch adds to each (member, mission, period), summed in memory so each progress row is written once per
 * batch. A game is new when its (member, period, game) row was inserted now (the day and the week have their own
 * sets), so one game played twice in the batch or seen in an earlier batch counts nothing more.
 */
function batchSums(counted: Counted[], newGames: ReadonlySet<string>): Map<string, Sum> {
  const sums = new Map<string, Sum>();
  const add = (memberId: number, mission: MissionRow, period: string, amount: bigint, at: Date) => {
    if (amount <= 0n) return;
    const key = `${memberId}/${mission.id}/${period}`;
    const sum = sums.get(key);
    if (!sum) sums.set(key, { memberId, mission, period, amount, at });
    else {
      sum.amount += amount;
      if (at > sum.at) sum.at = at;
    }
  };
  const gamesCounted = new Set<string>();
  for (const { event, activity, missions } of counted) {
    for (const mission of missions) {
      const period = periodKey(mission.period, event.createdAt);
      if (mission.goal !== 'distinctGames') {
        add(event.memberId, mission, period, contribution(mission, activity, false), event.createdAt);
        continue;
      }
      const game = activity.kind === 'round' ? activity.game : null;
      const key = game ? gameSeenKey(event.memberId, period, game) : '';
      if (!game || !newGames.has(key) || gamesCounted.has(`${mission.id}/${key}`)) continue;
      gamesCounted.add(`${mission.id}/${key}`);
      add(event.memberId, mission, period, contribution(mission, activity, true), event.createdAt);
    }
  }
  return sums;
}

/** The (member, period, game) rows the batch's rounds need, for the periods of its "different games" missions. */
function gamesOf(counted: Counted[]): GameSeen[] {
  const games = new Map<string, GameSeen>();
  for (const { event, activity, missions } of counted) {
    if (activity.kind !== 'round' || !activity.game) continue;
    for (const mission of missions.filter((m) => m.goal === 'distinctGames')) {
      const period = periodKey(mission.period, event.createdAt);
      games.set(gameSeenKey(event.memberId, period, activity.game), { memberId: event.memberId, period, game: activity.game });
    }
  }
  return [...games.values()];
}

/** Counts a batch; returns the members who completed a mission with it. */
async function applyBatch(trx: Db, events: MoneyEvent[]): Promise<Set<number>> {
  const completed = new Set<number>();
  const candidates = events.map((event) => ({ event, activity: activityOf(event) }));
  const memberIds = [...new Set(candidates.filter((x) => x.activity !== null).map((x) => x.event.memberId))];
  if (memberIds.length === 0) return completed;
  const members = await trx.selectFrom('member').select(['id', 'brand_id']).where('id', 'in', memberIds).execute();
  const brandOf = new Map(members.map((m) => [m.id, m.brand_id]));
  const missions = await activeMissions(trx, [...new Set(members.map((m) => m.brand_id))]);
  const counted: Counted[] = [];
  for (const { event, activity } of candidates) {
    const own = missions.filter((m) => m.brand_id === brandOf.get(event.memberId));
    if (activity && own.length > 0) counted.push({ event, activity, missions: own });
  }
  if (counted.length === 0) return completed;
  // Only events no earlier (replayed) batch counted.
  const fresh = await markEventsApplied(
    trx,
    counted.map((c) => c.event.id),
  );
  const todo = counted.filter((c) => fresh.has(c.event.id));
  const newGames = await markGamesSeen(trx, gamesOf(todo));
  // In member, mission and period order, so two writers never wait on each other's rows crosswise.
  const sums = [...batchSums(todo, newGames).values()].sort(
    (a, b) => a.memberId - b.memberId || a.mission.id - b.mission.id || a.period.localeCompare(b.period),
  );
  for (const sum of sums) {
    if (await addProgress(trx, { memberId: sum.memberId, mission: sum.mission, period: sum.period, amount: sum.amount, at: sum.at })) {
      completed.add(sum.memberId);
    }
  }
  return completed;
}

/**
 * The consumer. After its transaction commits, each member with a newly completed mission gets a live
 * `MISSION_COMPLETED` (at least once), so the member-centre badge and the page refresh without waiting for a poll.
 */
export function missionsConsumer(app: FastifyInstance): OutboxConsumer {
  // The batch's completions, from `apply` to `afterCommit` (the same array is handed to both).
  const completedBy = new WeakMap<MoneyEvent[], Set<number>>();
  return {
    name: MISSIONS_CONSUMER,
    async apply(trx, events) {
      completedBy.set(events, await applyBatch(trx, events));
    },
    afterCommit(events) {
      const at = new Date().toISOString();
      for (const memberId of completedBy.get(events) ?? []) publishLive(app, memberId, { type: 'MISSION_COMPLETED', at });
    },
  };
}
