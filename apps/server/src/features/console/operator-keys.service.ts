import { randomBytes } from 'node:crypto';
import { OPERATOR_KEY_PREFIX, type OperatorKey, type OperatorKeySecret, type OperatorScope } from '@playfront/contract/console-backoffice';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { operatorKeyHash } from '../ops/operator-key.ts';
import { type AuditActor, withAudit } from '../staff/audit.ts';
import type { OperatorApiKeyRow } from './backoffice.table.ts';
import { iso } from './console-http.ts';

type KeyRowWithStaff = OperatorApiKeyRow & { created_by_name: string | null };

const toKey = (k: KeyRowWithStaff): OperatorKey => ({
  id: String(k.id),
  label: k.label,
  prefix: k.key_prefix,
  scopes: k.scopes as OperatorScope[],
  createdBy: k.created_by_name,
  createdAt: new Date(k.created_at).toISOString(),
  revokedAt: iso(k.revoked_at),
  lastUsedAt: iso(k.last_used_at),
  rotatedFrom: k.rotated_from === null ? null : String(k.rotated_from),
});

const keysQuery = (db: Db, brandId: number) =>
  db
    .selectFrom('operator_api_key as k')
    .leftJoin('staff as s', 's.id', 'k.created_by')
    .selectAll('k')
    .select('s.username as created_by_name')
    .where('k.brand_id', '=', brandId);

/** The brand's operator keys, live first, newest first. Never the keys themselves (only a SHA-256 is kept). */
export async function listOperatorKeys(db: Db, brandId: number): Promise<OperatorKey[]> {
  const rows = await keysQuery(db, brandId)
    .orderBy((eb) => eb.case().when('k.revoked_at', 'is', null).then(0).else(1).end())
    .orderBy('k.id', 'desc')
    .execute();
  return rows.map(toKey);
}

/** 32 random bytes, base64url, after a recognisable prefix. */
const newSecret = () => `${OPERATOR_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
/** What the console shows to recognise a key: the prefix and 6 characters. */
const displayPrefix = (secret: string) => secret.slice(0, OPERATOR_KEY_PREFIX.length + 6);
const auditView = (k: { label: string; scopes: readonly string[]; key_prefix?: string }) => ({
  label: k.label,
  scopes: k.scopes,
  prefix: k.key_prefix,
});

async function insertKey(
  trx: Db,
  actor: AuditActor,
  input: { label: string; scopes: readonly OperatorScope[]; rotatedFrom: number | null },
  now: Date,
) {
  const secret = newSecret();
  const row = await trx
    .insertInto('operator_api_key')
    .values({
      brand_id: actor.brandId,
      label: input.label,
      key_hash: operatorKeyHash(secret),
      key_prefix: displayPrefix(secret),
      scopes: [...new Set(input.scopes)],
      created_by: actor.staffId,
      created_at: now,
      rotated_from: input.rotatedFrom,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { row, secret };
}

async function keyWithSecret(db: Db, brandId: number, id: number, secret: string): Promise<OperatorKeySecret> {
  const row = await keysQuery(db, brandId).where('k.id', '=', id).executeTakeFirstOrThrow();
  return { key: toKey(row), secret };
}

/** A new key with its scopes; the key is in this answer only. Audited (never the key). */
export async function createOperatorKey(
  db: Db,
  actor: AuditActor,
  input: { label: string; scopes: OperatorScope[] },
  now: Date,
): Promise<OperatorKeySecret> {
  const made = await db.transaction().execute(async (trx) => {
    const made = await insertKey(trx, actor, { ...input, rotatedFrom: null }, now);
    await withAudit(trx, actor, 'operator_key.create', { type: 'operator_key', id: made.row.id }, null, auditView(made.row), now);
    return made;
  });
  return keyWithSecret(db, actor.brandId, made.row.id, made.secret);
}

async function liveKey(trx: Db, brandId: number, keyId: number): Promise<OperatorApiKeyRow> {
  const key = await trx
    .selectFrom('operator_api_key')
    .selectAll()
    .where('id', '=', keyId)
    .where('brand_id', '=', brandId)
    .forUpdate()
    .executeTakeFirst();
  if (!key) throw new AppError('NOT_FOUND');
  if (key.revoked_at) throw new AppError('OPERATOR_KEY_REVOKED');
  return key;
}

/** Rotation: a new key with the same label and scopes, the old one revoked, in one transaction (one audit row). */
export async function rotateOperatorKey(db: Db, actor: AuditActor, keyId: number, now: Date): Promise<OperatorKeySecret> {
  const made = await db.transaction().execute(async (trx) => {
    const old = await liveKey(trx, actor.brandId, keyId);
    await trx.updateTable('operator_api_key').set({ revoked_at: now, revoked_by: actor.staffId }).where('id', '=', old.id).execute();
    const made = await insertKey(trx, actor, { label: old.label, scopes: old.scopes as OperatorScope[], rotatedFrom: old.id }, now);
    await withAudit(
      trx,
      actor,
      'operator_key.rotate',
      { type: 'operator_key', id: old.id },
      { ...auditView(old), id: old.id },
      { ...auditView(made.row), id: made.row.id },
      now,
    );
    return made;
  });
  return keyWithSecret(db, actor.brandId, made.row.id, made.secret);
}

/** Revoked at once: the next call with it is refused (OPERATOR_UNAUTHORIZED). */
export async function revokeOperatorKey(db: Db, actor: AuditActor, keyId: number, reason: string, now: Date): Promise<OperatorKey> {
  await db.transaction().execute(async (trx) => {
    const old = await liveKey(trx, actor.brandId, keyId);
    await trx.updateTable('operator_api_key').set({ revoked_at: now, revoked_by: actor.staffId }).where('id', '=', old.id).execute();
    await withAudit(
      trx,
      actor,
      'operator_key.revoke',
      { type: 'operator_key', id: old.id },
      auditView(old),
      { revoked: true, reason },
      now,
    );
  });
  return toKey(await keysQuery(db, actor.brandId).where('k.id', '=', keyId).executeTakeFirstOrThrow());
}
