import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES_AT_BOOT } from '../i18n/boot-namespaces.ts';

// The tables of screen chunks (router.tsx) and member-page chunks: each screen's list of catalogue namespaces, fetched
// beside its chunk (screen-chunk.ts), must name every namespace its file reads that is not loaded at boot. A missing
// one still works (the screen suspends and asks for it) but costs a round trip before the page's text.
const TABLES = ['router.tsx', 'member-centre/member-page-chunks.ts'].map((file) => path.join(import.meta.dirname, file));
const LOCALES = path.join(import.meta.dirname, '../i18n/locales/en');

/** Each `screenChunk(() => import('…'), 'ns', …)` of a table: the screen's file and the namespaces listed. */
function screensOf(table: string) {
  const source = fs.readFileSync(table, 'utf8');
  const entries = [...source.matchAll(/screenChunk\(\(\) => import\('([^']+)'\)((?:, '[\w-]+')*)\)/g)].map((m) => ({
    file: path.resolve(path.dirname(table), m[1] as string),
    listed: [...(m[2] ?? '').matchAll(/'([\w-]+)'/g)].map((n) => n[1] as string),
  }));
  return { entries, imports: source.match(/import\('/g)?.length ?? 0 };
}

/** The namespaces a file reads with useTranslation('ns') or useTranslation(['a', 'b']). */
function namespacesRead(file: string): string[] {
  const source = fs.readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[\w-]+')/g))
    for (const n of (m[1] as string).matchAll(/'([\w-]+)'/g)) found.add(n[1] as string);
  return [...found];
}

describe('screen chunks fetch their catalogues beside them', () => {
  for (const table of TABLES) {
    it(`every screen of ${path.basename(table)} lists the namespaces it reads beyond the boot ones`, () => {
      const { entries, imports } = screensOf(table);
      // Every lazy screen of the table goes through screenChunk (a plain import would skip its namespaces).
      expect(entries.length).toBe(imports);
      expect(entries.length).toBeGreaterThan(10);
      for (const { file, listed } of entries) {
        const needed = namespacesRead(file).filter((ns) => !(NAMESPACES_AT_BOOT as readonly string[]).includes(ns));
        expect({ file: path.basename(file), missing: needed.filter((ns) => !listed.includes(ns)) }).toEqual({
          file: path.basename(file),
          missing: [],
        });
        for (const ns of listed) expect(fs.existsSync(path.join(LOCALES, `${ns}.json`)), `${ns}.json`).toBe(true);
      }
    });
  }

  it('reads the namespaces of a screen file as the check above needs', () => {
    const vip = path.join(import.meta.dirname, '../features/rewards/components/vip-page.tsx');
    expect(namespacesRead(vip)).toContain('promotions');
  });
});
