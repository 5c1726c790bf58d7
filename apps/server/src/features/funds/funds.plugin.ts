import type { FastifyPluginAsync } from 'fastify';
import { registerJobRunner } from '../../infra/jobs/job-runner.ts';
import { publishLive } from '../live/live-bus.ts';
import { depositExpiryJob } from './deposit.service.ts';
import { fundsRoutes } from './funds.routes.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { paymentWebhookRoutes } from './payment-webhook.routes.ts';
import { sandboxGatewayPlugin } from './sandbox-gateway.plugin.ts';
import { SANDBOX_GATEWAY_CODE, sandboxGateway } from './sandbox-gateway.ts';
import { transferRoutes } from './transfer.routes.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import { withdrawalConfirmationRoutes } from './withdrawal-confirmation.routes.ts';
import { autoReceiptJob } from './withdrawal-confirmation.service.ts';
import { withdrawalOpsRoutes } from './withdrawal-ops.routes.ts';

/** Funds: member calls, gateway webhooks, and the built-in sandbox gateway when it has a secret. */
export const fundsPlugin: FastifyPluginAsync = async (app) => {
  const { funds } = app.deps.config;
  const gateways = new Map<string, PaymentGateway>();
  if (funds.sandboxSecret) {
    const sandbox = sandboxGateway(funds.sandboxSecret, funds.webhookMaxSkewMs);
    gateways.set(SANDBOX_GATEWAY_CODE, sandbox);
    await app.register(paymentWebhookRoutes, {
      gateway: sandbox,
      onApplied: ({ effect }) => {
        if (!effect) return;
        const at = app.deps.now().toISOString();
        const type = effect.kind === 'paid' ? 'DEPOSIT_ARRIVAL' : 'DEPOSIT_FAILED';
        // The new balance reaches the member from the money outbox (live-balance-consumer.ts).
        publishLive(app, effect.memberId, { type, amount: String(effect.amount), currency: effect.currency, orderNo: effect.orderNo, at });
      },
    });
    await app.register(sandboxGatewayPlugin, { secret: funds.sandboxSecret });
  }
  await app.register(fundsRoutes, { gateways });
  await app.register(withdrawalRoutes);
  await app.register(withdrawalOpsRoutes, {
    onDecided: (order) => {
      const at = app.deps.now().toISOString();
      const type = order.status === 'APPROVED' ? 'WITHDRAW_APPROVED' : 'WITHDRAW_REJECTED';
      publishLive(app, order.member_id, { type, amount: String(order.amount), currency: order.currency, orderNo: order.order_no, at });
    },
  });
  await app.register(transferRoutes);
  await app.register(withdrawalConfirmationRoutes);

  // Periodic work (JOB_PERIOD_SECONDS, default a minute), each period once across all instances.
  registerJobRunner(app, [depositExpiryJob(funds.jobPeriodMs), autoReceiptJob(funds.autoReceiptMs, funds.jobPeriodMs)]);
};
