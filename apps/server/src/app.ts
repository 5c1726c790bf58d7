import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { HOUSE_PREFIX, LOTTERY_PREFIX } from '@playfront/contract/play-paths';
import { deriveHouseVendorSecret, deriveLotteryOperatorSecret, deriveLotteryVendorSecret } from '@playfront/contract/provider-signing';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import { houseProvider, listeningOrigin } from '@playfront/house';
import { lotteryProvider } from '@playfront/lottery';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { CompiledQuery } from 'kysely';
import pino from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import { agentMoney5minConsumer } from './features/agents/contracts/agent-money-5min-consumer.ts';
import { agentContractsPlugin } from './features/agents/contracts/contracts.plugin.ts';
import { agentTeamConsumer } from './features/agents/reports/team-rollup-consumer.ts';
import { agentTeamPlugin } from './features/agents/team/agent-team.plugin.ts';
import { wageringConsumer } from './features/bonus/wagering-consumer.ts';
import { consolePlugin } from './features/console/console.plugin.ts';
import { cdnRoutes } from './features/content/cdn.routes.ts';
import { envelopesPlugin } from './features/envelopes/envelopes.plugin.ts';
import { fundsPlugin } from './features/funds/funds.plugin.ts';
import { gamesPlugin } from './features/games/games.plugin.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { kycPlugin } from './features/kyc/kyc.plugin.ts';
import { liveRoutes } from './features/live/live.routes.ts';
import { liveBalanceConsumer } from './features/live/live-balance-consumer.ts';
import { lobbyRoutes } from './features/lobby/lobby.routes.ts';
import { lotteryRoutes } from './features/lottery/lottery.routes.ts';
import { loyaltyPlugin } from './features/loyalty/loyalty.plugin.ts';
import { vipProgressConsumer } from './features/loyalty/vip-progress-consumer.ts';
import { luckyPlugin } from './features/lucky/lucky.plugin.ts';
import { luckyTicketsConsumer } from './features/lucky/lucky-tickets-consumer.ts';
import { memberRoutes } from './features/member/member.routes.ts';
import { messagesRoutes } from './features/messages/messages.routes.ts';
import { missionsPlugin } from './features/missions/missions.plugin.ts';
import { missionsConsumer } from './features/missions/missions-consumer.ts';
import { opsRoutes } from './features/ops/ops.routes.ts';
import { playPlugin } from './features/play/play.plugin.ts';
import { pointsPlugin } from './features/points/points.plugin.ts';
import { pointsEarningConsumer } from './features/points/points-earning-consumer.ts';
import { depositPromotionsConsumer } from './features/promotions/deposit-promotions-consumer.ts';
import { promotionsPlugin } from './features/promotions/promotions.plugin.ts';
import { protectionRoutes } from './features/protection/protection.routes.ts';
import { rebateAccrualConsumer } from './features/rebates/rebate-accrual-consumer.ts';
import { rebatesPlugin } from './features/rebates/rebates.plugin.ts';
import { recordsRoutes } from './features/records/records.routes.ts';
import { referralPlugin } from './features/referral/referral.plugin.ts';
import { referralRewardConsumer } from './features/referral/referral-reward-consumer.ts';
import { gameReportConsumer } from './features/reports/game-report-consumer.ts';
import { moneyHourlyConsumer } from './features/reports/money-hourly-consumer.ts';
import { turnoverConsumer } from './features/risk/turnover-consumer.ts';
import { securityPlugin } from './features/security/security.plugin.ts';
import { outboxRoutes } from './features/session/outbox.routes.ts';
import { sessionRoutes } from './features/session/session.routes.ts';
import { registerSessionCache } from './features/session/session-cache.ts';
import { socialPlugin } from './features/social/social.plugin.ts';
import { supportChatPlugin } from './features/support/chat/chat.plugin.ts';
import { feedbackPlugin } from './features/support/feedback/feedback.plugin.ts';
import { registerAccessGate } from './features/system/access-gate.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { walletRoutes } from './features/wallet/wallet.routes.ts';
import { registerConsoleApp } from './features/web/console.plugin.ts';
import { registerWeb } from './features/web/web.plugin.ts';
import { frameworkErrors, registerErrorHandling } from './http/error-handler.ts';
import { registerHsts } from './http/hsts.ts';
import { logRequest } from './http/log-request.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerMoneyOutbox } from './infra/outbox/outbox.plugin.ts';
import { redisNames } from './infra/redis.ts';

