import { type Kysely, sql } from 'kysely';

/**
 * Console content, brand and games pages (issue 17, lane D; decision 046):
 * - `brand.maintenance_message`: what the maintenance page says, per language (`{ EN, BN }`, may be empty);
 * - `help_article.active`: an unpublished article stays in the console; the help centre serves active ones only;
 * - `game_vendor.maintenance`: a vendor under maintenance keeps its games in the lobby but launches are refused
 *   with VENDOR_MAINTENANCE (switching it off hides them instead: `active`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table brand add column maintenance_message jsonb not null default '{}'::jsonb`.execute(db);
  await sql`alter table help_article add column active boolean not null default true`.execute(db);
  await sql`alter table game_vendor add column maintenance boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table game_vendor drop column maintenance`.execute(db);
  await sql`alter table help_article drop column active`.execute(db);
  await sql`alter table brand drop column maintenance_message`.execute(db);
}
