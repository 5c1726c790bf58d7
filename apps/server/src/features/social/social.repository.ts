import type { Db } from '../../db/database.ts';
import type { MemberIdentityRow, SocialFlowRow, SocialProviderRow, SocialProviderTable } from './social.table.ts';

export function listProviders(db: Db, brandId: number): Promise<SocialProviderRow[]> {
  return db.selectFrom('social_provider').selectAll().where('brand_id', '=', brandId).orderBy('sort').orderBy('id').execute();
}

export function findProvider(db: Db, brandId: number, slug: string): Promise<SocialProviderRow | undefined> {
  return db.selectFrom('social_provider').selectAll().where('brand_id', '=', brandId).where('slug', '=', slug).executeTakeFirst();
}

export function findProviderById(db: Db, id: number): Promise<SocialProviderRow | undefined> {
  return db.selectFrom('social_provider').selectAll().where('id', '=', id).executeTakeFirst();
}

export type ProviderValues = Omit<SocialProviderTable, 'id' | 'created_at' | 'updated_at' | 'client_secret_sealed'> & {
  client_secret_sealed: string | undefined;
  at: Date;
};

/** Creates or changes the brand's provider by slug; a missing secret keeps the stored one (none stored: undefined back). */
export async function upsertProvider(db: Db, v: ProviderValues): Promise<SocialProviderRow | undefined> {
  const { at, client_secret_sealed, ...fields } = v;
  const changed = { ...fields, updated_at: at, ...(client_secret_sealed ? { client_secret_sealed } : {}) };
  if (!client_secret_sealed) {
    return db
      .updateTable('social_provider')
      .set(changed)
      .where('brand_id', '=', v.brand_id)
      .where('slug', '=', v.slug)
      .returningAll()
      .executeTakeFirst();
  }
  return db
    .insertInto('social_provider')
    .values({ ...fields, client_secret_sealed, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(['brand_id', 'slug']).doUpdateSet(changed))
    .returningAll()
    .executeTakeFirst();
}

export async function countIdentities(db: Db, providerIds: number[]): Promise<Map<number, number>> {
  if (providerIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('member_identity')
    .select(['provider_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('provider_id', 'in', providerIds)
    .groupBy('provider_id')
    .execute();
  return new Map(rows.map((r) => [r.provider_id, Number(r.n)]));
}

export async function insertFlow(db: Db, flow: Omit<SocialFlowRow, 'id' | 'used_at'>): Promise<void> {
  // Spent and expired flows go as new ones come: the table only ever holds the last few minutes.
  await db
    .deleteFrom('social_flow')
    .where('expires_at', '<', new Date(new Date(flow.created_at).getTime() - 86_400_000))
    .execute();
  await db.insertInto('social_flow').values(flow).execute();
}

/** Spends a live flow (one statement, so a replayed or raced callback finds nothing); undefined when there is none. */
export function claimFlow(db: Db, stateHash: string, at: Date): Promise<SocialFlowRow | undefined> {
  return db
    .updateTable('social_flow')
    .set({ used_at: at })
    .where('state_hash', '=', stateHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

export function findIdentity(db: Db, providerId: number, subject: string): Promise<MemberIdentityRow | undefined> {
  return db
    .selectFrom('member_identity')
    .selectAll()
    .where('provider_id', '=', providerId)
    .where('subject', '=', subject)
    .executeTakeFirst();
}

export function findMemberIdentity(db: Db, memberId: number, providerId: number): Promise<MemberIdentityRow | undefined> {
  return db
    .selectFrom('member_identity')
    .selectAll()
    .where('member_id', '=', memberId)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
}

export function insertIdentity(
  db: Db,
  v: { member_id: number; provider_id: number; subject: string; email: string | null; linked_at: Date },
) {
  return db.insertInto('member_identity').values(v).returningAll().executeTakeFirstOrThrow();
}

export function listMemberIdentities(db: Db, memberId: number) {
  return db
    .selectFrom('member_identity as i')
    .innerJoin('social_provider as p', 'p.id', 'i.provider_id')
    .select(['p.slug', 'p.display_name', 'i.email', 'i.linked_at'])
    .where('i.member_id', '=', memberId)
    .orderBy('i.linked_at')
    .orderBy('i.id')
    .execute();
}
