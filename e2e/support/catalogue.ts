import fs from 'node:fs';
import path from 'node:path';

const locales = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

/** Reads a string from the web's own catalogues, so a test asserts what the user actually sees in that language. */
export function text(lang: 'en' | 'bn', namespace: string, key: string): string {
  const catalogue = JSON.parse(fs.readFileSync(path.join(locales, lang, `${namespace}.json`), 'utf8')) as Record<string, unknown>;
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  if (typeof value !== 'string') throw new Error(`no string ${lang}/${namespace}:${key}`);
  return value;
}
