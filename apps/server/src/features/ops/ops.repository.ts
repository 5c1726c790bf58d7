import type { RegionRule } from '@playfront/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Region rules as the operator sees them; `cidr` as canonical text. */
const ruleColumns = ['id', sql<string>`cidr::text`.as('cidr'), 'label'] as const;

export function listRegionRules(db: Db, brandId: number): Promise<RegionRule[]> {
  return db.selectFrom('region_rule').select(ruleColumns).where('brand_id', '=', brandId).orderBy('id').execute();
}

/** Inserts a rule; Postgres validates the network (host bits must be zero) and canonicalises it. */
export function addRegionRule(db: Db, brandId: number, cidr: string, label: string): Promise<RegionRule> {
  return db
    .insertInto('region_rule')
    .values({ brand_id: brandId, cidr: sql<string>`cast(${cidr} as cidr)`, label })
    .returning(ruleColumns)
    .executeTakeFirstOrThrow();
}

export function deleteRegionRule(db: Db, brandId: number, id: number): Promise<RegionRule | undefined> {
  return db.deleteFrom('region_rule').where('brand_id', '=', brandId).where('id', '=', id).returning(ruleColumns).executeTakeFirst();
}
