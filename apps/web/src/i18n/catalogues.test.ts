import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every user-visible string ships in both brand languages: same keys, same placeholders, real Bengali. */
const root = join(import.meta.dirname, 'locales');
const load = (lng: string, ns: string) => JSON.parse(readFileSync(join(root, lng, `${ns}.json`), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(obj)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') for (const [kk, vv] of flatten(v as Record<string, unknown>, key)) out.set(kk, vv);
    else out.set(key, String(v));
  }
  return out;
}

const placeholders = (s: string) => [...s.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
const namespaces = readdirSync(join(root, 'en')).map((f) => f.replace(/\.json$/, ''));

describe('EN and BN catalogues', () => {
  it.each(namespaces)('%s: both languages have the same keys and placeholders, none empty', (ns) => {
    const en = flatten(load('en', ns));
    const bn = flatten(load('bn', ns));
    expect([...bn.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      expect(text.trim(), `en ${ns}:${key}`).not.toBe('');
      expect(bn.get(key)?.trim(), `bn ${ns}:${key}`).not.toBe('');
      expect(placeholders(bn.get(key) ?? ''), `placeholders of ${ns}:${key}`).toEqual(placeholders(text));
    }
  });

  it.each(['common', 'system'])('%s: Bengali strings are Bengali, not English copies', (ns) => {
    // Every entry carries Bengali script (product names such as iOS may appear beside it).
    for (const [key, text] of flatten(load('bn', ns))) {
      expect(/[\u0980-\u09FF]/.test(text), `bn ${ns}:${key} = "${text}"`).toBe(true);
    }
  });
});
