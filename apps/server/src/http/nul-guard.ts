import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/** True when a string anywhere in the value (keys included) holds U+0000. */
export function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => holdsNul(v, depth + 1));
  if (Buffer.isBuffer(value)) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || holdsNul(v, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000: a query parameter carrying it fails in the driver, which
 * answered 500. No real input has one, so any request whose query, path or body (sealed bodies
 * included: this runs after they are opened) holds one is refused as VALIDATION before its handler.
 */
export function registerNulGuard(app: FastifyInstance) {
  app.addHook('preHandler', async (request) => {
    // The provider wallet API reads raw bytes and answers in its own shape (PROVIDER_ERRORS); its
    // vendor segment is pattern-checked before any query, so it is left to its own error handling.
    if (request.url.startsWith(`${PROVIDER_WALLET_BASE}/`)) return;
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) throw new AppError('VALIDATION');
  });
}
