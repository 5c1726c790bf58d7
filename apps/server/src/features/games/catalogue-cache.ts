import type { FastifyInstance } from 'fastify';
import type { BrandRow } from '../brand/brand.table.ts';

/**
 * A small in-process cache with a time limit and a size cap (oldest entry out
 * first). Concurrent misses for one key share a single load.
 */
export class TtlCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly max: number,
    private readonly clock: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.clock();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { value, expires: now + this.ttlMs });
    // A failed load is not remembered.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * What the catalogue reads cache per app instance:
 * - match counts of list and search filters (the lobby asks for page after page
 *   of the same few filters, and counting 9,000 slots is most of a list call's
 *   cost). An import through this instance clears them at once; other instances
 *   see it within the minute, the time the answers may be cached by browsers anyway;
 * - the brand row by merchant code, for 5 seconds (only its languages and
 *   currency symbol are used here, which operators change rarely);
 * - whole game-list pages as sent (JSON text), for 10 seconds: a lobby page is the same for every visitor
 *   of a brand and language, and building and serialising 24 games is most of what is left of a list call.
 */
export type CatalogueCache = { counts: TtlCache<number>; brands: TtlCache<BrandRow | undefined>; pages: TtlCache<string> };

const caches = new WeakMap<object, CatalogueCache>();

export function catalogueCache(app: FastifyInstance): CatalogueCache {
  let cache = caches.get(app.deps);
  if (!cache) {
    cache = {
      counts: new TtlCache<number>(60_000, 5_000),
      brands: new TtlCache<BrandRow | undefined>(5_000, 100),
      pages: new TtlCache<string>(10_000, 2_000),
    };
    caches.set(app.deps, cache);
  }
  return cache;
}
