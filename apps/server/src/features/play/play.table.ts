import type { ColumnType, Generated, Selectable } from 'kysely';
import type { JsonValue } from '../ledger/ledger.table.ts';

/** Row types of the playing tables (migration 20261122T0904_play). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<bigint, bigint | number | undefined, bigint | number>;
/** jsonb is written as JSON text (the same on both engines) and read as parsed JSON. */
type Jsonb = ColumnType<JsonValue | null, string | null | undefined, string | null>;

export type GameLaunchSessionTable = {
  id: Generated<bigint>;
  token_hash: string;
  member_id: number;
  brand_id: number;
  node_id: string;
  vendor_code: string;
  game_code: string;
  currency: string;
  language: string;
  device: string;
  created_at: Timestamp;
  expires_at: Date;
  /** The member session that launched it: the launch ends with it (logout, password change). */
  member_session_id: bigint | null;
  /** When the game server exchanged the token for its own session; a second open is refused. */
  opened_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Ended on its own (over the per-member cap). */
  revoked_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};
export type GameLaunchSessionRow = Selectable<GameLaunchSessionTable>;

export type ProviderCredentialTable = {
  vendor_code: string;
  secret: string;
  source: Generated<'house' | 'operator'>;
  active: Generated<boolean>;
  updated_at: Timestamp;
};

export type RoundStatusValue = 'open' | 'settled' | 'cancelled';

export type GameRoundTable = {
  id: Generated<bigint>;
  vendor_code: string;
  round_id: string;
  member_id: number;
  launch_session_id: bigint | null;
  node_id: string;
  game_code: string;
  game_type: string;
  currency: string;
  bet_total: Money;
  win_total: Money;
  refund_total: Money;
  /** The bonus part of the stakes (decision 026): wins and refunds go back the way the stake came. */
  bonus_bet_total: Generated<bigint>;
  bet_count: Generated<number>;
  status: Generated<RoundStatusValue>;
  created_at: Timestamp;
  updated_at: Timestamp;
  settled_at: Date | null;
};
export type GameRoundRow = Selectable<GameRoundTable>;

export type ProviderTransactionKind = 'BET' | 'WIN' | 'ROLLBACK' | 'TOMBSTONE';

export type ProviderTransactionTable = {
  id: Generated<bigint>;
  vendor_code: string;
  transaction_id: string;
  kind: ProviderTransactionKind;
  member_id: number;
  round_id: string;
  amount: Money;
  request_hash: string;
  http_status: number | null;
  answer: Jsonb;
  applied: Generated<boolean>;
  rolled_back: Generated<boolean>;
  /** Of a BET: the part staked from the bonus account. */
  bonus_amount: Generated<bigint>;
  created_at: Timestamp;
};
export type ProviderTransactionRow = Selectable<ProviderTransactionTable>;
