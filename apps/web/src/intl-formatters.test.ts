// A page's first Intl formatter, collator or segmenter loads ICU data for its locale on the main thread: measured in
// Chromium on this machine, unthrottled, a first Intl.NumberFormat 89 ms, a first localeCompare 16-60 ms, a first
// Intl.Segmenter 27 ms, a first Intl.DateTimeFormat 24 ms; Lighthouse's phone runs 4x slower. The site writes
// dates, times, digits and counts by hand (lib/date-format.ts, lib/format.ts, contract text-length.ts); this test
// keeps new code from bringing Intl back into a page's render (issue 19).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const roots = [path.resolve(import.meta.dirname), path.resolve(import.meta.dirname, '../../../packages/contract/src')];
const EAGER_INTL =
  /\bIntl\.(NumberFormat|DateTimeFormat|Collator|Segmenter|RelativeTimeFormat|ListFormat)\(|\.toLocale(String|DateString|TimeString)\(|\.localeCompare\(/;

/** Where Intl stays, and why it does not cost a page's render. */
const ALLOWED: Record<string, string> = {
  'features/agent/pages/overview-page.tsx':
    'the compact axis formatter is made at the first tick, when the chart draws after the first screen',
  'features/agent/agent-home.tsx': "the time zone's name, which only Intl knows; the page's inline script has already paid for it",
  'text-length.ts': 'the grapheme segmenter, made on first need for a text that is not plain ASCII',
};

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test(-support)?\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('no Intl formatter in a page render', () => {
  it('only the allowed files make an Intl formatter, collator or segmenter', () => {
    const found = roots.flatMap((root) =>
      sources(root)
        .filter((file) => EAGER_INTL.test(fs.readFileSync(file, 'utf8')))
        .map((file) => path.relative(root, file)),
    );
    expect(found.filter((file) => !(file in ALLOWED))).toEqual([]);
    // An allowed file that no longer needs it leaves the list.
    expect(Object.keys(ALLOWED).filter((file) => !found.includes(file))).toEqual([]);
  });
});
