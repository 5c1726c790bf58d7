/**
 * A small in-process cache of synchronous results, capped by size: the least recently used entry goes first. For
 * what is drawn on request and asked again and again (game tiles, vendor icons, reward pictures); TtlCache
 * (ttl-cache.ts) is the one for loads that wait on the database and may expire.
 */
export class Lru<T> {
  private readonly map = new Map<string, T>();
  constructor(private readonly max: number) {}

  get(key: string): T | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }

  set(key: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** The kept value of `key`, made (and kept) on its first ask. */
  getOrMake(key: string, make: () => T): T {
    let value = this.get(key);
    if (value === undefined) {
      value = make();
      this.set(key, value);
    }
    return value;
  }
}
