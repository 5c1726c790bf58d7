import { type Kysely, sql } from 'kysely';

/** Brand configuration: the white-label settings of spec section 3, each switchable by an operator. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('merchant_code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('platform', 'text', (c) => c.notNull().defaultTo('WEB'))
    .addColumn('lottery_type', 'text', (c) => c.notNull().defaultTo('Lott'))
    .addColumn('languages', sql`text[]`, (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('currency_symbol', 'text', (c) => c.notNull())
    .addColumn('maintenance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('main_domain', 'text', (c) => c.notNull())
    .addColumn('analytics_gtag_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_cdns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('launch_cdns', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('esport_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('cockfight_codes', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'`))
    .addColumn('prize_modes', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('agent_account_types', sql`int[]`, (c) => c.notNull())
    .addColumn('trial_account_type', 'integer', (c) => c.notNull())
    .addColumn('minimum_age', 'integer', (c) => c.notNull().defaultTo(18))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('brand_flag')
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('brand_flag_pk', ['brand_id', 'code'])
    .execute();

  await db.schema
    .createTable('customer_service')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('cs_type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('social_link')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('brand_resource')
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addPrimaryKeyConstraint('brand_resource_pk', ['brand_id', 'resource_type'])
    .execute();

  await db.schema
    .createTable('domain_route')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull().defaultTo('/'))
    .execute();

  await db.schema
    .createTable('region_rule')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('cidr', sql`cidr`, (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('registration_rule')
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('pattern_id', 'text', (c) => c.notNull())
    .addColumn('min_length', 'integer', (c) => c.notNull())
    .addColumn('max_length', 'integer', (c) => c.notNull())
    .addColumn('show', 'boolean', (c) => c.notNull())
    .addColumn('required', 'boolean', (c) => c.notNull())
    .addPrimaryKeyConstraint('registration_rule_pk', ['brand_id', 'field'])
    .addCheckConstraint('registration_rule_lengths', sql`min_length >= 0 and max_length >= min_length`)
    .execute();

  await db.schema
    .createTable('country_dialing')
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('dialing_code', 'text', (c) => c.notNull())
    .addColumn('min_digits', 'integer', (c) => c.notNull())
    .addColumn('max_digits', 'integer', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addPrimaryKeyConstraint('country_dialing_pk', ['brand_id', 'code'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'country_dialing',
    'registration_rule',
    'region_rule',
    'domain_route',
    'brand_resource',
    'social_link',
    'customer_service',
    'brand_flag',
    'brand',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
