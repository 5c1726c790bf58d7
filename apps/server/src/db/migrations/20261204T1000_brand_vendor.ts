import { type Kysely, sql } from 'kysely';

/**
 * Vendor switches per brand (issue 17, decision 061). The catalogue's game_vendor.active and .maintenance are the
 * platform's, for every brand; brand_vendor is one brand's own choice of which vendors its site offers. No row means
 * enabled, so existing brands keep every vendor they had. Only `enabled = false` rows change anything: the brand's
 * lobby lists, counts, search, vendor cards and banners leave the vendor's games out and its launches answer
 * GAME_NOT_FOUND, as for a vendor the platform switched off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table brand_vendor (
    brand_id integer not null references brand (id) on delete cascade,
    vendor_code text not null references game_vendor (code) on delete cascade,
    enabled boolean not null,
    updated_at timestamptz not null default now(),
    primary key (brand_id, vendor_code)
  )`.execute(db);
  // The lobby reads "which vendors has this brand switched off" on every cache miss: only those rows.
  await sql`create index brand_vendor_off on brand_vendor (brand_id) where not enabled`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table brand_vendor`.execute(db);
}
