import { CONSOLE_PATHS, consolePath } from '@playfront/contract/console';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import { OPS_SOCIAL_PATHS } from '@playfront/contract/social';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_HEADERS, makeApp, makeClock, OPERATOR_KEY, type TestApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase, testDbKind } from '../../../test/test-db.ts';
import { decryptAtRest } from '../session/server-key.ts';
import { auditRows, consoleCall, type SignedInStaff, signedInStaff } from './console.fixtures.ts';

/**
 * The brand's sign-in providers on the console (decision 058): brand.read lists, brand.write creates and edits,
 * each change with exactly one audit row in its transaction; the client secret is sealed, never answered and
 * never in an audit row (which says "set" or "changed").
 */
let database: TestDatabase;
let t: TestApp;
let owner: SignedInStaff;
let readOnly: SignedInStaff;
let content: SignedInStaff;

beforeAll(async () => {
  database = await createTestDatabase();
  t = await makeApp(database, { ARGON2_PROFILE: 'test', RATE_LIMIT_PER_MINUTE: '100000000' }, makeClock(new Date('2026-12-01T08:00:00Z')));
  owner = await signedInStaff(t, 'owner');
  readOnly = await signedInStaff(t, 'read-only');
  content = await signedInStaff(t, 'content');
}, 180_000);

afterAll(async () => {
  await t?.app.close();
  await database?.close();
});

const FIRST_SECRET = 'first-client-secret-0123456789';
const SECOND_SECRET = 'second-client-secret-9876543210';
const settings = (over: Record<string, unknown> = {}) => ({
  displayName: 'Local ID',
  issuer: 'https://id.example.test',
  clientId: 'playfront',
  redirectUri: 'https://playfront.test/social-callback',
  enabled: true,
  allowRegistration: false,
  ...over,
});
const one = (slug: string) => consolePath('brandSocialProvider', { slug });
const auditCount = async () => Number((await sql<{ n: string }>`select count(*) as n from staff_audit`.execute(database.db)).rows[0]?.n);
const sealedOf = async (slug: string) =>
  (await database.db.selectFrom('social_provider').select('client_secret_sealed').where('slug', '=', slug).executeTakeFirstOrThrow())
    .client_secret_sealed;
const opened = (sealed: string) => decryptAtRest(sealed, t.app.deps.config.accounts.twoFactorSecret ?? '').toString('utf8');
const allAuditText = async () => JSON.stringify(await database.db.selectFrom('staff_audit').select(['before', 'after']).execute());

