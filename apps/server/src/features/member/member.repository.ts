import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { MemberRow, NewMember } from './member.table.ts';

/** Member reads and writes: plain functions taking `db` first, so a transaction is just another `db`. */

export async function findMemberByUsername(db: Db, brandId: number, username: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('member')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

export async function findMemberById(db: Db, id: number): Promise<MemberRow | undefined> {
  return db.selectFrom('member').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findMemberByMobile(db: Db, brandId: number, dialingCode: string, mobile: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('member')
    .selectAll()
    .where('brand_id', '=', brandId)
    .where('country_dialing_code', '=', dialingCode)
    .where('mobile', '=', mobile)
    .executeTakeFirst();
}

export async function emailTaken(db: Db, brandId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('member')
    .select('id')
    .where('brand_id', '=', brandId)
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

/** The agent owning an affiliate code (case-insensitive), if any. */
export async function findAgentByAffiliateCode(db: Db, brandId: number, code: string, agentTypes: readonly number[]) {
  return db
    .selectFrom('member')
    .select(['id', 'username', 'type'])
    .where('brand_id', '=', brandId)
    .where(sql<string>`upper(affiliate_code)`, '=', code.toUpperCase())
    .where('type', 'in', [...agentTypes])
    .where('status', '=', 'active')
    .executeTakeFirst();
}

/** A member's profile and contact fields, none given: spread first, then the few a way of joining knows. */
export const NO_PROFILE = {
  full_name: null,
  email: null,
  country_dialing_code: null,
  mobile: null,
  qq: null,
  line: null,
  whatsapp: null,
  facebook: null,
  wechat: null,
  zalo: null,
  telegram: null,
  id_number: null,
  birthday: null,
  address: null,
  nationality: null,
  occupation: null,
  source_of_income: null,
  place_of_birth: null,
} as const satisfies Partial<NewMember>;

export async function insertMember(db: Db, member: NewMember): Promise<MemberRow> {
  return db.insertInto('member').values(member).returningAll().executeTakeFirstOrThrow();
}

export async function setPassword(db: Db, memberId: number, passwordHash: string, now: Date): Promise<void> {
  await db
    .updateTable('member')
    .set({ password_hash: passwordHash, password_changed_at: now, updated_at: now, initial_password_expires_at: null })
    .where('id', '=', memberId)
    .execute();
}

/** Upgrades a stored hash made with weaker parameters; the password itself is unchanged. */
export async function rehashPassword(db: Db, memberId: number, passwordHash: string): Promise<void> {
  await db.updateTable('member').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
}

export async function recordLogin(db: Db, memberId: number, ip: string, now: Date): Promise<void> {
  await db.updateTable('member').set({ first_login: false, last_login_at: now, last_login_ip: ip }).where('id', '=', memberId).execute();
}

/** Saves the member's language choice (spec section 7, language update). */
export async function setMemberLanguage(db: Db, memberId: number, language: 'EN' | 'BN', now: Date): Promise<void> {
  await db.updateTable('member').set({ language, updated_at: now }).where('id', '=', memberId).execute();
}

export async function setAvatar(db: Db, memberId: number, avatar: string, now: Date): Promise<void> {
  await db.updateTable('member').set({ avatar, updated_at: now }).where('id', '=', memberId).execute();
}

export async function isKnownIp(db: Db, memberId: number, ip: string): Promise<boolean> {
  const row = await db.selectFrom('member_known_ip').select('ip').where('member_id', '=', memberId).where('ip', '=', ip).executeTakeFirst();
  return Boolean(row);
}

export async function hasKnownIps(db: Db, memberId: number): Promise<boolean> {
  const row = await db.selectFrom('member_known_ip').select('ip').where('member_id', '=', memberId).limit(1).executeTakeFirst();
  return Boolean(row);
}

export async function rememberIp(db: Db, memberId: number, ip: string, now: Date): Promise<void> {
  await db
    .insertInto('member_known_ip')
    .values({ member_id: memberId, ip, first_seen_at: now, last_seen_at: now })
    .onConflict((oc) => oc.columns(['member_id', 'ip']).doUpdateSet({ last_seen_at: now }))
    .execute();
}
