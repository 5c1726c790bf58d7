import { HOUSE_PREFIX } from '@playfront/contract/play-paths';
import { deriveHouseVendorSecret } from '@playfront/contract/provider-signing';
import Fastify from 'fastify';
import { houseProvider } from './index.ts';

/**
 * The house game server on its own, as a separate process (its own host and port),
 * for operators who run it apart from the platform: `npm run house -w @playfront/house`.
 * HOUSE_WALLET_URL is the platform's provider wallet API (e.g. https://site/provider/v1),
 * HOUSE_PROVIDER_SECRET the master secret the platform was given; the brand's launch
 * hosts then point at this server. Inside the platform (apps/server) it is mounted instead.
 */
const walletBaseUrl = process.env.HOUSE_WALLET_URL;
const masterSecret = process.env.HOUSE_PROVIDER_SECRET;
if (!walletBaseUrl || !masterSecret || masterSecret.length < 32) {
  console.error('Set HOUSE_WALLET_URL and HOUSE_PROVIDER_SECRET (at least 32 characters).');
  process.exit(1);
}

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
await app.register(houseProvider, {
  prefix: HOUSE_PREFIX,
  walletBaseUrl,
  secretForVendor: (vendor) => deriveHouseVendorSecret(masterSecret, vendor),
});
const close = async () => {
  await app.close();
  process.exit(0);
};
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
await app.listen({ port: Number(process.env.PORT ?? 3100), host: process.env.HOST ?? '127.0.0.1' });
