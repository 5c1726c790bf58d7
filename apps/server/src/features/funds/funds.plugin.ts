import type { FastifyPluginAsync } from 'fastify';
import { publishLive } from '../live/live-bus.ts';
import { expireDepositOrders } from './deposit.service.ts';
import { fundsRoutes } from './funds.routes.ts';
import type { PaymentGateway } from './payment-gateway.ts';
import { paymentWebhookRoutes } from './payment-webhook.routes.ts';
import { sandboxGatewayPlugin } from './sandbox-gateway.plugin.ts';
import { SANDBOX_GATEWAY_CODE, sandboxGateway } from './sandbox-gateway.ts';
import { transferRoutes } from './transfer.routes.ts';
import { withdrawalRoutes } from './withdrawal.routes.ts';
import { withdrawalConfirmationRoutes } from './withdrawal-confirmation.routes.ts';
import { runAutoReceipt } from './withdrawal-confirmation.service.ts';
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
        publishLive(app, effect.memberId, { type, amount: String(effect.amount), currency: effect.currency, orderNo: effect.orderNo, at });
        if (effect.balance !== undefined)
          publishLive(app, effect.memberId, { type: 'BALANCE_CHANGED', balance: String(effect.balance), currency: effect.currency, at });
      },
    });
    await app.register(sandboxGatewayPlugin, { secret: funds.sandboxSecret });
  }
  await app.register(fundsRoutes, { gateways });
  await app.register(withdrawalRoutes);
  await app.register(withdrawalOpsRoutes, {
    onDecided: (order, balance) => {
      const at = app.deps.now().toISOString();
      const type = order.status === 'APPROVED' ? 'WITHDRAW_APPROVED' : 'WITHDRAW_REJECTED';
      publishLive(app, order.member_id, { type, amount: String(order.amount), currency: order.currency, orderNo: order.order_no, at });
      if (balance !== null)
        publishLive(app, order.member_id, { type: 'BALANCE_CHANGED', balance: String(balance), currency: order.currency, at });
    },
  });
  await app.register(transferRoutes);
  await app.register(withdrawalConfirmationRoutes);

  // Periodic work on every instance, just after the start of each period (JOB_PERIOD_SECONDS, default a minute).
  // Timers aligned to the period boundary, not setInterval: an interval drifts and can skip a period. job_run
  // makes each period's auto-receipt run once overall, whichever instance claims it first (decision in DEPLOYMENT.md).
  const periodMs = funds.jobPeriodMs;
  const tick = () => {
    // Idempotent (a conditional update), so every instance may run it.
    expireDepositOrders(app.deps.db, app.deps.now()).catch((err: unknown) => app.log.error({ err }, 'deposit expiry failed'));
    runAutoReceipt(app.deps.db, app.deps.now(), funds.autoReceiptMs, periodMs).then(
      (r) => r.affected > 0 && app.log.info(r, 'withdrawals counted as received'),
      (err: unknown) => app.log.error({ err }, 'auto-receipt job failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const schedule = () => {
    if (closed) return;
    const now = Date.now();
    // A little past the boundary, so clocks a few milliseconds apart still agree on the period.
    timer = setTimeout(
      () => {
        tick();
        schedule();
      },
      periodMs - (now % periodMs) + 25,
    );
    timer.unref();
  };
  schedule();
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
};
