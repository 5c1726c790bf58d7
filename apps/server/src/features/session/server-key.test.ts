import { SESSION_PATHS } from '@playfront/contract/session';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { get, makeApp } from '../../../test/accounts-helpers.ts';
import { createTestDatabase, type TestDatabase } from '../../../test/test-db.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { loadServerKey, serverKey } from './server-key.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});
afterEach(async () => {
  await database.close();
});

describe('server key', () => {
  it('is made once, stored encrypted with SERVER_KEY_SECRET, and refused with a wrong secret', async () => {
    const secret = 'a-long-server-key-secret-0123456789';
    const first = await serverKey(database.db, secret);
    const row = await database.db.selectFrom('server_key').selectAll().executeTakeFirstOrThrow();
    expect(row.encrypted).toBe(true);
    expect(row.public_spki).toBe(first.publicSpki);
    // The stored private key is not a readable PKCS8 (which starts with 0x30 0x82 in DER, "MII" in base64).
    expect(row.private_pkcs8.startsWith('MII')).toBe(false);

    // The app built with the same secret serves that key.
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', SERVER_KEY_SECRET: secret } as NodeJS.ProcessEnv);
    const app = await buildApp({ config, db: database.db, dbKind: database.kind });
    const served = (await app.inject({ method: 'GET', url: SESSION_PATHS.publicKey })).json().value.publicKey;
    expect(served).toBe(first.publicSpki);
    await app.close();

    // A process started with another secret refuses to start sealing rather than minting a second key.
    await expect(loadServerKey(database.db, 'another-secret-entirely-0123456789')).rejects.toThrow(/cannot be decrypted/);
    await expect(loadServerKey(database.db, undefined)).rejects.toThrow(/set SERVER_KEY_SECRET/);
    expect(await database.db.selectFrom('server_key').select('id').execute()).toHaveLength(1);
  });
});

it('serves the public key the sealed calls are opened with', async () => {
  const t = await makeApp(database);
  const res = await get(t, SESSION_PATHS.publicKey);
  expect(res.json().value.publicKey).toMatch(/^MII/);
  await t.app.close();
});

it('encrypts a key stored in clear once a secret is configured', async () => {
  const plain = await loadServerKey(database.db, undefined);
  expect((await database.db.selectFrom('server_key').select('encrypted').executeTakeFirstOrThrow()).encrypted).toBe(false);
  const upgraded = await loadServerKey(database.db, 'a-long-server-key-secret-0123456789');
  expect(upgraded.publicSpki).toBe(plain.publicSpki);
  expect((await database.db.selectFrom('server_key').select('encrypted').executeTakeFirstOrThrow()).encrypted).toBe(true);
});
