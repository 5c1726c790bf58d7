import type { FastifyInstance } from 'fastify';
import { type OutboxConsumer, type OutboxDispatcher, startMoneyOutbox } from './money-outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The money outbox's dispatcher, once the app is ready (`drain()` lets tests wait for every consumer). */
    moneyOutbox?: OutboxDispatcher;
  }
}

/** Runs the money outbox's consumers while the app runs (started when it is ready, stopped when it closes). */
export function registerMoneyOutbox(app: FastifyInstance, consumers: readonly OutboxConsumer[]): void {
  app.decorate('moneyOutbox', undefined);
  app.addHook('onReady', async () => {
    const { outboxPollMs, outboxIdlePollMs } = app.deps.config;
    app.moneyOutbox = await startMoneyOutbox(app.deps.db, consumers, {
      intervalMs: outboxPollMs,
      idleIntervalMs: outboxIdlePollMs,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await app.moneyOutbox?.stop();
  });
}
