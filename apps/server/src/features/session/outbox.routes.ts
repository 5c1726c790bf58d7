import { OutboxQuerySchema, OutboxResponseSchema, SESSION_PATHS } from '@playfront/contract/session';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readOutbox } from '../../infra/messaging/outbox.ts';
import { requireOperatorKey } from '../ops/operator-key.ts';
import { ok } from './accounts-context.ts';

/** `GET /ops/outbox?recipient=`: what the default SMS and e-mail senders "sent" (demo and tests). Operator key only. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  requireOperatorKey(app, 'messages');

  app.get(
    SESSION_PATHS.outbox,
    {
      schema: {
        tags: ['operator'],
        summary: 'Messages queued for one recipient (E.164 mobile or e-mail), newest first',
        querystring: OutboxQuerySchema,
        response: { 200: OutboxResponseSchema },
      },
    },
    async (request) => {
      // An unencoded `+880…` arrives as ` 880…` (form decoding): take it as the `+` it was.
      const recipient = request.query.recipient
        .replace(/^ (?=[0-9])/, '+')
        .trim()
        .toLowerCase();
      const rows = await readOutbox(app.deps.db, recipient);
      return ok(
        rows.map((r) => ({
          id: r.id,
          channel: r.channel,
          recipient: r.recipient,
          template: r.template,
          payload: r.payload,
          createdAt: r.created_at.toISOString(),
        })),
      );
    },
  );
};
