import { ENCRYPTION_HEADER, OpenPayloadError, openFromClient, SEALED_MAX_AGE_MS } from '@playfront/contract/encrypted-payload';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { serverKey } from './server-key.ts';

/**
 * preValidation hook of the spec's "E" calls: opens the sealed body (see
 * docs/decisions/003-encrypted-payloads.md) and puts the payload in its place,
 * so the route's own zod schema then validates the plaintext as usual.
 * Refuses a plain body (ENCRYPTION_REQUIRED), a body it cannot open
 * (ENCRYPTION_INVALID), a stale one (PAYLOAD_EXPIRED) and a nonce seen before
 * (PAYLOAD_REPLAYED). Nonces are kept in the database, so a payload replayed to
 * another instance is refused too.
 */
export const openSealedBody: preValidationAsyncHookHandler = async function (this, request) {
  const { db, config, now } = request.server.deps;
  const header = request.headers[ENCRYPTION_HEADER];
  const body = request.body as { value?: unknown } | undefined;
  if (typeof header !== 'string' || !body || typeof body !== 'object' || typeof body.value !== 'string') {
    throw new AppError('ENCRYPTION_REQUIRED');
  }
  const { privateKey } = await serverKey(db, config.accounts.serverKeySecret);
  const at = now().getTime();
  let opened: Awaited<ReturnType<typeof openFromClient>>;
  try {
    opened = await openFromClient(privateKey, header, body, { path: routePath(request), now: at });
  } catch (err) {
    if (err instanceof OpenPayloadError) throw new AppError(err.reason === 'stale' ? 'PAYLOAD_EXPIRED' : 'ENCRYPTION_INVALID');
    throw err;
  }
  if (!(await claimNonce(db, opened.nonce, new Date(at + 2 * SEALED_MAX_AGE_MS)))) throw new AppError('PAYLOAD_REPLAYED');
  request.body = opened.payload;
};

/** The path the client sealed for: the route's URL without query string. */
function routePath(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0] ?? '';
}

let claims = 0;
/** Records a nonce; false when it was already there. Old nonces are swept now and then. */
export async function claimNonce(db: Db, nonce: string, expiresAt: Date): Promise<boolean> {
  const result = await db
    .insertInto('used_nonce')
    .values({ nonce, expires_at: expiresAt })
    .onConflict((oc) => oc.column('nonce').doNothing())
    .executeTakeFirst();
  // A nonce is only useful while its payload could still pass the age check; keep the table small.
  if (++claims % 100 === 0) {
    await db
      .deleteFrom('used_nonce')
      .where('expires_at', '<', new Date(expiresAt.getTime() - 2 * SEALED_MAX_AGE_MS))
      .execute();
  }
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}
