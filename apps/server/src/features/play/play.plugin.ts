import { HOUSE_PREFIX, LOTTERY_PREFIX } from '@playfront/contract/play-paths';
import { PROVIDER_WALLET_BASE } from '@playfront/contract/provider-wallet';
import type { FastifyPluginAsync } from 'fastify';
import { launchRoutes } from './launch.routes.ts';
import { providerWalletRoutes } from './provider-wallet.routes.ts';
import { bettingRecordRoutes } from './rounds/betting-record.routes.ts';

/**
 * Playing (issue 6, decision 009): launch, the provider wallet API, the betting
 * record, and the launch-host aliases. Each part its own encapsulated plugin, so
 * the provider API's raw-body parser and error shape stay on it.
 */
export const playPlugin: FastifyPluginAsync = async (app) => {
  // Prefixed: its own not-found handler and error shape cover only the provider API.
  await app.register(providerWalletRoutes, { prefix: PROVIDER_WALLET_BASE });
  await app.register(launchRoutes);
  await app.register(bettingRecordRoutes);

  // A launch host that is a path on this site (the demo brand's `/launch/a`, `/launch/b`) is an alias of
  // the site itself: its house URLs redirect to the house, so the lists and their fallback work without a CDN.
  app.get<{ Params: { alias: string; '*': string } }>(
    `/launch/:alias${HOUSE_PREFIX}/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      // The raw URL as the client sent it, still percent-encoded: a decoded path may hold characters a Location
      // header cannot carry (U+2028 answered 500). The alias holds no raw '/', so the house path starts at the
      // next one, and it can only ever name a path of this site.
      const at = request.url.indexOf('/', '/launch/'.length);
      const rest = request.url.slice(at + HOUSE_PREFIX.length).replace(/^\/+/, '');
      return reply.header('cache-control', 'no-store').redirect(`${HOUSE_PREFIX}/${rest}`, 302);
    },
  );
  // The same for the built-in lottery's page (issue 16).
  app.get<{ Params: { alias: string; '*': string } }>(
    `/launch/:alias${LOTTERY_PREFIX}/*`,
    { schema: { hide: true } },
    async (request, reply) => {
      const at = request.url.indexOf('/', '/launch/'.length);
      const rest = request.url.slice(at + LOTTERY_PREFIX.length).replace(/^\/+/, '');
      return reply.header('cache-control', 'no-store').redirect(`${LOTTERY_PREFIX}/${rest}`, 302);
    },
  );
};
