import type { AddressInfo } from 'node:net';
import { WalletClient } from '@playfront/contract/provider-wallet-client';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { houseRoutes } from './http/house-plugin.ts';
import { HouseService } from './rounds/house-service.ts';
import type { HouseStore, SqlExecutor } from './store/house-store.ts';
import { SqlHouseStore } from './store/sql-house-store.ts';

/**
 * The built-in house game provider: a video slot, baccarat and crash that play
 * for real money only through the platform's provider wallet API, over HTTP,
 * signed with the vendor's secret, exactly as an outside game vendor would
 * (decision 010). Mount it under HOUSE_PREFIX (`/house`).
 */
export type HouseProviderOptions = HouseProviderSettings &
  (
    | {
        /** Where real-money sessions, seed pairs and rounds live (tables: HOUSE_SCHEMA_V1, created by the caller). */
        sql: SqlExecutor;
      }
    | { store: HouseStore }
  );

export interface HouseProviderSettings {
  /** The provider wallet API, e.g. `http://127.0.0.1:3000/provider/v1`; a function is asked at each call. */
  walletBaseUrl: string | (() => string);
  /** The HMAC secret of a house-served vendor. */
  secretForVendor: (vendorCode: string) => string;
  /** Per-call time-out of wallet calls; default 5 s. */
  walletTimeoutMs?: number;
  /** Waits between repeats of an unanswered win or rollback. */
  retryDelaysMs?: readonly number[];
  /** How often unsettled rounds of every instance are repeated from the database; default 15 s. */
  reconcileEveryMs?: number;
  fetch?: typeof fetch;
}

export const houseProvider: FastifyPluginAsync<HouseProviderOptions> = async (app, options) => {
  const wallet = new WalletClient({
    walletBaseUrl: options.walletBaseUrl,
    secretForVendor: options.secretForVendor,
    ...(options.walletTimeoutMs !== undefined ? { timeoutMs: options.walletTimeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const service = new HouseService({
    wallet,
    store: 'store' in options ? options.store : new SqlHouseStore(options.sql),
    logError: (message, error) => app.log.error({ err: error }, message),
    ...(options.walletTimeoutMs !== undefined ? { walletTimeoutMs: options.walletTimeoutMs } : {}),
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.reconcileEveryMs !== undefined ? { reconcileEveryMs: options.reconcileEveryMs } : {}),
  });
  // Once the house can be reached (and, mounted in the server, knows its wallet address), it finishes what an
  // instance that died left unsettled, without waiting for the first tick.
  app.addHook('onListen', async () => {
    void service.reconcile();
  });
  app.addHook('onClose', async () => service.close());
  await app.register(houseRoutes({ service, wallet }));
};

/**
 * `http://host:port` of a listening Fastify server, for a house mounted in the
 * same process: a wildcard bind address is reached through loopback. Throws while
 * the server is not listening yet (the wallet client treats that as no answer).
 */
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
export { HOUSE_SESSION_HEADER } from './http/house-plugin.ts';
export { DEMO_SESSIONS_PER_ADDRESS, MAX_DEMO_SESSIONS } from './rounds/demo-sessions.ts';
export { HouseService } from './rounds/house-service.ts';
export { RoundLog } from './rounds/round-log.ts';
export type { HouseStore, SqlExecutor } from './store/house-store.ts';
export { HOUSE_SCHEMA_LOCK, HOUSE_SCHEMA_V1 } from './store/schema.ts';
export { SqlHouseStore } from './store/sql-house-store.ts';
