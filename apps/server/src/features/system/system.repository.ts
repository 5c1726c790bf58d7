import { isIP } from 'node:net';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Reads behind the system and settings calls. Plain functions taking `db` first. */

/**
 * Whether an IP falls inside one of the brand's region rules. The containment
 * test is Postgres's own (`inet <<= cidr`), on PGlite and on a real server alike.
 */
export async function isIpRestricted(db: Db, brandId: number, ip: string): Promise<boolean> {
  // A value that is no IP address cannot be cast to inet; it matches no rule.
  if (isIP(ip) === 0) return false;
  const hit = await db
    .selectFrom('region_rule')
    .select('id')
    .where('brand_id', '=', brandId)
    .where(sql<boolean>`cast(${ip} as inet) <<= cidr`)
    .limit(1)
    .executeTakeFirst();
  return hit !== undefined;
}

export function listRegistrationRules(db: Db, brandId: number) {
  return db
    .selectFrom('registration_rule')
    .select(['field', 'pattern_id', 'min_length', 'max_length', 'show', 'required'])
    .where('brand_id', '=', brandId)
    .execute();
}

export function listCountries(db: Db, brandId: number) {
  return db
    .selectFrom('country_dialing')
    .select(['code', 'dialing_code', 'min_digits', 'max_digits', 'is_default'])
    .where('brand_id', '=', brandId)
    .orderBy('is_default', 'desc')
    .orderBy('code')
    .execute();
}

export function listDomainRoutes(db: Db, brandId: number) {
  return db.selectFrom('domain_route').select(['domain', 'purpose', 'path']).where('brand_id', '=', brandId).orderBy('id').execute();
}

export function listCustomerService(db: Db, brandId: number) {
  return db
    .selectFrom('customer_service')
    .select(['cs_type', 'name', 'url'])
    .where('brand_id', '=', brandId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function listSocialLinks(db: Db, brandId: number) {
  return db.selectFrom('social_link').select(['kind', 'url']).where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute();
}

export function listResources(db: Db, brandId: number) {
  return db
    .selectFrom('brand_resource')
    .select(['resource_type', 'url', 'label'])
    .where('brand_id', '=', brandId)
    .orderBy('resource_type')
    .execute();
}

export function listHelpArticles(db: Db, brandId: number, lang: string) {
  return (
    db
      .selectFrom('help_article')
      .select(['id', 'slug', 'title', 'content', 'category'])
      .where('brand_id', '=', brandId)
      .where('lang', '=', lang)
      // Unpublished articles stay in the console (lane D).
      .where('active', '=', true)
      .orderBy('sort')
      .orderBy('id')
      .execute()
  );
}
