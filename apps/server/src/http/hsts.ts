import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: the value browsers and the HSTS preload list expect. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security only on answers to requests that came over TLS: directly (an HTTPS
 * server) or through a trusted proxy that says so in X-Forwarded-Proto (TRUST_PROXY=true; Fastify's
 * `request.protocol` ignores the header otherwise). Sent over plain HTTP it would be ignored by
 * browsers at best, and on a development machine it would pin localhost to HTTPS at worst.
 */
export function registerHsts(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