describe(`console sign-in providers (${testDbKind})`, () => {
  it('staff without brand.read or brand.write are refused and change nothing', async () => {
    const before = await auditCount();
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.brandSocialProviders, content.token)).json().code).toBe('STAFF_PERMISSION_DENIED');
    const post = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, readOnly.token, {
      ...settings(),
      slug: 'refused',
      clientSecret: FIRST_SECRET,
    });
    expect(post.statusCode).toBe(403);
    expect(post.json().code).toBe('STAFF_PERMISSION_DENIED');
    expect((await consoleCall(t, 'PUT', one('refused'), content.token, settings())).json().code).toBe('STAFF_PERMISSION_DENIED');
    expect(await auditCount()).toBe(before);
    expect(await database.db.selectFrom('social_provider').select('id').where('slug', '=', 'refused').execute()).toEqual([]);
    // read-only may look.
    expect((await consoleCall(t, 'GET', CONSOLE_PATHS.brandSocialProviders, readOnly.token)).statusCode).toBe(200);
  });

  it('created and edited with one audit row each; the secret is sealed, never answered and never audited', async () => {
    const created = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, owner.token, {
      ...settings(),
      slug: 'local-id',
      clientSecret: FIRST_SECRET,
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().value).toMatchObject({ slug: 'local-id', displayName: 'Local ID', hasClientSecret: true, linkedIdentities: 0 });
    expect(created.body).not.toContain(FIRST_SECRET);
    expect(await sealedOf('local-id')).not.toContain(FIRST_SECRET);
    expect(opened(await sealedOf('local-id'))).toBe(FIRST_SECRET);
    const [create, ...moreCreates] = await auditRows(database.db, 'social_provider.create', 'local-id');
    expect(moreCreates).toEqual([]);
    expect(create?.staff_id).toBe(Number(owner.id));
    expect(create?.before).toBeNull();
    expect(create?.after).toMatchObject({ slug: 'local-id', issuer: 'https://id.example.test', clientSecret: 'set', enabled: true });

    // The same slug again is refused, writes nothing, and the stored secret stays.
    const audits = await auditCount();
    const again = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, owner.token, {
      ...settings({ displayName: 'Other' }),
      slug: 'local-id',
      clientSecret: SECOND_SECRET,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SOCIAL_PROVIDER_EXISTS');
    expect(await auditCount()).toBe(audits);
    expect(opened(await sealedOf('local-id'))).toBe(FIRST_SECRET);

    // An edit without a secret keeps the stored one: the audit shows the change, and "set" on both sides.
    const sealed = await sealedOf('local-id');
    const kept = await consoleCall(t, 'PUT', one('local-id'), owner.token, settings({ displayName: 'Local ID 2', enabled: false }));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().value).toMatchObject({ displayName: 'Local ID 2', enabled: false, hasClientSecret: true });
    expect(await sealedOf('local-id')).toBe(sealed);
    const [keptAudit] = await auditRows(database.db, 'social_provider.update', 'local-id');
    expect(keptAudit?.before).toMatchObject({ displayName: 'Local ID', enabled: true, clientSecret: 'set' });
    expect(keptAudit?.after).toMatchObject({ displayName: 'Local ID 2', enabled: false, clientSecret: 'set' });

    // An edit with a new secret replaces it: "changed".
    const changed = await consoleCall(t, 'PUT', one('local-id'), owner.token, settings({ clientSecret: SECOND_SECRET }));
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.body).not.toContain(SECOND_SECRET);
    expect(opened(await sealedOf('local-id'))).toBe(SECOND_SECRET);
    const updates = await auditRows(database.db, 'social_provider.update', 'local-id');
    expect(updates).toHaveLength(2);
    expect(updates[0]?.before).toMatchObject({ clientSecret: 'set' });
    expect(updates[0]?.after).toMatchObject({ clientSecret: 'changed', displayName: 'Local ID', enabled: true });

    const list = await consoleCall(t, 'GET', CONSOLE_PATHS.brandSocialProviders, readOnly.token);
    expect(list.json().value).toEqual([expect.objectContaining({ slug: 'local-id', hasClientSecret: true })]);
    for (const body of [list.body, await allAuditText()]) {
      expect(body).not.toContain(FIRST_SECRET);
      expect(body).not.toContain(SECOND_SECRET);
      expect(body).not.toContain(await sealedOf('local-id'));
    }
    // The operator API reads what the console wrote: one service, one table.
    const ops = await t.app.inject({
      method: 'GET',
      url: OPS_SOCIAL_PATHS.providers,
      headers: { ...BASE_HEADERS, [OPERATOR_KEY_HEADER]: OPERATOR_KEY },
    });
    expect(ops.json().value).toEqual(list.json().value);
  });

  it('refuses an edit of a provider the brand does not have, a new one without a secret, and a bad issuer, writing nothing', async () => {
    const audits = await auditCount();
    const missing = await consoleCall(t, 'PUT', one('nobody'), owner.token, settings({ clientSecret: FIRST_SECRET }));
    expect(missing.json().code).toBe('NOT_FOUND');
    const noSecret = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, owner.token, { ...settings(), slug: 'no-secret' });
    expect(noSecret.json()).toMatchObject({ code: 'VALIDATION', fields: { clientSecret: { key: 'patterns.required' } } });
    const badIssuer = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, owner.token, {
      ...settings({ issuer: 'ftp://id.example.test' }),
      slug: 'bad-issuer',
      clientSecret: FIRST_SECRET,
    });
    expect(badIssuer.json()).toMatchObject({ code: 'VALIDATION', fields: { issuer: { key: 'errors.formatIncorrect' } } });
    expect(await auditCount()).toBe(audits);
    const slugs = (await database.db.selectFrom('social_provider').select('slug').execute()).map((r) => r.slug);
    expect(slugs).not.toContain('nobody');
    expect(slugs).not.toContain('no-secret');
    expect(slugs).not.toContain('bad-issuer');
  });

  it('a failing audit leaves no provider and no change (one transaction)', async () => {
    await sql
      .raw(`create function fail_audit_sp() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`)
      .execute(database.db);
    await sql
      .raw('create trigger fail_audit_sp before insert on staff_audit for each row execute function fail_audit_sp()')
      .execute(database.db);
    try {
      const created = await consoleCall(t, 'POST', CONSOLE_PATHS.brandSocialProviders, owner.token, {
        ...settings(),
        slug: 'never-made',
        clientSecret: FIRST_SECRET,
      });
      expect(created.statusCode).toBe(500);
      const edited = await consoleCall(t, 'PUT', one('local-id'), owner.token, settings({ displayName: 'Not saved' }));
      expect(edited.statusCode).toBe(500);
    } finally {
      await sql.raw('drop trigger fail_audit_sp on staff_audit').execute(database.db);
      await sql.raw('drop function fail_audit_sp()').execute(database.db);
    }
    const rows = await database.db.selectFrom('social_provider').select(['slug', 'display_name']).execute();
    expect(rows.map((r) => r.slug)).not.toContain('never-made');
    expect(rows.find((r) => r.slug === 'local-id')?.display_name).toBe('Local ID');
  });
});
