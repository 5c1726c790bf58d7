import { type Kysely, sql } from 'kysely';

/**
 * Accounts: members (with the agent tree), their sessions and known IPs,
 * one-time codes, the server's RSA key for sealed payloads, seen nonces, and
 * the outbox the default SMS and e-mail senders write to.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active').check(sql`status in ('active', 'disabled')`))
    // Null: no password yet (trial accounts, mobile registration without one).
    .addColumn('password_hash', 'text')
    .addColumn('payment_password_hash', 'text')
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('first_login', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('nickname', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('full_name', 'text')
    .addColumn('email', 'text')
    .addColumn('country_dialing_code', 'text')
    // National number, leading zeros stripped, so 01711… and 1711… are one number.
    .addColumn('mobile', 'text')
    .addColumn('qq', 'text')
    .addColumn('line', 'text')
    .addColumn('whatsapp', 'text')
    .addColumn('facebook', 'text')
    .addColumn('wechat', 'text')
    .addColumn('zalo', 'text')
    .addColumn('telegram', 'text')
    .addColumn('id_number', 'text')
    .addColumn('birthday', 'text', (c) => c.check(sql`birthday ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`))
    .addColumn('address', 'text')
    .addColumn('nationality', 'text')
    .addColumn('occupation', 'text')
    .addColumn('source_of_income', 'text')
    .addColumn('place_of_birth', 'text')
    .addColumn('avatar', 'text', (c) => c.notNull().defaultTo('avatar-01'))
    .addColumn('vip_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('upline_id', 'integer', (c) => c.references('member.id').onDelete('set null'))
    .addColumn('affiliate_code', 'text')
    .addColumn('referral_code', 'text')
    .addColumn('recommender_id', 'text')
    .addColumn('register_ip', 'text')
    .addColumn('register_method', 'text')
    .addColumn('register_url', 'text')
    .addColumn('register_domain', 'text')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('last_login_ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Usernames and e-mails are unique per brand regardless of case.
  await sql`create unique index member_username_uq on member (brand_id, lower(username))`.execute(db);
  await sql`create unique index member_email_uq on member (brand_id, lower(email)) where email is not null`.execute(db);
  await sql`create unique index member_mobile_uq on member (brand_id, country_dialing_code, mobile) where mobile is not null`.execute(db);
  await sql`create unique index member_affiliate_code_uq on member (brand_id, upper(affiliate_code)) where affiliate_code is not null`.execute(
    db,
  );
  await db.schema.createIndex('member_upline_id').on('member').column('upline_id').execute();

  await db.schema
    .createTable('member_known_ip')
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('member_known_ip_pk', ['member_id', 'ip'])
    .execute();

  await db.schema
    .createTable('member_session')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('member_id', 'integer', (c) => c.notNull().references('member.id').onDelete('cascade'))
    // SHA-256 of the token, hex: a database leak yields no usable token.
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('must_change_password', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('member_session_member_id').on('member_session').column('member_id').execute();

  await db.schema
    .createTable('verification_code')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.notNull().references('brand.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_code_lookup')
    .on('verification_code')
    .columns(['brand_id', 'purpose', 'recipient', 'id'])
    .execute();

  await db.schema
    .createTable('used_nonce')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('used_nonce_expires_at').on('used_nonce').column('expires_at').execute();

  await db.schema
    .createTable('server_key')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('public_spki', 'text', (c) => c.notNull())
    // PKCS8, base64; when `encrypted`, AES-256-GCM under a key derived from SERVER_KEY_SECRET.
    .addColumn('private_pkcs8', 'text', (c) => c.notNull())
    .addColumn('encrypted', 'boolean', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('brand_id', 'integer', (c) => c.references('brand.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms', 'email')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['outbox', 'server_key', 'used_nonce', 'verification_code', 'member_session', 'member_known_ip', 'member']) {
    await db.schema.dropTable(table).execute();
  }
}
