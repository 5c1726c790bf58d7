import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMBER_PAGES } from './member-centre-pages.ts';
import { MEMBER_PAGE_HEADS } from './member-page-heads.ts';

// The server draws each member page's heading and lead from MEMBER_PAGE_HEADS before the app runs; the page then draws
// its own. This holds the table to the pages' files: each key is one the page's file reads, from a namespace it reads.
const CHUNKS = path.join(import.meta.dirname, 'member-page-chunks.ts');
const LOCALES = path.join(import.meta.dirname, '../../i18n/locales');

const pageFiles = Object.fromEntries(
  [...fs.readFileSync(CHUNKS, 'utf8').matchAll(/^\s*(\w+): screenChunk\(\(\) => import\('([^']+)'\)/gm)].map((m) => [
    m[1] as string,
    path.resolve(path.dirname(CHUNKS), m[2] as string),
  ]),
);

const textAt = (lang: string, key: string) => {
  const [ns, rest] = key.split(':') as [string, string];
  const catalogue = JSON.parse(fs.readFileSync(path.join(LOCALES, lang, `${ns}.json`), 'utf8'));
  return rest.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
};

describe('the member pages’ headings the server draws', () => {
  it('names a chunk file for every page (the web build reads the same table)', () => {
    expect(Object.keys(pageFiles).sort()).toEqual([...MEMBER_PAGES].sort());
  });

  for (const page of MEMBER_PAGES) {
    const head = MEMBER_PAGE_HEADS[page];
    if (!head) continue;
    it(`${page}: its heading and lead are keys its page reads, with a text in EN and BN`, () => {
      const source = fs.readFileSync(pageFiles[page] as string, 'utf8');
      for (const key of [head.title, head.lead].filter((k): k is string => k !== undefined)) {
        const [ns, rest] = key.split(':') as [string, string];
        expect(source, `${page} reads ${ns}`).toMatch(new RegExp(`useTranslation\\('${ns}'\\)`));
        expect(source, `${page} reads ${rest}`).toContain(`t('${rest}')`);
        for (const lang of ['en', 'bn']) expect(typeof textAt(lang, key), `${lang} ${key}`).toBe('string');
      }
    });
  }
});
