import { FUNDS_PATHS, WebhookAckSchema } from '@playfront/contract/funds';
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { applyPaymentEvent, type PaymentEventOutcome } from './deposit.service.ts';
import type { PaymentGateway } from './payment-gateway.ts';

export type PaymentWebhookOptions = {
  gateway: PaymentGateway;
  /** Called after commit with what changed (live push). */
  onApplied?: (outcome: PaymentEventOutcome) => void;
};

/**
 * A gateway's webhook. Its own plugin so JSON arrives as raw bytes here only:
 * the signature covers the exact bytes sent, which a parse-and-reserialise would change.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<PaymentWebhookOptions> = async (app, { gateway, onApplied }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.post(
    FUNDS_PATHS.sandboxWebhook,
    { schema: { tags: ['funds'], summary: 'Signed payment result from the sandbox gateway', hide: false } },
    async (request) => {
      const { db, now } = app.deps;
      const raw = request.body;
      if (!Buffer.isBuffer(raw)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const at = now();
      gateway.verifyWebhook(raw, request.headers, at);
      const event = gateway.parseWebhook(raw);
      const outcome = await applyPaymentEvent(db, gateway.code, event, at);
      request.log.info(
        { orderNo: event.orderNo, eventId: event.eventId, status: event.status, duplicate: outcome.duplicate },
        'payment webhook',
      );
      if (outcome.effect) onApplied?.(outcome);
      return { success: true as const, message: 'ok', value: WebhookAckSchema.parse({ received: true, duplicate: outcome.duplicate }) };
    },
  );
};
