import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { OPERATOR_KEY_HEADER } from '@playfront/contract/operator';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

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

/**
 * Guards every route of the plugin it is called in with the operator key (`x-operator-key`). A
 * preParsing hook, like the member check (session/authenticate.ts): after the rate limit, so wrong
 * keys are counted, and before the body is read, so a refused call learns and changes nothing.
 * No key configured (only possible when the app is built without main.ts): the API stays shut.
 */
export function requireOperatorKey(app: FastifyInstance): void {
  const expected = app.deps.config.operatorApiKey;
  app.addHook('preParsing', async (request: FastifyRequest) => {
    const header = request.headers[OPERATOR_KEY_HEADER];
    const given = Array.isArray(header) ? header[0] : header;
    if (!expected || !operatorKeyMatches(expected, given)) {
      request.log.warn({ ip: request.ip, url: request.url }, 'operator API: missing or wrong key');
      throw new AppError('OPERATOR_UNAUTHORIZED');
    }
  });
}
