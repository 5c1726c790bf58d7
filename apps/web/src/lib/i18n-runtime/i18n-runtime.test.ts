import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import realI18next from 'i18next';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Trans as RealTrans } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import runtime, { I18n } from './i18next.ts';
import { Trans } from './react-i18next.tsx';

// The site's build translates with this runtime (vite.config.ts aliases i18next and react-i18next to it, decision
// 068); these tests hold it to what i18next answers for the same catalogues, and keep the app on the part it has.

const src = join(import.meta.dirname, '../..');
const locales = join(src, 'i18n/locales');
const LANGUAGES = ['en', 'bn'];
const NAMESPACES = readdirSync(join(locales, 'en')).map((f) => f.replace(/\.json$/, ''));
type Tree = { [key: string]: unknown };
const catalogue = (lng: string, ns: string) => JSON.parse(readFileSync(join(locales, lng, `${ns}.json`), 'utf8')) as Tree;
const resources = Object.fromEntries(LANGUAGES.map((lng) => [lng, Object.fromEntries(NAMESPACES.map((ns) => [ns, catalogue(lng, ns)]))]));

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : leaves(v as Tree, `${prefix}${k}.`),
  );
}

async function both() {
  const real = realI18next.createInstance();
  await real.init({
    lng: 'en',
    fallbackLng: false,
    ns: NAMESPACES,
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  const mine = new I18n();
  await mine.init({ lng: 'en', fallbackLng: false, ns: NAMESPACES, defaultNS: 'common', resources });
  return { real, mine };
}

describe('the i18n runtime of the browser build', () => {
  it('compares with the real i18next, not with itself', () => {
    expect(realI18next).not.toBe(runtime);
    expect(typeof (realI18next as unknown as { services?: unknown }).services).toBe('object');
  });

  it('translates every key of every catalogue as i18next does, in both languages, with and without counts', async () => {
    const { real, mine } = await both();
    let compared = 0;
    const differences: string[] = [];
    for (const lng of LANGUAGES)
      for (const ns of NAMESPACES) {
        const keys = new Map<string, Set<string>>();
        for (const [key, text] of leaves(catalogue(lng, ns))) {
          const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
          const vars = keys.get(base) ?? new Set<string>();
          for (const m of text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) vars.add(m[1] as string);
          keys.set(base, vars);
        }
        const realT = real.getFixedT(lng, ns as 'common');
        const mineT = mine.getFixedT(lng, ns);
        for (const [key, vars] of keys) {
          const values = Object.fromEntries([...vars].map((v) => [v, `«${v}»`]));
          const cases: Record<string, unknown>[] = [{}, values, ...[0, 1, 2, 5, 21].map((count) => ({ ...values, count }))];
          for (const options of cases) {
            const theirs = (realT as (k: string, o: object) => string)(key, options);
            const ours = mineT(key, options);
            if (ours !== theirs) differences.push(`${lng} ${ns}:${key} ${JSON.stringify(options)}: ${ours} ≠ ${theirs}`);
            compared++;
          }
        }
      }
    expect(differences).toEqual([]);
    expect(compared).toBeGreaterThan(5000);
  }, 60_000);

  it('answers as i18next for namespaces, missing keys, defaults and odd variables', async () => {
    const { real, mine } = await both();
    const cases: [string, string, Record<string, unknown>?][] = [
      ['lobby', 'menu.HOME'],
      ['lobby', 'errors:unknown'],
      ['lobby', 'menu.NOPE'],
      ['lobby', 'errors:nope.deeper'],
      ['lobby', 'menu.NOPE', { defaultValue: 'Some {{thing}}', thing: 'x' }],
      ['common', 'unknown', { ns: 'errors' }],
      ['common', 'a {{b}} c'],
      ['common', 'a {{b}} {{ c }}', { b: undefined, c: null }],
      ['common', '{{b.c}}/{{n}}', { b: { c: 'deep' }, n: 0 }],
    ];
    for (const lng of LANGUAGES)
      for (const [ns, key, options] of cases) {
        const realT = real.getFixedT(lng, ns as 'common') as (k: string, o?: object) => string;
        expect(mine.getFixedT(lng, ns)(key, options), `${lng} ${ns} ${key}`).toBe(realT(key, options));
      }
  });

  it('loads a namespace through the backend when asked, and changes language only once its catalogues are in', async () => {
    const reads: string[] = [];
    const i18n = new I18n();
    i18n.use({
      type: 'backend',
      init() {},
      read(lng, ns, callback) {
        reads.push(`${lng}/${ns}`);
        setTimeout(() => callback(null, catalogue(lng, ns)), 5);
      },
    });
    await i18n.init({ lng: 'en', ns: ['common'], defaultNS: 'common', fallbackLng: false });
    expect(i18n.hasLoadedNamespaces(['lobby'])).toBe(false);
    await Promise.all([i18n.loadNamespaces('lobby'), i18n.loadNamespaces(['lobby'])]);
    expect(i18n.hasLoadedNamespaces(['lobby'])).toBe(true);
    expect(reads).toEqual(['en/common', 'en/lobby']);
    const seen: string[] = [];
    i18n.on('languageChanged', (lng) => seen.push(`${lng}:${i18n.t('lobby:menu.HOME')}`));
    await i18n.changeLanguage('bn');
    expect(reads).toEqual(['en/common', 'en/lobby', 'bn/common', 'bn/lobby']);
    expect(seen).toEqual([`bn:${(catalogue('bn', 'lobby').menu as Tree).HOME}`]);
  });

  it('renders <Trans> as react-i18next does', async () => {
    const { real, mine } = await both();
    for (const lng of LANGUAGES) {
      const components = { terms: createElement('button', { type: 'button' }) };
      const ours = renderToStaticMarkup(createElement(Trans, { t: mine.getFixedT(lng, 'auth'), i18nKey: 'login.termsLine', components }));
      const theirs = renderToStaticMarkup(
        createElement(RealTrans, { t: real.getFixedT(lng, 'auth'), i18n: real, i18nKey: 'login.termsLine', components } as never),
      );
      expect(ours).toContain('<button type="button">');
      expect(ours).toBe(theirs);
    }
  });

  it('is all the app asks of i18next and react-i18next', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) && !path.includes('i18n-runtime'))
          files.push(path);
      }
    };
    walk(src);
    const problems: string[] = [];
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const where = relative(src, file);
      for (const m of code.matchAll(/import\s+(?!type\b)([^;]*?)\s+from\s+'(react-i18next|i18next)'/g)) {
        // The names inside the braces, without `type` imports (types cost nothing at run time).
        const braces = /\{([^}]*)\}/.exec(m[1] as string)?.[1] ?? '';
        const named = braces
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        const allowed = m[2] === 'react-i18next' ? ['useTranslation', 'Trans', 'initReactI18next'] : [];
        for (const name of named) if (!allowed.includes(name as string)) problems.push(`${where}: imports ${name} from ${m[2]}`);
      }
      for (const m of code.matchAll(/\bi18n(?:ext)?\.(\w+)\b(?!\.ts)/g))
        if (
          !['language', 'resolvedLanguage', 'on', 'loadNamespaces', 'changeLanguage', 't', 'ts', 'tsx', 'use', 'init'].includes(
            m[1] as string,
          )
        )
          problems.push(`${where}: i18next's ${m[1]}`);
      for (const m of code.matchAll(/\b(returnObjects|context|ordinal|keyPrefix|lngs|postProcess|nsMode)\s*:/g))
        if (m[1] !== 'context' || /\bt\([^)]*context\s*:/.test(code)) problems.push(`${where}: t option ${m[1]}`);
    }
    for (const lng of LANGUAGES)
      for (const ns of NAMESPACES)
        for (const [key, text] of leaves(catalogue(lng, ns))) {
          if (/\$t\(|\{\{-|\{\{[^}]*,[^}]*\}\}|_ordinal_|_(zero|two|few|many)$/.test(text + key))
            problems.push(`${lng}/${ns}:${key} uses a feature left out`);
          for (const tag of text.matchAll(/<\/?(\w+)[^>]*>/g))
            if (!new RegExp(`<${tag[1]}>[^<]*</${tag[1]}>`).test(text)) problems.push(`${lng}/${ns}:${key} has a tag Trans does not read`);
        }
    expect(problems).toEqual([]);
  });
});
