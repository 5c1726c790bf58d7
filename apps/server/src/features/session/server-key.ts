import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { PayloadKey } from '@playfront/contract/encrypted-payload';
import type { Db } from '../../db/database.ts';

/**
 * The server's RSA-OAEP key pair for sealed payloads. Made once, on first use,
 * and kept in `server_key` so every instance behind the load balancer opens
 * what any of them published. With SERVER_KEY_SECRET the private key is stored
 * encrypted (AES-256-GCM, key from HKDF-SHA-256 of the secret).
 */
export type ServerKeyPair = { publicSpki: string; privateKey: PayloadKey };

const KEY_ID = 'rsa-oaep-256';
const RSA_BITS = 3072;
const RSA = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

function atRestKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'playfront-server-key', 'v1', 32));
}

export function encryptAtRest(plain: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', atRestKey(secret), iv);
  const data = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64');
}

export function decryptAtRest(stored: string, secret: string): Buffer {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', atRestKey(secret), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(raw.length - 16));
  return Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
}

export type ServerKeyRow = { public_spki: string; private_pkcs8: string; encrypted: boolean };

/** A fresh key pair as a `server_key` row (exported so tests can prime a database without paying for RSA generation each time). */
export async function generateServerKeyRow(secret: string | undefined): Promise<ServerKeyRow> {
  const pair = await crypto.subtle.generateKey({ ...RSA, modulusLength: RSA_BITS, publicExponent: new Uint8Array([1, 0, 1]) }, true, [
    'wrapKey',
    'unwrapKey',
  ]);
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', pair.publicKey)).toString('base64');
  const pkcs8 = Buffer.from(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  return {
    public_spki: spki,
    private_pkcs8: secret ? encryptAtRest(pkcs8, secret) : pkcs8.toString('base64'),
    encrypted: Boolean(secret),
  };
}

export async function insertServerKey(db: Db, row: ServerKeyRow): Promise<void> {
  // Two instances starting together: the first insert wins, the other reads it back.
  await db
    .insertInto('server_key')
    .values({ id: KEY_ID, ...row })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function loadServerKey(db: Db, secret: string | undefined): Promise<ServerKeyPair> {
  let row = await db.selectFrom('server_key').selectAll().where('id', '=', KEY_ID).executeTakeFirst();
  if (!row) {
    await insertServerKey(db, await generateServerKeyRow(secret));
    row = await db.selectFrom('server_key').selectAll().where('id', '=', KEY_ID).executeTakeFirstOrThrow();
  }
  let pkcs8: Buffer;
  if (row.encrypted) {
    if (!secret) throw new Error('server_key is encrypted: set SERVER_KEY_SECRET to the secret it was stored with');
    try {
      pkcs8 = decryptAtRest(row.private_pkcs8, secret);
    } catch {
      throw new Error('server_key cannot be decrypted with this SERVER_KEY_SECRET');
    }
  } else {
    pkcs8 = Buffer.from(row.private_pkcs8, 'base64');
    // A secret configured after the key was made: encrypt the stored key now.
    if (secret) {
      await db
        .updateTable('server_key')
        .set({ private_pkcs8: encryptAtRest(pkcs8, secret), encrypted: true })
        .where('id', '=', KEY_ID)
        .where('encrypted', '=', false)
        .execute();
    }
  }
  const privateKey = await crypto.subtle.importKey('pkcs8', pkcs8, RSA, false, ['unwrapKey']);
  return { publicSpki: row.public_spki, privateKey };
}

const cache = new WeakMap<Db, Promise<ServerKeyPair>>();

/** The key pair of this database, loaded (or made) once per process. */
export function serverKey(db: Db, secret: string | undefined): Promise<ServerKeyPair> {
  let pending = cache.get(db);
  if (!pending) {
    pending = loadServerKey(db, secret);
    // A failure (database down at first call) must not be cached forever.
    pending.catch(() => cache.delete(db));
    cache.set(db, pending);
  }
  return pending;
}
