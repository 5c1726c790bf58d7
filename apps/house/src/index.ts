import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { houseRoutes } from './http/house-plugin.ts';
import { HouseService } from './rounds/house-service.ts';
import { RoundLog } from './rounds/round-log.ts';
import { WalletClient } from './wallet/wallet-client.ts';

/**
 * The built-in house game provider: a video slot, baccarat and crash that play
 * for real money only through the platform's provider wallet API, over HTTP,
 * signed with the vendor's secret, exactly as an outside game vendor would
 * (decision 010). Mount it under HOUSE_PREFIX (`/house`).
 */
export interface HouseProviderOptions {
  /** The provider wallet API, e.g. `http://127.0.0.1:3000/provider/v1`; a function is asked at each call. */
  walletBaseUrl: string | (() => string);
  /** The HMAC secret of a house-served vendor. */
  secretForVendor: (vendorCode: string) => string;
  /** Per-call time-out of wallet calls; default 5 s. */
  walletTimeoutMs?: number;
  /** Waits between repeats of an unanswered win or rollback. */
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
}

export const houseProvider: FastifyPluginAsync<HouseProviderOptions> = async (app, options) => {
  const wallet = new WalletClient({
    walletBaseUrl: options.walletBaseUrl,
    secretForVendor: options.secretForVendor,
    ...(options.walletTimeoutMs !== undefined ? { timeoutMs: options.walletTimeoutMs } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const log = new RoundLog();
  const service = new HouseService({ wallet, log, ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}) });
  app.addHook('onClose', async () => service.close());
  await app.register(houseRoutes({ service, log, wallet }));
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

export { HOUSE_SESSION_HEADER } from './http/house-plugin.ts';
export { HouseService } from './rounds/house-service.ts';
export { RoundLog } from './rounds/round-log.ts';
export { WalletClient } from './wallet/wallet-client.ts';
