import { ERRORS, type ErrorCode, type ErrorEnvelope } from '@playfront/contract';
import { PROVIDER_ERRORS, PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './app-error.ts';

function body(code: ErrorCode, extra: Partial<ErrorEnvelope> = {}): ErrorEnvelope {
  return { success: false, code, message: ERRORS[code].key, ...extra };
}

/** Maps Fastify's built-in error codes to the catalogue. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'VALIDATION',
  FST_ERR_CTP_INVALID_JSON_BODY: 'VALIDATION',
  FST_ERR_VALIDATION: 'VALIDATION',
  FST_ERR_RATE_LIMIT_EXCEEDED: 'TOO_MANY_REQUESTS',
};

/**
 * Fastify's `frameworkErrors` option: failures the router meets before any route or hook runs
 * (a malformed %-escape, a path segment over maxParamLength). Without it Fastify answers with its
 * own body, which names its internal error code.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // Game vendors read the provider wallet API's own error shape (contract provider-wallet.ts).
  if (request.url.startsWith(`${PROVIDER_WALLET_BASE}/`)) {
    return reply
      .status(PROVIDER_ERRORS.BAD_REQUEST)
      .header('cache-control', 'no-store')
      .send({ status: 'BAD_REQUEST', message: 'request not readable' });
  }
  const code: ErrorCode =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'URI_TOO_LONG' : error.statusCode && error.statusCode < 500 ? 'VALIDATION' : 'UNKNOWN';
  reply.status(ERRORS[code].status).send(body(code));
}

/**
 * One place turns every failure into `{ success: false, code, message }`.
 * No stack, SQL or driver text ever reaches the client; 5xx details go to the log.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const { fields, value } = error.options;
      return reply
        .status(error.status)
        .send(body(error.code, { ...(fields ? { fields } : {}), ...(value !== undefined ? { value } : {}) }));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: NonNullable<ErrorEnvelope['fields']> = {};
      for (const issue of error.validation) {
        const name = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[name] ??= { key: 'errors.invalidField', params: { reason: issue.keyword } };
      }
      return reply.status(400).send(body('VALIDATION', { fields }));
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) return reply.status(ERRORS[mapped].status).send(body(mapped));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const code: ErrorCode = error.statusCode === 404 ? 'NOT_FOUND' : error.statusCode === 429 ? 'TOO_MANY_REQUESTS' : 'VALIDATION';
      return reply.status(error.statusCode).send(body(code));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(body('UNKNOWN'));
  });

  app.setNotFoundHandler((_request, reply) => reply.status(404).send(body('NOT_FOUND')));
}