export type AppDeps = {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** Shared store for rate limits and live events across instances, when configured. */
  redis?: Redis | undefined;
  /** Injectable clock so expiry rules can be tested without waiting. */
  now?: () => Date;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'config' | 'db' | 'dbKind' | 'now'>> & Pick<AppDeps, 'redis'>;
  }
}

/** API prefixes: unknown paths under these answer JSON 404, never the SPA. */
const API_PREFIXES = ['/wps/', '/lgw/', '/docs', '/health', '/provider/', '/ws', '/ops/', '/cdn/', '/house/', '/console/', '/lotto/'];

/** The request log: secrets in headers and bodies redacted, and in URLs (launch tokens, sign-in codes) too. */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream: pino.DestinationStream) {
  return {
    level: config.logLevel,
    stream,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.encryption',
        'req.headers.cookie',
        'req.headers["x-operator-key"]',
        'req.headers["x-staff-session"]',
        '*.password',
        '*.newPassword',
      ],
      censor: '[redacted]',
    },
    serializers: { req: logRequest },
  };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  // Buffered log writes: a write per log line cost a third of the wallet benchmark's CPU. The buffer
  // goes out at 4 KB or after a second, whichever comes first; pino flushes it on exit and on signals.
  const logDestination = pino.destination({ sync: false, minLength: 4096 });
  const logFlush = setInterval(() => logDestination.flush(), 1000);
  logFlush.unref();
  const app = Fastify({
    logger: loggerOptions(config, logDestination),
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Slow senders (a byte a second) must not hold a connection: the whole request has a deadline,
    // idle sockets close, and Node checks the deadline often enough for it to mean something.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.connectionMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { connectionsCheckingInterval: Math.max(250, Math.min(5000, Math.floor(config.timeouts.requestMs / 4))) },
    // Router failures (bad %-escapes, over-long path segments) answer in the catalogue shape too.
    frameworkErrors,
    // Opaque request ids so a player's report can be matched to the log.
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  // Node ignores the request deadline while its headers deadline (default 60 s) is longer.
  app.server.headersTimeout = Math.min(app.server.headersTimeout, config.timeouts.requestMs);
  app.addHook('onClose', async () => {
    clearInterval(logFlush);
    logDestination.flush();
  });

  app.decorate('deps', { ...deps, now: deps.now ?? (() => new Date()) });
  registerSessionCache(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  registerSecurityHeaders(app);
  registerHsts(app);
  registerNulGuard(app);
  await app.register(compress, { global: true, threshold: 1024 });
  await app.register(rateLimit, {
    global: true,
    // Generous: many players can share one carrier-grade NAT address.
    max: config.rateLimitPerMinute,
    timeWindow: '1 minute',
    // Counted in Redis across instances. If Redis cannot be reached the request is served uncounted rather than
    // failed (the default would answer every call 500 until Redis is back); the sensitive limits fall back to memory.
    ...(deps.redis ? { redis: deps.redis, nameSpace: redisNames(config.redisKeyPrefix).rateLimit, skipOnError: true } : {}),
    errorResponseBuilder: () => ({ success: false, code: 'TOO_MANY_REQUESTS', message: 'errors.tooManyRequests', statusCode: 429 }),
  });
  // After the rate limit: maintenance and region restriction block account and money calls (not only launches).
  registerAccessGate(app);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Playfront API', version: '0.1.0', description: 'Every answer is { success, message, value }.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(healthRoutes);
  await app.register(systemRoutes);
  await app.register(opsRoutes);
  await app.register(cdnRoutes);
  await app.register(sessionRoutes);
  await app.register(memberRoutes);
  await app.register(outboxRoutes);
  await app.register(walletRoutes);
  await app.register(fundsPlugin);
  await app.register(messagesRoutes);
  await app.register(recordsRoutes);
  await app.register(liveRoutes);
  await app.register(pointsPlugin);
  await app.register(promotionsPlugin);
  await app.register(loyaltyPlugin);
  await app.register(missionsPlugin);
  await app.register(envelopesPlugin);
  await app.register(luckyPlugin);
  await app.register(rebatesPlugin);
  await app.register(agentTeamPlugin);
  await app.register(agentContractsPlugin);
  await app.register(referralPlugin);
  await app.register(securityPlugin);
  await app.register(socialPlugin);
  await app.register(protectionRoutes);
  await app.register(feedbackPlugin);
  // Identity checks (KYC) under /wps/kyc (issue 18, decision 044); the review is in the console plugin.
  await app.register(kycPlugin);
  // The operator console API (/console/api, staff sessions; decision 040) and POST /ops/staff.
  await app.register(consolePlugin);
  await app.register(supportChatPlugin);
  registerMoneyOutbox(app, [
    liveBalanceConsumer(app),
    moneyHourlyConsumer,
    pointsEarningConsumer,
    wageringConsumer,
    depositPromotionsConsumer,
    vipProgressConsumer,
    rebateAccrualConsumer,
    missionsConsumer(app),
    luckyTicketsConsumer,
    agentTeamConsumer,
    agentMoney5minConsumer,
    turnoverConsumer,
    referralRewardConsumer(app),
    gameReportConsumer,
  ]);
  await app.register(gamesPlugin);
  await app.register(lobbyRoutes);
  await app.register(playPlugin);
  await app.register(lotteryRoutes);
  // The built-in house game provider: it reaches the platform only through the provider wallet API over HTTP
  // (HOUSE_WALLET_URL, else this server's own listening address), as an outside vendor would (decision 010).
  await app.register(houseProvider, {
    prefix: HOUSE_PREFIX,
    walletBaseUrl: config.play.houseWalletUrl ?? (() => `${listeningOrigin(app)}${PROVIDER_WALLET_BASE}`),
    // Read at call time: the provider wallet plugin settles the master secret when it registers.
    secretForVendor: (vendor) => deriveHouseVendorSecret(config.play.houseSecret ?? '', vendor),
    // Real-money house sessions and rounds live in this database (migration 20261125T1000_house_store), so every
    // instance serves every game and any instance repeats a win another left unsettled.
    sql: {
      query: async <R>(text: string, params: readonly unknown[] = []) =>
        (await deps.db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows,
    },
  });
  // The built-in lottery provider (issue 16): the same way, through the provider wallet API over HTTP, its draws,
  // sessions and slips in this database (migration 20261130T1000_lottery_store), its draw loop in every instance.
  await app.register(lotteryProvider, {
    prefix: LOTTERY_PREFIX,
    walletBaseUrl: config.play.houseWalletUrl ?? (() => `${listeningOrigin(app)}${PROVIDER_WALLET_BASE}`),
    secretForVendor: (vendor) => deriveLotteryVendorSecret(config.play.houseSecret ?? '', vendor),
    // The console's lottery oversight signs its calls with this (decision 050); no master secret, no operator API.
    operatorSecret: () => (config.play.houseSecret ? deriveLotteryOperatorSecret(config.play.houseSecret) : ''),
    tickMs: config.play.lotteryTickMs,
    sql: {
      query: async <R>(text: string, params: readonly unknown[] = []) =>
        (await deps.db.executeQuery<R>(CompiledQuery.raw(text, [...params]))).rows,
    },
  });

  if (config.consoleDist && fs.existsSync(path.join(config.consoleDist, 'index.html'))) {
    await registerConsoleApp(app, config.consoleDist);
  }
  if (config.webDist && fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await registerWeb(app, config.webDist, API_PREFIXES);
  }
  return app;
}
