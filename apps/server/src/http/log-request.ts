import { redactUrl } from '@playfront/contract/redact-url';
import type { FastifyRequest } from 'fastify';

/** Fastify's default request log fields, with the secret query values of the URL redacted. */
export function logRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
