import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the mission tables (migration 20261127T1200_missions). */
type Timestamp = ColumnType<Date, Date | undefined, Date>;

export type MissionTable = {
  id: Generated<number>;
  brand_id: number;
  code: string;
  period: 'daily' | 'weekly';
  goal: 'wager' | 'deposit' | 'distinctGames' | 'bigWin';
  category: string | null;
  min_win: ColumnType<bigint, bigint | undefined, bigint>;
  target: bigint;
  reward_amount: ColumnType<bigint, bigint | undefined, bigint>;
  bonus_promotion_id: number | null;
  points: ColumnType<number, number | undefined, number>;
  title_en: string;
  title_bn: string;
  sort: ColumnType<number, number | undefined, number>;
  active: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type MissionRow = Selectable<MissionTable>;

export type MissionProgressTable = {
  member_id: number;
  mission_id: number;
  period_key: string;
  progress: ColumnType<bigint, bigint | undefined, bigint>;
  completed_at: Date | null;
  claimed_at: Date | null;
  paid_as: 'CASH' | 'BONUS' | null;
};
export type MissionProgressRow = Selectable<MissionProgressTable>;

export type MissionGameSeenTable = { member_id: number; period_key: string; game: string };

export type MissionEventAppliedTable = { event_id: bigint; applied_at: Timestamp };

export type MissionPointsTable = {
  brand_id: number;
  board: 'daily' | 'weekly';
  period_key: string;
  member_id: number;
  points: bigint;
  reached_at: Date;
};
