import { COOKIE_KEYS } from '@playfront/contract/storage-keys';
import { afterEach, describe, expect, it } from 'vitest';
import { readRemembered, rememberUsername } from './remember-me.ts';

/** A document whose cookie jar records every write (the tests run in Node, without a DOM). */
function cookieJar(initial: Record<string, string>) {
  const jar = new Map(Object.entries(initial));
  const writes: string[] = [];
  const doc = {
    get cookie() {
      return [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      writes.push(line);
      const [pair, ...attrs] = line.split('; ');
      const [name, value] = (pair as string).split('=') as [string, string];
      if (attrs.includes('Max-Age=0')) jar.delete(name);
      else jar.set(name, value);
    },
  };
  Object.assign(globalThis, { document: doc });
  return { jar, writes };
}

afterEach(() => {
  Reflect.deleteProperty(globalThis, 'document');
});

describe('the remembered login', () => {
  it('reads the username and the SMS mobile without writing a cookie', () => {
    const { writes } = cookieJar({
      [COOKIE_KEYS.lastUsername]: 'demomember',
      [COOKIE_KEYS.smsMobile]: encodeURIComponent('880 1711000001'),
    });
    expect(readRemembered()).toEqual({ username: 'demomember', smsMobile: { countryDialingCode: '880', mobileNum: '1711000001' } });
    expect(writes).toEqual([]);
  });

  it('drops a password an older version remembered, on the first read only', () => {
    const { jar, writes } = cookieJar({ [COOKIE_KEYS.legacyRememberedPassword]: 'secret' });
    expect(readRemembered()).toEqual({ username: '', smsMobile: null });
    expect(jar.has(COOKIE_KEYS.legacyRememberedPassword)).toBe(false);
    readRemembered();
    expect(writes).toHaveLength(1);
  });

  it('keeps the username only when remember-me is ticked', () => {
    const { jar } = cookieJar({});
    rememberUsername('demomember', true);
    expect(jar.get(COOKIE_KEYS.lastUsername)).toBe('demomember');
    rememberUsername('demomember', false);
    expect(jar.has(COOKIE_KEYS.lastUsername)).toBe(false);
  });
});
