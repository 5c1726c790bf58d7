import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode, useMemo, useSyncExternalStore } from 'react';
import i18next, { type TFunction } from './i18next.ts';

/**
 * The part of react-i18next the site uses, for the browser build (aliased in vite.config.ts; see ./i18next.ts and
 * decision 068). As react-i18next with `useSuspense: true`: a component suspends until its namespaces have loaded,
 * renders again when the language changes, and its `t` reads the first namespace it names (`ns:key` for the others).
 */

export const initReactI18next = { type: '3rdParty' as const, init() {} };

const subscribe = (onChange: () => void) => {
  i18next.on('languageChanged', onChange);
  return () => i18next.off('languageChanged', onChange);
};
const language = () => i18next.language;

export function useTranslation(ns?: string | readonly string[]) {
  const lng = useSyncExternalStore(subscribe, language, language);
  const namespaces = ns === undefined ? [i18next.options.defaultNS] : typeof ns === 'string' ? [ns] : [...ns];
  const first = namespaces[0];
  const t = useMemo(() => i18next.getFixedT(lng, first), [lng, first]);
  if (!i18next.hasLoadedNamespaces(namespaces, lng)) throw i18next.loadNamespaces(namespaces);
  // react-i18next answers both `{ t }` and `[t]`.
  return Object.assign([t, i18next, true] as const, { t, i18n: i18next, ready: true });
}

type TransProps = { t?: TFunction; i18nKey: string; values?: Record<string, unknown>; components?: Record<string, ReactNode> };

/** `<name>text</name>` in the translation becomes the element `components[name]` holding that text. */
export function Trans({ t = i18next.t, i18nKey, values, components = {} }: TransProps) {
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  let at = 0;
  for (const m of text.matchAll(/<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/g)) {
    parts.push(text.slice(at, m.index));
    const element = components[(m[1] ?? m[3]) as string];
    const inner = m[2];
    if (!isValidElement(element)) parts.push(inner);
    else if (inner === undefined) parts.push(cloneElement(element as ReactElement, { key: m.index }));
    else parts.push(cloneElement(element as ReactElement, { key: m.index }, inner));
    at = m.index + m[0].length;
  }
  parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}
