import { type Kysely, sql } from 'kysely';

/**
 * Lobby content: banners, notices, popups and announcements.
 *
 * Localised text is stored as jsonb keyed by language code (`{"EN": "…", "BN": "…"}`)
 * rather than one row per language: a notice or popup keeps one id in every
 * language (popups are "shown once per session" by id, so switching language
 * must not show them again), and a brand adding a language adds keys, not rows.
 * Readers pick the request's language and fall back to the brand's default.
 * Image paths are relative to one of the brand's image CDN hosts (`image_cdns`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('banner')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('group_name', 'text', (c) => c.notNull().check(sql`group_name in ('w_login', 'w_register', 'w_leftmenu', 'w_home')`))
    .addColumn('image_url', 'jsonb', (c) => c.notNull())
    /** What a click opens: NONE, URL (link_target is a path or URL), GAME (a game code), PROMOTION (a promotion id). */
    .addColumn('linkage_type', 'text', (c) => c.notNull().defaultTo('NONE'))
    .addColumn('link_target', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('banner_title_localised', sql`jsonb_typeof(title) = 'object'`)
    .addCheckConstraint('banner_image_url_localised', sql`jsonb_typeof(image_url) = 'object'`)
    .execute();
  await db.schema.createIndex('banner_brand_group').on('banner').columns(['brand_id', 'group_name', 'sort']).execute();

  await db.schema
    .createTable('notice')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('B', 'PL', 'PU', 'PR', 'H')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('W'))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('notice_title_localised', sql`jsonb_typeof(title) = 'object'`)
    .addCheckConstraint('notice_content_localised', sql`jsonb_typeof(content) = 'object'`)
    .execute();

  await db.schema
    .createTable('popup')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    /** A: logged in, B: anonymous, F: first login. */
    .addColumn('execution', 'text', (c) => c.notNull().check(sql`execution in ('A', 'B', 'F')`))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    .addColumn('image_url', 'jsonb')
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addCheckConstraint('popup_title_localised', sql`jsonb_typeof(title) = 'object'`)
    .addCheckConstraint('popup_content_localised', sql`jsonb_typeof(content) = 'object'`)
    .execute();

  await db.schema
    .createTable('announcement')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('title', 'jsonb', (c) => c.notNull())
    .addColumn('content', 'jsonb', (c) => c.notNull())
    /** Empty for a plain announcement; otherwise the promotion kind it links to (opens the reward centre). */
    .addColumn('promotion_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('published_at', 'timestamptz', (c) => c.notNull())
    .addCheckConstraint('announcement_title_localised', sql`jsonb_typeof(title) = 'object'`)
    .addCheckConstraint('announcement_content_localised', sql`jsonb_typeof(content) = 'object'`)
    .execute();
  await db.schema.createIndex('announcement_brand_published').on('announcement').columns(['brand_id', 'published_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['announcement', 'popup', 'notice', 'banner']) {
    await db.schema.dropTable(table).execute();
  }
}
