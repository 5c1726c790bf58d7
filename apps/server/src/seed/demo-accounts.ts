import { MEMBER_ACCOUNT_TYPE } from '@playfront/contract/constants';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { NO_PROFILE } from '../features/member/member.repository.ts';
import type { NewMember } from '../features/member/member.table.ts';
import { hashPassword } from '../features/session/password-hashing.ts';

/**
 * Demo accounts. Usernames follow the demo brand's rule (LETTER_FIRST_ALNUM
 * 6-11) and passwords its password rule (8-128, not a common one). Each distinct password is
 * hashed once (Argon2id, production parameters) and only when an account is
 * missing, so a re-run costs one query.
 */
export const DEMO_PASSWORD = 'demo1234';
export const DEMO_AFFILIATE_CODE = 'PFAGENT01';
/**
 * The one-time initial password of `demodefault`, an account "an operator made for someone" (decision 024): one
 * login within DEMO_INITIAL_PASSWORD_HOURS of seeding, which must choose a new password. Demo data only; a real
 * account's initial password is random (`npm run ops -- initial-password <username>`).
 */
export const DEMO_INITIAL_PASSWORD = 'welcome-PF-2026';
export const DEMO_INITIAL_PASSWORD_HOURS = 72;

type DemoAccount = {
  username: string;
  password: string;
  type: number;
  nickname: string;
  upline?: string;
  mobile?: string;
  email?: string;
  affiliateCode?: string;
  /** False: the account has logged in before, so no first-login password change. */
  firstLogin: boolean;
  /** The password is a one-time initial password. */
  initial?: boolean;
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    username: 'demomember',
    password: DEMO_PASSWORD,
    type: MEMBER_ACCOUNT_TYPE,
    nickname: 'Demo Member',
    mobile: '1711000001',
    email: 'demomember@playfront.localhost',
    firstLogin: false,
  },
  {
    username: 'demoagent',
    password: DEMO_PASSWORD,
    type: 1,
    nickname: 'Demo Agent',
    mobile: '1711000002',
    email: 'demoagent@playfront.localhost',
    affiliateCode: DEMO_AFFILIATE_CODE,
    firstLogin: false,
  },
  {
    username: 'demodown1',
    password: DEMO_PASSWORD,
    type: MEMBER_ACCOUNT_TYPE,
    nickname: 'Downline One',
    upline: 'demoagent',
    firstLogin: false,
  },
  {
    username: 'demodown2',
    password: DEMO_PASSWORD,
    type: MEMBER_ACCOUNT_TYPE,
    nickname: 'Downline Two',
    upline: 'demoagent',
    firstLogin: false,
  },
  // Made "by an operator" with a one-time initial password: one login, which forces a change.
  {
    username: 'demodefault',
    password: DEMO_INITIAL_PASSWORD,
    type: MEMBER_ACCOUNT_TYPE,
    nickname: 'Demo Default',
    firstLogin: true,
    initial: true,
  },
];

export async function seedDemoAccounts(db: Db, brandId: number): Promise<void> {
  const existing = await db
    .selectFrom('member')
    .select(['id', sql<string>`lower(username)`.as('name')])
    .where('brand_id', '=', brandId)
    .where(
      sql<string>`lower(username)`,
      'in',
      DEMO_ACCOUNTS.map((a) => a.username),
    )
    .execute();
  const ids = new Map(existing.map((r) => [r.name, r.id]));
  const missing = DEMO_ACCOUNTS.filter((a) => !ids.has(a.username));
  if (missing.length === 0) return;

  const hashes = new Map<string, string>();
  for (const password of new Set(missing.map((a) => a.password))) hashes.set(password, await hashPassword(password, 'owasp'));

  // Uplines first, so downlines can point at them.
  for (const account of [...missing].sort((a, b) => Number(Boolean(a.upline)) - Number(Boolean(b.upline)))) {
    const row: NewMember = {
      brand_id: brandId,
      username: account.username,
      type: account.type,
      password_hash: hashes.get(account.password) ?? null,
      payment_password_hash: null,
      password_changed_at: new Date(),
      first_login: account.firstLogin,
      nickname: account.nickname,
      ...NO_PROFILE,
      email: account.email ?? null,
      country_dialing_code: account.mobile ? '+880' : null,
      mobile: account.mobile ?? null,
      upline_id: account.upline ? (ids.get(account.upline) ?? null) : null,
      affiliate_code: account.affiliateCode ?? null,
      referral_code: null,
      recommender_id: null,
      register_ip: null,
      register_method: 'SEED',
      register_url: null,
      register_domain: null,
      last_login_ip: null,
      initial_password_expires_at: account.initial ? new Date(Date.now() + DEMO_INITIAL_PASSWORD_HOURS * 3_600_000) : null,
    };
    const { id } = await db.insertInto('member').values(row).returning('id').executeTakeFirstOrThrow();
    ids.set(account.username, id);
  }
}
