/**
 * The part of i18next the site uses, for the browser build only: vite.config.ts aliases the bare `i18next`
 * specifier here (and `react-i18next` to ./react-i18next.tsx), so every `t`, `useTranslation` and the typed keys of
 * i18next.d.ts stay as they are, while the first bundle carries ~2 kB instead of i18next and react-i18next's ~17 kB
 * gzip (decision 068). Tests and the operator console use the real packages; i18n-runtime.test.ts checks that this
 * one translates every catalogue key as i18next does and that the app calls nothing it lacks.
 *
 * Kept: `ns:key`, nested keys, plurals by Intl.PluralRules (`_zero` first for 0), `{{var}}` (a missing variable
 * stays as written, nothing is escaped), `defaultValue`, `ns`, `lng`, lazy namespaces through a backend, fallback
 * languages, `languageChanged`. Left out: nesting `$t()`, formats, context, ordinals, `returnObjects`.
 */

type Tree = { [key: string]: unknown };
type Options = { [key: string]: unknown; count?: unknown; defaultValue?: unknown; ns?: string | string[]; lng?: string };
export type TFunction = (key: string, options?: Options) => string;
type ReadCallback = (error: unknown, data: Tree | null) => void;
export type BackendModule = { type: 'backend'; init(): void; read(language: string, namespace: string, callback: ReadCallback): void };
type Module = BackendModule | { type: '3rdParty'; init(instance: I18n): void };
type InitOptions = {
  lng?: string;
  fallbackLng?: false | string | string[] | ((code: string) => string[]);
  ns?: string | string[];
  defaultNS?: string;
  resources?: Record<string, Record<string, Tree>>;
  [option: string]: unknown;
};

const list = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
const plurals = new Map<string, Intl.PluralRules>();

class I18n {
  language = '';
  resolvedLanguage?: string;
  isInitialized = false;
  options: InitOptions & { ns: string[]; defaultNS: string } = { ns: [], defaultNS: 'translation' };
  private store: Record<string, Record<string, Tree>> = {};
  /** `lng|ns` → the load in flight or done (a failed load counts as done: its keys show as keys, as in i18next). */
  private loads = new Map<string, Promise<void>>();
  private listeners = new Set<(language: string) => void>();
  private backend?: BackendModule;
  private plugins: Module[] = [];

  use(module: Module) {
    if (module.type === 'backend') this.backend = module;
    else this.plugins.push(module);
    return this;
  }

  init(options: InitOptions = {}) {
    this.options = { ...options, ns: list(options.ns ?? 'translation'), defaultNS: options.defaultNS ?? 'translation' };
    for (const [lng, bundles] of Object.entries(options.resources ?? {})) this.store[lng] = { ...bundles };
    for (const plugin of this.plugins) if (plugin.type === '3rdParty') plugin.init(this);
    const lng = options.lng ?? 'en';
    // As i18next: the language is known at once, `languageChanged` follows the first catalogues.
    this.language = this.resolvedLanguage = lng;
    return this.load([lng], this.options.ns).then(() => {
      this.isInitialized = true;
      this.emit();
      return this.t;
    });
  }

  /** The language and its fallbacks, in lookup order. */
  languages(lng = this.language): string[] {
    const fallback = this.options.fallbackLng;
    const more = typeof fallback === 'function' ? fallback(lng) : fallback === false ? [] : list(fallback);
    return [lng, ...more.filter((code) => code !== lng)];
  }

  private load(lngs: string[], namespaces: string[]): Promise<void> {
    const all: Promise<void>[] = [];
    for (const lng of lngs.flatMap((code) => this.languages(code)))
      for (const ns of namespaces) {
        const id = `${lng}|${ns}`;
        if (this.store[lng]?.[ns] || !this.backend) continue;
        let loading = this.loads.get(id);
        if (!loading) {
          const backend = this.backend;
          const read = () =>
            new Promise<Tree>((resolve, reject) => backend.read(lng, ns, (error, data) => (error ? reject(error) : resolve(data ?? {}))));
          // One retry after a short wait for a chunk that failed on a flaky connection.
          loading = read()
            .catch(() => new Promise<Tree>((resolve) => setTimeout(() => read().then(resolve, () => resolve({})), 350)))
            .then((data) => {
              this.store[lng] = { ...this.store[lng], [ns]: data };
            });
          this.loads.set(id, loading);
        }
        all.push(loading);
      }
    return Promise.all(all).then(() => undefined);
  }

  /** True when every namespace is there (or settled) for the language and its fallbacks: no need to suspend. */
  hasLoadedNamespaces(namespaces: string[], lng = this.language) {
    return this.languages(lng).every((code) => namespaces.every((ns) => this.store[code]?.[ns] || !this.backend));
  }

  loadNamespaces(ns: string | string[]): Promise<void> {
    for (const n of list(ns)) if (!this.options.ns.includes(n)) this.options.ns.push(n);
    return this.load([this.language], list(ns));
  }

  /** Loads every namespace already in use for the new language, then switches (as i18next: no screen goes blank). */
  changeLanguage(lng: string): Promise<TFunction> {
    return this.load([lng], this.options.ns).then(() => {
      if (lng !== this.language) {
        this.language = this.resolvedLanguage = lng;
        this.emit();
      }
      return this.t;
    });
  }

  on(_event: 'languageChanged', listener: (language: string) => void) {
    this.listeners.add(listener);
  }

  off(_event: 'languageChanged', listener: (language: string) => void) {
    this.listeners.delete(listener);
  }

  private emit() {
    for (const listener of this.listeners) listener(this.language);
  }

  t: TFunction = (key, options) => this.translate(key, options);

  getFixedT(lng: string | null, ns?: string | string[]): TFunction {
    return (key, options) => this.translate(key, { ...options, lng: options?.lng ?? lng ?? undefined, ns: options?.ns ?? ns });
  }

  private translate(fullKey: string, options: Options = {}): string {
    let namespaces = list(options.ns ?? this.options.defaultNS);
    let key = fullKey;
    const colon = fullKey.indexOf(':');
    if (colon > 0) {
      namespaces = [fullKey.slice(0, colon)];
      key = fullKey.slice(colon + 1);
    }
    const count = options.count;
    const plural = typeof count === 'number';
    let found: unknown;
    for (const ns of namespaces)
      for (const lng of this.languages(options.lng ?? this.language)) {
        if (found !== undefined) break;
        const keys = [key];
        if (plural) {
          const rules = plurals.get(lng) ?? new Intl.PluralRules(lng);
          plurals.set(lng, rules);
          keys.unshift(`${key}_${rules.select(count)}`);
          if (count === 0) keys.unshift(`${key}_zero`);
        }
        for (const candidate of keys) {
          if (found !== undefined) break;
          const value = candidate.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], this.store[lng]?.[ns]);
          if (value !== undefined && value !== null) found = value;
        }
      }
    const text = typeof found === 'string' ? found : options.defaultValue !== undefined ? String(options.defaultValue) : key;
    return text.replace(/\{\{(.+?)\}\}/g, (written, name: string) => {
      const variable = name.trim();
      const value = variable.split('.').reduce<unknown>((node, part) => (node as Tree | undefined)?.[part], options);
      if (value === undefined) return Object.hasOwn(options, variable) ? '' : written;
      return value === null ? '' : String(value);
    });
  }
}

const i18next = new I18n();

/** A separate instance, for tests. */
export { I18n };
export default i18next;
