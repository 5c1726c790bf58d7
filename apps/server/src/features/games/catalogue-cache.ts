import type { FastifyInstance } from 'fastify';
import { TtlCache } from '../../infra/ttl-cache.ts';
import type { BrandFlags } from '../brand/brand.repository.ts';
import type { BrandRow } from '../brand/brand.table.ts';

/**
 * What the catalogue reads cache per app instance:
 * - match counts of list and search filters (the lobby asks for page after page
 *   of the same few filters, and counting 9,000 slots is most of a list call's
 *   cost). An import through this instance clears them at once; other instances
 *   see it within the minute, the time the answers may be cached by browsers anyway;
 * - the brand row by merchant code, for 5 seconds (only its languages and
 *   currency symbol are used here, which operators change rarely);
 * - whole game-list pages as sent (JSON text), for 10 seconds: a lobby page is the same for every visitor
 *   of a brand and language, and building and serialising 24 games is most of what is left of a list call;
 * - the vendors each brand switched off (brand_vendor, decision 061), for 5 seconds. They are part of every list
 *   filter, hence of the count and page keys: a console switch clears this instance's caches at once (brandChanged),
 *   and another instance builds new keys as soon as its 5-second entry expires, never serving a stale count or page.
 */
export type CatalogueCache = {
  counts: TtlCache<number>;
  brands: TtlCache<BrandRow | undefined>;
  pages: TtlCache<string>;
  /** The brand's flags (lobby hiding settings), for 5 seconds like the brand row. */
  flags: TtlCache<BrandFlags>;
  /** The brand's switched-off vendor codes, sorted, for 5 seconds like the flags. */
  offVendors: TtlCache<string[]>;
};

const caches = new WeakMap<object, CatalogueCache>();

export function catalogueCache(app: FastifyInstance): CatalogueCache {
  let cache = caches.get(app.deps);
  if (!cache) {
    cache = {
      counts: new TtlCache<number>(60_000, 5_000),
      brands: new TtlCache<BrandRow | undefined>(5_000, 100),
      pages: new TtlCache<string>(10_000, 2_000),
      flags: new TtlCache<BrandFlags>(5_000, 100),
      offVendors: new TtlCache<string[]>(5_000, 100),
    };
    caches.set(app.deps, cache);
  }
  return cache;
}
