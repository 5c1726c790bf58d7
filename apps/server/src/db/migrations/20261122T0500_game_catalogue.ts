import { type Kysely, sql } from 'kysely';

const GAME_TYPES = `('RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'LOTT', 'ELOTT', 'COCKFIGHT', 'SPB', 'RUMMY', 'LUDO', 'MINI')`;

/**
 * The game catalogue and what hangs off it: vendors, games, the lobby's game
 * menus, members' favourites and recent games, the winner board, hot-match
 * adverts and the jackpot counter's bounds.
 *
 * Vendors and games are the platform's aggregated catalogue, shared by every
 * brand (a brand picks languages and menus, not its own copy of 10,000 rows).
 * Games are identified by (vendor_code, game_code) for imports and by a string
 * node_id on the wire; node ids of imported games come from a sequence that
 * starts above the demo seed's fixed ids.
 *
 * Name search uses a trigram index (pg_trgm, which PGlite ships as an
 * extension) over a generated lower-cased "EN BN" text, so `%keyword%` in
 * either language stays an index lookup.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);

  await db.schema
    .createTable('game_vendor')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z0-9][A-Z0-9_-]{0,31}$'`))
    .addColumn('display_name', 'text', (c) => c.notNull())
    /** The vendor's category: the lane its card sits in (ESPORTS and COCKFIGHT cards are served inside SPORTS). */
    .addColumn('game_type', 'text', (c) => c.notNull().check(sql.raw(`game_type in ${GAME_TYPES}`)))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('wallet_mode', 'text', (c) => c.notNull().defaultTo('seamless').check(sql`wallet_mode in ('seamless', 'transfer')`))
    /** The vendor's tile opens a popup list of its games instead of a game. */
    .addColumn('is_vendor_type', 'boolean', (c) => c.notNull().defaultTo(false))
    /** Relative image path; null: the generated vendor icon. */
    .addColumn('icon_path', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await sql`create sequence game_node_id_seq start with 1000001`.execute(db);
  await db.schema
    .createTable('game')
    .addColumn('node_id', 'text', (c) => c.primaryKey().defaultTo(sql`nextval('game_node_id_seq')::text`))
    .addColumn('game_id', 'text', (c) => c.notNull())
    .addColumn('game_code', 'text', (c) => c.notNull())
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('game_vendor.code').onUpdate('cascade'))
    .addColumn('game_type', 'text', (c) => c.notNull().check(sql.raw(`game_type in ${GAME_TYPES}`)))
    .addColumn('classify', 'text', (c) => c.check(sql`classify in ('SC', 'VP', 'JP', 'TG', 'AC', 'BG')`))
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('name_bn', 'text', (c) => c.notNull())
    /** Minimum bet in minor units of the brand currency. */
    .addColumn('min_bet', 'bigint', (c) => c.notNull().check(sql`min_bet >= 0`))
    .addColumn('lines', 'integer', (c) => c.notNull().defaultTo(0).check(sql`lines >= 0`))
    .addColumn('is_hot', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_new', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_demo', 'boolean', (c) => c.notNull().defaultTo(false))
    /** False for a vendor's lobby entry (sportsbook, lottery hall) rather than one game. */
    .addColumn('is_game', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    /** Relative image path; null: the generated tile. */
    .addColumn('image_path', 'text')
    .addColumn('large_icon', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('search_text', 'text', (c) => c.generatedAlwaysAs(sql`lower(name_en) || ' ' || lower(name_bn)`).stored())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('game_vendor_code_uq', ['vendor_code', 'game_code'])
    .execute();
  // The list's default order (sort, node_id), able to stop after one page: by type, by vendor, and the hot list.
  await sql`create index game_type_order on game (game_type, sort, node_id) where active`.execute(db);
  await sql`create index game_vendor_order on game (vendor_code, sort, node_id) where active`.execute(db);
  await sql`create index game_hot_order on game (sort, node_id) where active and is_hot`.execute(db);
  await sql`create index game_search_trgm on game using gin (search_text gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('game_menu')
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('name', 'jsonb', (c) => c.notNull())
    .addColumn('path', 'text')
    .addColumn('tracking_key', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull())
    /** RUMMY and LUDO launch this game directly. */
    .addColumn('launch_node_id', 'text', (c) => c.references('game.node_id').onDelete('set null'))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addPrimaryKeyConstraint('game_menu_pk', ['brand_id', 'code'])
    .addCheckConstraint('game_menu_name_localised', sql`jsonb_typeof(name) = 'object'`)
    .execute();

  await db.schema
    .createTable('member_favourite_game')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull().references('game.node_id').onDelete('cascade'))
    .addColumn('vendor_code', 'text', (c) => c.notNull())
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_favourite_game_pk', ['member_id', 'node_id'])
    .execute();
  await sql`create index member_favourite_game_recent on member_favourite_game (member_id, created_at desc)`.execute(db);

  await db.schema
    .createTable('member_recent_game')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('node_id', 'text', (c) => c.notNull().references('game.node_id').onDelete('cascade'))
    .addColumn('last_played_at', 'timestamptz', (c) => c.notNull())
    .addColumn('play_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addPrimaryKeyConstraint('member_recent_game_pk', ['member_id', 'node_id'])
    .execute();
  await sql`create index member_recent_game_recent on member_recent_game (member_id, last_played_at desc)`.execute(db);

  await db.schema
    .createTable('winner_board_entry')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    /** The winning member when known; demo rows have none. */
    .addColumn('member_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
    /** The name to show, masked when served (never sent whole). */
    .addColumn('customer_name', 'text', (c) => c.notNull())
    .addColumn('node_id', 'text', (c) => c.notNull().references('game.node_id').onDelete('cascade'))
    .addColumn('game_type', 'text', (c) => c.notNull())
    .addColumn('win_amount', 'bigint', (c) => c.notNull().check(sql`win_amount > 0`))
    .addColumn('won_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`create index winner_board_top on winner_board_entry (brand_id, win_amount desc, won_at desc)`.execute(db);
  await sql`create index winner_board_top_by_type on winner_board_entry (brand_id, game_type, win_amount desc, won_at desc)`.execute(db);

  await db.schema
    .createTable('hot_match')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    /** Matches of one advert share this id (spec: gameMatchAdsId with a matchList). */
    .addColumn('ads_id', 'integer', (c) => c.notNull())
    .addColumn('vendor_code', 'text', (c) => c.notNull().references('game_vendor.code').onUpdate('cascade'))
    .addColumn('league', 'jsonb', (c) => c.notNull())
    .addColumn('home_team', 'jsonb', (c) => c.notNull())
    .addColumn('away_team', 'jsonb', (c) => c.notNull())
    .addColumn('home_image', 'text', (c) => c.notNull())
    .addColumn('away_image', 'text', (c) => c.notNull())
    .addColumn('match_time', 'timestamptz', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.schema.createIndex('hot_match_brand_time').on('hot_match').columns(['brand_id', 'match_time']).execute();

  await db.schema
    .createTable('jackpot_config')
    .addColumn('brand_id', 'integer', (c) => c.primaryKey().references('brand.id').onDelete('cascade'))
    .addColumn('min_amount', 'bigint', (c) => c.notNull())
    .addColumn('max_amount', 'bigint', (c) => c.notNull())
    .addColumn('increment_min', 'bigint', (c) => c.notNull())
    .addColumn('increment_max', 'bigint', (c) => c.notNull())
    .addColumn('interval_min_ms', 'integer', (c) => c.notNull())
    .addColumn('interval_max_ms', 'integer', (c) => c.notNull())
    .addCheckConstraint('jackpot_bounds', sql`0 <= min_amount and min_amount < max_amount`)
    .addCheckConstraint('jackpot_increment', sql`0 < increment_min and increment_min <= increment_max`)
    .addCheckConstraint('jackpot_interval', sql`0 < interval_min_ms and interval_min_ms <= interval_max_ms`)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'jackpot_config',
    'hot_match',
    'winner_board_entry',
    'member_recent_game',
    'member_favourite_game',
    'game_menu',
    'game',
    'game_vendor',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`drop sequence game_node_id_seq`.execute(db);
  // pg_trgm stays: dropping an extension another schema object might use is not this migration's call.
}
