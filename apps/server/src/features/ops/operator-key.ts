import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OPERATOR_KEY_PREFIX, type OperatorScope } from '@playfront/contract/console-backoffice-paths';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { findBrand } from '../brand/brand.repository.ts';

/** Where the generated operator key lives when OPERATOR_API_KEY is not set. */
export const operatorKeyPath = (dataDir: string) => path.join(dataDir, 'operator-key');

export type OperatorKeyFile = { key: string; path: string; created: boolean };

/**
 * The operator key when none is configured: read from `<dataDir>/operator-key`
 * if an earlier start wrote one (so `npm run ops` keeps working across
 * restarts), else a fresh random key written there readable by the owner only.
 */
export function ensureOperatorKeyFile(dataDir: string): OperatorKeyFile {
  const file = operatorKeyPath(dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) {
      // Tighten a file someone loosened by hand.
      if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, 0o600);
      return { key: existing, path: file, created: false };
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = randomBytes(32).toString('base64url');
  fs.writeFileSync(file, `${key}\n`, { mode: 0o600 });
  // writeFileSync keeps the mode of a file that already existed (e.g. an empty one).
  fs.chmodSync(file, 0o600);
  return { key, path: file, created: true };
}

/**
 * Constant-time key check. Both sides are hashed first so the comparison takes
 * the same time whatever the length of the guess.
 */
export function operatorKeyMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = createHash('sha256').update(expected, 'utf8').digest();
  const b = createHash('sha256').update(given, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/** SHA-256 (hex) of a scoped operator key: what operator_api_key.key_hash holds. */
export const operatorKeyHash = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** Who called an /ops/* route: the bootstrap key (env OPERATOR_API_KEY, every scope) or a scoped key of a brand. */
export type OperatorCaller = { kind: 'bootstrap' } | { kind: 'scoped'; keyId: number; brandId: number };

declare module 'fastify' {
  interface FastifyRequest {
    operatorCaller?: OperatorCaller;
  }
}

/** last_used_at is written at most this often per key (not a write per call). */
const LAST_USED_EVERY_MS = 60_000;

/**
 * Guards every route of the plugin it is called in with an operator key (`x-operator-key`). A preParsing hook, like
 * the member check (session/authenticate.ts): after the rate limit, so wrong keys are counted, and before the body
 * is read, so a refused call learns and changes nothing.
 * - The bootstrap key (env OPERATOR_API_KEY, or the generated one in DATA_DIR) opens every scope.
 * - A scoped key (operator_api_key, created by an owner in the console; decision 045) opens the plugins whose
 *   `scope` it holds, for its own brand only (the Merchant header, or the default brand). A plugin that declares
 *   no scope takes the bootstrap key only.
 * Unknown, revoked or missing key: OPERATOR_UNAUTHORIZED; a live key outside its scopes or brand: OPERATOR_SCOPE_DENIED.
 * No key configured (only possible when the app is built without main.ts): only scoped keys can open it.
 */
export function requireOperatorKey(app: FastifyInstance, scope?: OperatorScope): void {
  const expected = app.deps.config.operatorApiKey;
  app.addHook('preParsing', async (request: FastifyRequest) => {
    const header = request.headers[OPERATOR_KEY_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (expected && operatorKeyMatches(expected, given)) {
      request.operatorCaller = { kind: 'bootstrap' };
      return;
    }
    const { db, now } = app.deps;
    const key = given?.startsWith(OPERATOR_KEY_PREFIX)
      ? await db
          .selectFrom('operator_api_key')
          .select(['id', 'brand_id', 'scopes', 'last_used_at'])
          .where('key_hash', '=', operatorKeyHash(given))
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      : undefined;
    if (!key) {
      request.log.warn({ ip: request.ip, url: request.url }, 'operator API: missing or wrong key');
      throw new AppError('OPERATOR_UNAUTHORIZED');
    }
    const merchant = request.headers.merchant;
    const brand = await findBrand(db, (Array.isArray(merchant) ? merchant[0] : merchant)?.trim() || undefined);
    if (!scope || !key.scopes.includes(scope) || brand?.id !== key.brand_id) {
      request.log.warn({ ip: request.ip, url: request.url, keyId: key.id, scope }, 'operator API: key outside its scope');
      throw new AppError('OPERATOR_SCOPE_DENIED');
    }
    const at = now();
    if (!key.last_used_at || at.getTime() - new Date(key.last_used_at).getTime() > LAST_USED_EVERY_MS)
      await db.updateTable('operator_api_key').set({ last_used_at: at }).where('id', '=', key.id).execute();
    request.operatorCaller = { kind: 'scoped', keyId: key.id, brandId: key.brand_id };
  });
}
