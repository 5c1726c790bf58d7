import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

/** Referral reads and writes on `member` (migration 20261129T1100_referral). Plain functions taking `db` first. */

/** The active member of the brand whose own referral code this is (codes are stored upper-case). */
export async function findReferrerByCode(db: Db, brandId: number, code: string): Promise<{ id: number } | undefined> {
  const wanted = code.trim().toUpperCase();
  if (!wanted) return undefined;
  return db
    .selectFrom('member')
    .select('id')
    .where('brand_id', '=', brandId)
    .where('own_referral_code', '=', wanted)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function findOwnReferralCode(db: Db, memberId: number): Promise<string | null> {
  const row = await db.selectFrom('member').select('own_referral_code').where('id', '=', memberId).executeTakeFirst();
  return row?.own_referral_code ?? null;
}

/** Sets the member's own code if none is set yet (a racing twin's code wins); true when this one was taken. */
export async function claimOwnReferralCode(db: Db, memberId: number, code: string): Promise<boolean> {
  const result = await db
    .updateTable('member')
    .set({ own_referral_code: code })
    .where('id', '=', memberId)
    .where('own_referral_code', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export type InviteeRow = { username: string; created_at: Date; deposited: boolean };

/** A paid deposit makes an invitee active; the same rule for the list and the counts. */
const deposited = sql<boolean>`exists (select 1 from deposit_order d where d.member_id = m.id and d.status = 'PAID')`;

/** The members who signed up with this member's code, newest first. */
export async function listInvitees(db: Db, referrerId: number, page: { limit: number; offset: number }): Promise<InviteeRow[]> {
  return db
    .selectFrom('member as m')
    .select(['m.username', 'm.created_at', deposited.as('deposited')])
    .where('m.referrer_id', '=', referrerId)
    .orderBy('m.created_at', 'desc')
    .orderBy('m.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countInvitees(db: Db, referrerId: number): Promise<{ total: number; active: number }> {
  const row = await db
    .selectFrom('member as m')
    .select([sql<string>`count(*)`.as('total'), sql<string>`count(*) filter (where ${deposited})`.as('active')])
    .where('m.referrer_id', '=', referrerId)
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), active: Number(row.active) };
}

export async function brandCurrency(db: Db, brandId: number): Promise<string> {
  return (await db.selectFrom('brand').select('currency').where('id', '=', brandId).executeTakeFirstOrThrow()).currency;
}
