import type { GameClassify, GameType, MenuCode, WalletMode } from '@playfront/contract/games-paths';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { Localised } from '../content/content.table.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Row types of the catalogue tables (migration 20261122T0500_game_catalogue). */

export type GameVendorTable = {
  code: string;
  display_name: string;
  game_type: GameType;
  sort: Generated<number>;
  active: Generated<boolean>;
  wallet_mode: Generated<WalletMode>;
  is_vendor_type: Generated<boolean>;
  icon_path: string | null;
  /** Launches refused with VENDOR_MAINTENANCE while on (migration 20261201T1300). */
  maintenance: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type GameVendorRow = Selectable<GameVendorTable>;
export type NewGameVendor = Insertable<GameVendorTable>;

/**
 * One brand's own switch for a vendor (migration 20261204T1000_brand_vendor, decision 061): no row = enabled. Separate
 * from game_vendor.active / maintenance, which are the platform's for every brand.
 */
export type BrandVendorTable = {
  brand_id: number;
  vendor_code: string;
  enabled: boolean;
  updated_at: Timestamp;
};

export type GameTable = {
  node_id: Generated<string>;
  game_id: string;
  game_code: string;
  vendor_code: string;
  game_type: GameType;
  classify: GameClassify | null;
  name_en: string;
  name_bn: string;
  /** Minor units; int8, read as bigint. */
  min_bet: ColumnType<bigint, bigint | number, bigint | number>;
  lines: Generated<number>;
  is_hot: Generated<boolean>;
  is_new: Generated<boolean>;
  has_demo: Generated<boolean>;
  is_game: Generated<boolean>;
  sort: Generated<number>;
  image_path: string | null;
  large_icon: Generated<boolean>;
  active: Generated<boolean>;
  /** Generated: lower(name_en) || ' ' || lower(name_bn). Never written. */
  search_text: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
};
export type GameRow = Selectable<GameTable>;
export type NewGame = Insertable<GameTable>;

export type GameMenuTable = {
  brand_id: number;
  code: MenuCode;
  name: Localised;
  path: string | null;
  tracking_key: Generated<string>;
  sort: number;
  launch_node_id: string | null;
  active: Generated<boolean>;
};

export type MemberFavouriteGameTable = {
  member_id: number;
  node_id: string;
  vendor_code: string;
  game_type: GameType;
  created_at: Timestamp;
};

export type MemberRecentGameTable = {
  member_id: number;
  node_id: string;
  last_played_at: Date;
  play_count: Generated<number>;
};

export type WinnerBoardEntryTable = {
  id: Generated<bigint>;
  brand_id: number;
  member_id: number | null;
  customer_name: string;
  node_id: string;
  game_type: GameType;
  win_amount: ColumnType<bigint, bigint | number, bigint | number>;
  won_at: Date;
};

export type HotMatchTable = {
  id: Generated<number>;
  brand_id: number;
  ads_id: number;
  vendor_code: string;
  league: Localised;
  home_team: Localised;
  away_team: Localised;
  home_image: string;
  away_image: string;
  match_time: Date;
  sort: Generated<number>;
  active: Generated<boolean>;
};

export type JackpotConfigTable = {
  brand_id: number;
  min_amount: ColumnType<bigint, bigint | number, bigint | number>;
  max_amount: ColumnType<bigint, bigint | number, bigint | number>;
  increment_min: ColumnType<bigint, bigint | number, bigint | number>;
  increment_max: ColumnType<bigint, bigint | number, bigint | number>;
  interval_min_ms: number;
  interval_max_ms: number;
};
