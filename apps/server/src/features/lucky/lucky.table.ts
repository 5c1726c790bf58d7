import type { FairSlot, LuckyGame, LuckyPaidAs, LuckyPrizeKind, RaffleStatus } from '@playfront/contract/lucky-paths';
import type { ColumnType, Generated, Selectable } from 'kysely';

/** Row types of the lucky-draw tables (migration 20261127T1300_lucky). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type LuckyConfigTable = {
  brand_id: number;
  game: LuckyGame;
  enabled: Generated<boolean>;
  deposit_per_ticket: bigint | null;
  valid_bet_per_ticket: bigint | null;
  egg_count: Generated<number>;
  budget_left: bigint | null;
  welcome_tickets: Generated<number>;
  updated_at: Timestamp;
};
export type LuckyConfigRow = Selectable<LuckyConfigTable>;

export type LuckyPrizeTable = {
  id: Generated<number>;
  brand_id: number;
  game: LuckyGame;
  position: number;
  label_en: string;
  label_bn: string;
  kind: LuckyPrizeKind;
  amount: bigint;
  promotion_id: number | null;
  weight: number;
  stock_left: number | null;
  budget_left: bigint | null;
  awarded: Generated<number>;
  active: Generated<boolean>;
};
export type LuckyPrizeRow = Selectable<LuckyPrizeTable>;

export type LuckyTicketTable = {
  member_id: number;
  game: LuckyGame;
  balance: Generated<number>;
  deposit_carry: Generated<bigint>;
  bet_carry: Generated<bigint>;
  earned: Generated<number>;
  updated_at: Timestamp;
};

export type LuckySeedTable = {
  id: Generated<bigint>;
  member_id: number;
  game: LuckyGame;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: Generated<number>;
  is_current: Generated<boolean>;
  created_at: Timestamp;
  revealed_at: Date | null;
};
export type LuckySeedRow = Selectable<LuckySeedTable>;

/** Ledger transfer ids come back from reward_pay as text and are read as bigint. */
type TransferId = ColumnType<bigint | null, string | null, string | null>;

export type LuckyPlayTable = {
  id: Generated<bigint>;
  member_id: number;
  game: LuckyGame;
  seed_id: bigint;
  nonce: number;
  egg: number | null;
  slots: ColumnType<FairSlot[], string, never>;
  prize_id: number;
  position: number;
  kind: LuckyPrizeKind;
  amount: bigint;
  paid_as: LuckyPaidAs;
  transfer_id: TransferId;
  created_at: Timestamp;
};
export type LuckyPlayRow = Selectable<LuckyPlayTable>;

export type LuckyRaffleTable = {
  id: Generated<number>;
  brand_id: number;
  title_en: string;
  title_bn: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  deposit_per_entry: bigint | null;
  valid_bet_per_entry: bigint | null;
  server_seed: string;
  server_seed_hash: string;
  status: Generated<RaffleStatus>;
  drawn_at: Date | null;
  created_at: Timestamp;
};
export type LuckyRaffleRow = Selectable<LuckyRaffleTable>;

export type LuckyRafflePrizeTable = {
  raffle_id: number;
  rank: number;
  kind: 'CASH' | 'BONUS';
  amount: bigint;
  promotion_id: number | null;
};

export type LuckyRaffleEntryTable = {
  raffle_id: number;
  member_id: number;
  entries: Generated<number>;
  deposit_carry: Generated<bigint>;
  bet_carry: Generated<bigint>;
};

export type LuckyRaffleWinnerTable = {
  raffle_id: number;
  rank: number;
  member_id: number;
  ticket: number;
  amount: bigint;
  paid_as: 'CASH' | 'BONUS' | 'CLAIMABLE';
  transfer_id: TransferId;
};
