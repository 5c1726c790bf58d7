/**
 * A small in-process cache with a time limit (Infinity: until evicted) and a size cap (oldest entry out
 * first). Concurrent misses for one key share a single load; a failed load is not remembered.
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

/** One cache per database handle: two databases in one process (tests) never share entries. */
export function perDatabase<T>(make: () => TtlCache<T>): (db: object) => TtlCache<T> {
  const caches = new WeakMap<object, TtlCache<T>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) {
      cache = make();
      caches.set(db, cache);
    }
    return cache;
  };
}
