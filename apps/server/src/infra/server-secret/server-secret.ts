import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.ts';

export type ServerSecretName = 'chat-guest-token';

/**
 * A 256-bit key of this deployment, made on first use and kept in `server_secret` so that every instance behind the
 * load balancer checks what any of them signed (decision 052). Two instances asking at once: the first insert wins and
 * both read it back. Nothing is configured: the key protects nothing the database does not hold already.
 */
export async function loadServerSecret(db: Db, name: ServerSecretName): Promise<Buffer> {
  await db
    .insertInto('server_secret')
    .values({ name, secret: randomBytes(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secret').select('secret').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.secret);
}

const cache = new WeakMap<Db, Map<ServerSecretName, Promise<Buffer>>>();

/** The key, read once per process and database. */
export function serverSecret(db: Db, name: ServerSecretName): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) {
    byName = new Map();
    cache.set(db, byName);
  }
  let pending = byName.get(name);
  if (!pending) {
    pending = loadServerSecret(db, name);
    // A failure (database down at first call) must not be cached forever.
    pending.catch(() => byName.delete(name));
    byName.set(name, pending);
  }
  return pending;
}
