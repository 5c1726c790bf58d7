import type { AddressInfo } from 'node:net';
import { WalletClient } from '@playfront/contract/provider-wallet-client';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { GameConfig } from './games/config.ts';
import { lotteryApi } from './http/api.ts';
import { lotteryOperatorApi } from './http/operator.ts';
import { lotteryPages } from './http/pages.ts';
import { LotteryService } from './service.ts';
import { type SqlExecutor, SqlLotteryStore } from './store/sql-lottery-store.ts';

/**
 * The built-in lottery provider: scheduled, verifiable draws (VN regional, SEA six-digit, fast pick-3, keno) that
 * take bets and pay wins only through the platform's provider wallet API over HTTP, signed with the vendor's secret,
 * exactly as an outside vendor would (decisions 010 and 039). Mount it under LOTTERY_PREFIX (`/lotto`).
 */
export interface LotteryProviderOptions {
  /** The provider wallet API, e.g. `http://127.0.0.1:3000/provider/v1`; a function is asked at each call. */
  walletBaseUrl: string | (() => string);
  secretForVendor: (vendorCode: string) => string;
  /** The lottery's tables (LOTTERY_SCHEMA_V1, created by the caller). */
  sql: SqlExecutor;
  walletTimeoutMs?: number;
  /** The draw loop's period; default 1 s; 0 turns the loop off (tests call service.tick()). */
  tickMs?: number;
  leaseMs?: number;
  now?: () => number;
  games?: readonly GameConfig[];
  fetch?: typeof fetch;
  /**
   * The secret the platform signs operator calls with (`deriveLotteryOperatorSecret`, decision 050), asked at each
   * call; absent or empty, the operator API under `/operator` refuses every call.
   */
  operatorSecret?: () => string;
  /** Handed the service once built (tests and the bench drive it). */
  onService?: (service: LotteryService) => void;
}

export const lotteryProvider: FastifyPluginAsync<LotteryProviderOptions> = async (app, options) => {
  const wallet = new WalletClient({
    walletBaseUrl: options.walletBaseUrl,
    secretForVendor: options.secretForVendor,
    ...(options.walletTimeoutMs !== undefined ? { timeoutMs: options.walletTimeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const service = new LotteryService({
    store: new SqlLotteryStore(options.sql),
    wallet,
    logError: (message, error) => app.log.error({ err: error }, message),
    ...(options.now ? { now: options.now } : {}),
    ...(options.tickMs !== undefined ? { tickMs: options.tickMs } : {}),
    ...(options.leaseMs !== undefined ? { leaseMs: options.leaseMs } : {}),
    ...(options.games ? { games: options.games } : {}),
  });
  options.onService?.(service);
  // The loop starts once the server listens (mounted in the platform, the wallet's address is known only then).
  app.addHook('onListen', async () => {
    await service.start();
  });
  app.addHook('onClose', async () => service.close());
  await app.register(lotteryApi(service));
  await app.register(lotteryPages);
  await app.register(lotteryOperatorApi(service, options.sql, options.operatorSecret ?? (() => '')), { prefix: '/operator' });
};

/** `http://host:port` of a listening Fastify server (a wildcard bind address is reached through loopback). */
export function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') throw new Error('the server is not listening on TCP yet');
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

export { WalletClient } from '@playfront/contract/provider-wallet-client';
export { DEFAULT_GAMES, type GameConfig } from './games/config.ts';
export { LotteryService } from './service.ts';
export { LOTTERY_SCHEMA_LOCK, LOTTERY_SCHEMA_V1, LOTTERY_TABLES } from './store/schema.ts';
export { type SqlExecutor, SqlLotteryStore } from './store/sql-lottery-store.ts';
