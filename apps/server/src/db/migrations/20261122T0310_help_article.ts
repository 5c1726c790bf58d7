import { type Kysely, sql } from 'kysely';

/** Help centre articles (spec section 7, helpCenter): one row per brand, language and article. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('help_article')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    /** Server-authored HTML; never user input. */
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('help_article_brand_lang_slug', ['brand_id', 'lang', 'slug'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('help_article').execute();
}
