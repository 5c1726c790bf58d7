import { describe, expect, it } from 'vitest';
import { Lru } from './lru.ts';

describe('the size-capped cache of drawn results', () => {
  it('makes a value once, keeps at most its size, and lets the least recently used go first', () => {
    const cache = new Lru<string>(2);
    let made = 0;
    const make = (key: string) => () => {
      made++;
      return `drawn ${key}`;
    };
    expect(cache.getOrMake('a', make('a'))).toBe('drawn a');
    expect(cache.getOrMake('a', make('a'))).toBe('drawn a');
    expect(made).toBe(1);
    cache.getOrMake('b', make('b'));
    cache.get('a'); // a is now the more recently used
    cache.getOrMake('c', make('c'));
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe('drawn a');
    expect(cache.get('c')).toBe('drawn c');
    expect(made).toBe(3);
  });
});
