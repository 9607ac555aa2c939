import {
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useContext,
  useMemo,
  useSyncExternalStore,
} from 'react';
import type { I18n, TFunction, TOptions } from './core';
import { i18n as appI18n } from './instance';

const I18nContext = createContext<I18n>(appI18n);

/** Gives a subtree its own translator (the server renders each language with its own). */
export function I18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

/**
 * The translator for a component: `t` looks in the first namespace named (or the default one)
 * unless a key names its own (`errors:code`). Suspends until every namespace named is loaded in
 * the current language and the fallback, and re-renders when the language changes (not when
 * some other namespace loads: that would re-render the whole app, as react-i18next also avoids).
 */
export function useTranslation(ns?: string | readonly string[]): { t: TFunction; i18n: I18n } {
  const i18n = useContext(I18nContext);
  const version = useSyncExternalStore(i18n.subscribe, i18n.getVersion, i18n.getVersion);
  const namespaces = ns === undefined ? [i18n.options.defaultNS] : typeof ns === 'string' ? [ns] : ns;
  const first = namespaces[0];
  // A new `t` whenever the language changes, so memoised text is worked out again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(null, first), [i18n, first, version]);
  const missing = namespaces.filter((n) => !i18n.hasLoadedNamespace(n));
  // Suspense: the nearest boundary shows its fallback until the catalogues are in.
  if (missing.length > 0) throw i18n.loadNamespaces(missing);
  return { t, i18n };
}

const TAG = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/gs;

/** Text with `<name>inner</name>` or `<name/>` turned into the given elements. */
function withComponents(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let i = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) out.push(text.slice(last, match.index));
    const name = match[1] ?? match[3]!;
    const component = components[name];
    const inner = match[2];
    if (component && isValidElement(component)) {
      out.push(cloneElement(component, { key: `c${i++}` }, ...(inner === undefined ? [] : withComponents(inner, components))));
    } else {
      out.push(inner ?? '');
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** A translation whose text holds links or other elements: `<terms>…</terms>` becomes `components.terms`. */
export function Trans({
  t,
  i18nKey,
  components = {},
  values,
}: {
  t: TFunction;
  i18nKey: string;
  components?: Record<string, ReactElement>;
  values?: TOptions;
}) {
  return <Fragment>{withComponents(t(i18nKey, values), components)}</Fragment>;
}
