import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { TtlCache } from '../../infra/ttl-cache.ts';
import { findBrand } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';
import { clientIp } from './system.service.ts';

/**
 * Maintenance and region restriction block everyone (spec section 4), not only game launches: one early gate
 * answers MAINTENANCE / ACCESS_RESTRICTED on the account and money calls under `/wps/` and the house's play
 * pages and API, before the body is read. What stays open, each for a reason, is the list below; a test
 * enumerates every registered route and holds each to being gated or on this list.
 */
export const GATED_PREFIXES = ['/wps/', '/house/'] as const;
export const OPEN_PREFIXES: readonly { prefix: string; why: string }[] = [
  { prefix: '/wps/system/', why: 'status, brand configuration and help: what the maintenance and region pages need' },
  { prefix: '/wps/payments/webhook/', why: 'a payment gateway confirming money already paid must always land' },
  { prefix: '/wps/session/logout', why: 'ending a session is always allowed' },
  { prefix: '/wps/session/publicKey', why: 'the public key of the sealed calls: public, no account' },
  { prefix: '/wps/announcement', why: 'public content, no account' },
  { prefix: '/wps/banner', why: 'public content, no account' },
  { prefix: '/wps/notice', why: 'public content, no account' },
  { prefix: '/house/assets/', why: 'the house pages’ scripts and styles' },
  { prefix: '/house/verify', why: 'checking a past round’s fairness moves no money' },
  { prefix: '/house/api/verify', why: 'checking a past round’s fairness moves no money' },
];

/** Whether `path` (no query) is behind the gate. */
export function isGated(path: string): boolean {
  return GATED_PREFIXES.some((p) => path.startsWith(p)) && !OPEN_PREFIXES.some((o) => path.startsWith(o.prefix));
}

/**
 * The brand and its region rules are cached per instance for 2 seconds (the gate is on every member call, a
 * wallet transfer included); an operator change through this instance clears them at once, others see it
 * within the 2 seconds. Launches still check the database directly (launch.service assertOpen).
 */
type GateCache = { brands: TtlCache<BrandRow | undefined>; regions: TtlCache<BlockList> };
const caches = new WeakMap<object, GateCache>();

function gateCache(app: FastifyInstance): GateCache {
  let cache = caches.get(app.deps);
  if (!cache) {
    cache = { brands: new TtlCache(2_000, 100), regions: new TtlCache(2_000, 100) };
    caches.set(app.deps, cache);
  }
  return cache;
}

/** After an operator changed maintenance or region rules: this instance's gate reads them again at once. */
export function clearAccessGate(app: FastifyInstance): void {
  const cache = gateCache(app);
  cache.brands.clear();
  cache.regions.clear();
}

async function regionBlockList(app: FastifyInstance, brandId: number): Promise<BlockList> {
  const rows = await app.deps.db.selectFrom('region_rule').select('cidr').where('brand_id', '=', brandId).execute();
  const list = new BlockList();
  for (const { cidr } of rows) {
    const [address = '', bits] = String(cidr).split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    list.addSubnet(address, Number(bits ?? (family === 'ipv6' ? 128 : 32)), family);
  }
  return list;
}

async function assertOpenFor(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.merchant;
  const merchant = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const cache = gateCache(app);
  const brand = await cache.brands.get(merchant, () => findBrand(app.deps.db, merchant || undefined));
  if (!brand) return; // no brand at all: the route answers for itself
  if (brand.maintenance) throw new AppError('MAINTENANCE');
  const ip = clientIp(request);
  const family = isIP(ip);
  if (family === 0) return;
  const rules = await cache.regions.get(String(brand.id), () => regionBlockList(app, brand.id));
  if (rules.check(ip, family === 6 ? 'ipv6' : 'ipv4')) throw new AppError('ACCESS_RESTRICTED');
}

/** Registers the gate; call after the rate limit, so refused calls still count towards it. */
export function registerAccessGate(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const q = request.url.indexOf('?');
    if (isGated(q < 0 ? request.url : request.url.slice(0, q))) await assertOpenFor(app, request);
  });
}
