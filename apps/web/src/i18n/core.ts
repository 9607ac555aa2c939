/**
 * SwapU's translator (docs/decisions/0022): the part of i18next the app uses, in about 2 KB
 * instead of 16 KB of the first page's JavaScript. Catalogues are i18next's JSON (nested keys,
 * `ns:key`, `{{value}}` and `{{value, number}}`, plural keys `_one`/`_other` chosen with
 * Intl.PluralRules), so they did not change. i18n/core.test.ts pins the behaviour.
 */

export type Catalogue = { [key: string]: unknown };
/** A language's namespaces. */
export type Resources = Record<string, Record<string, Catalogue>>;

export interface TOptions {
  /** Chooses the plural form (`key_one`, `key_other`, …) and fills `{{count}}`. */
  count?: number;
  /** What to show when no catalogue has the key. */
  defaultValue?: string;
  /** The namespace(s) to look in, in order, when the key names none. */
  ns?: string | readonly string[];
  /** Another language than the current one. */
  lng?: string;
  /** Answers a nested object or array of the catalogue as it is (strings filled in). */
  returnObjects?: boolean;
  [value: string]: unknown;
}

/** A key, or keys tried in order (the first one a catalogue has wins). */
export type TKey = string | readonly string[];

export interface TFunction {
  (key: TKey, options: TOptions & { returnObjects: true }): unknown;
  (key: TKey, defaultValueOrOptions?: string | TOptions): string;
}

export interface I18nOptions {
  lng: string;
  fallbackLng: string;
  defaultNS: string;
  /** Catalogues there from the start. */
  resources?: Resources;
  /** Fetches a language's namespace (the app's catalogue chunks). */
  load?: (lng: string, ns: string) => Promise<Catalogue>;
  /** Told when a namespace could not load (it then counts as empty). */
  onLoadError?: (err: unknown, lng: string, ns: string) => void;
}

type Listener = () => void;

const NS_SEPARATOR = ':';
const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,\s*(\w+)\s*)?\}\}/g;

function lookup(catalogue: Catalogue | undefined, key: string): unknown {
  if (!catalogue) return undefined;
  if (key in catalogue) return catalogue[key];
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return node;
}

const plurals = new Map<string, Intl.PluralRules>();
function pluralForm(lng: string, count: number): string {
  let rules = plurals.get(lng);
  if (!rules) {
    rules = new Intl.PluralRules(lng);
    plurals.set(lng, rules);
  }
  return rules.select(count);
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function formatValue(value: unknown, format: string | undefined, lng: string): string {
  if (format === 'number' && typeof value === 'number') {
    let nf = numberFormats.get(lng);
    if (!nf) {
      nf = new Intl.NumberFormat(lng);
      numberFormats.set(lng, nf);
    }
    return nf.format(value);
  }
  return String(value);
}

/** Fills `{{name}}` and `{{name, number}}`; a value not given leaves its placeholder, as i18next does. */
function interpolate(text: string, values: TOptions, lng: string): string {
  if (!text.includes('{{')) return text;
  return text.replace(PLACEHOLDER, (match, name: string, format: string | undefined) => {
    const value = name
      .split('.')
      .reduce<unknown>((v, p) => (v !== null && typeof v === 'object' ? (v as Catalogue)[p] : undefined), values);
    return value === undefined || value === null ? match : formatValue(value, format, lng);
  });
}

function fillDeep(value: unknown, values: TOptions, lng: string): unknown {
  if (typeof value === 'string') return interpolate(value, values, lng);
  if (Array.isArray(value)) return value.map((v) => fillDeep(v, values, lng));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, values, lng)]));
  }
  return value;
}

export class I18n {
  language: string;
  readonly options: I18nOptions;
  private readonly store: Resources = {};
  /** `lng|ns` pairs asked for, loaded or loading. */
  private readonly pending = new Map<string, Promise<void>>();
  private readonly loaded = new Set<string>();
  /** Every namespace anyone has used: a change of language loads them all first. */
  private readonly used = new Set<string>();
  private readonly listeners = new Map<string, Set<(lng: string) => void>>();
  private readonly subscribers = new Set<Listener>();
  private version = 0;

  /** `t` in the current language and the default namespace. */
  readonly t: TFunction;

  constructor(options: I18nOptions) {
    this.options = options;
    this.t = this.getFixedT(null);
    this.language = options.lng;
    this.used.add(options.defaultNS);
    for (const [lng, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [ns, catalogue] of Object.entries(namespaces)) this.addCatalogue(lng, ns, catalogue);
    }
  }

  /** The languages a lookup tries, in order: the asked one, then the fallback. */
  private codes(lng: string): string[] {
    return lng === this.options.fallbackLng ? [lng] : [lng, this.options.fallbackLng];
  }

  addCatalogue(lng: string, ns: string, catalogue: Catalogue) {
    (this.store[lng] ??= {})[ns] = catalogue;
    this.loaded.add(`${lng}|${ns}`);
    this.used.add(ns);
  }

  hasLoadedNamespace(ns: string, lng = this.language): boolean {
    return this.codes(lng).every((code) => this.loaded.has(`${code}|${ns}`));
  }

  /** Loads namespaces in the current language and the fallback; settles when all are in (a failed one counts as empty). */
  loadNamespaces(ns: string | readonly string[], lng = this.language): Promise<void> {
    const names = typeof ns === 'string' ? [ns] : ns;
    const jobs: Promise<void>[] = [];
    for (const name of names) {
      this.used.add(name);
      for (const code of this.codes(lng)) {
        const id = `${code}|${name}`;
        if (this.loaded.has(id)) continue;
        let job = this.pending.get(id);
        if (!job) {
          const load = this.options.load;
          job = (load ? load(code, name) : Promise.resolve({}))
            .catch((err: unknown) => {
              console.warn(`translations ${id} could not load`, err);
              this.options.onLoadError?.(err, code, name);
              return {};
            })
            .then((catalogue) => {
              // No re-render of the app for this: a component waiting for the namespace is
              // suspended and retries when the load settles; the others do not use it.
              this.addCatalogue(code, name, catalogue);
              this.pending.delete(id);
            });
          this.pending.set(id, job);
        }
        jobs.push(job);
      }
    }
    return Promise.all(jobs).then(() => undefined);
  }

  /** Sets the language at start, its catalogues already loaded (no languageChanged event). */
  setLanguage(lng: string) {
    this.language = lng;
    this.changed();
  }

  /** Switches language once every namespace in use has its catalogue in the new one. */
  async changeLanguage(lng: string): Promise<void> {
    await this.loadNamespaces([...this.used], lng);
    this.language = lng;
    this.changed();
    for (const listener of this.listeners.get('languageChanged') ?? []) listener(lng);
  }

  on(event: 'languageChanged', listener: (lng: string) => void) {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
  }

  off(event: 'languageChanged', listener: (lng: string) => void) {
    this.listeners.get(event)?.delete(listener);
  }

  /** For React: called when the language changes (components then render in it). */
  subscribe = (listener: Listener) => {
    this.subscribers.add(listener);
    return () => {
      this.subscribers.delete(listener);
    };
  };

  /** Changes with the language. */
  getVersion = () => this.version;

  private changed() {
    this.version++;
    for (const s of this.subscribers) s();
  }

  private resolve(key: string, options: TOptions, namespaces: readonly string[]): unknown {
    let name = key;
    let nsList = namespaces;
    const sep = key.indexOf(NS_SEPARATOR);
    if (sep > 0) {
      nsList = [key.slice(0, sep)];
      name = key.slice(sep + 1);
    }
    const lng = options.lng ?? this.language;
    for (const ns of nsList) {
      for (const code of this.codes(lng)) {
        const catalogue = this.store[code]?.[ns];
        const form = typeof options.count === 'number' ? pluralForm(code, options.count) : null;
        // A form a catalogue does not write (pt-PT's "many", for a million and more) reads as "other".
        const candidates = form ? [`${name}_${form}`, `${name}_other`, name] : [name];
        for (const candidate of candidates) {
          const value = lookup(catalogue, candidate);
          // An empty or missing string falls back (returnEmptyString: false in i18next).
          if (value === undefined || value === null || value === '') continue;
          if (typeof value === 'object' && !options.returnObjects) continue;
          return value;
        }
      }
    }
    return undefined;
  }

  /** Whether any catalogue has the key (in the current language or the fallback). */
  exists(key: string, options: TOptions = {}): boolean {
    return this.resolve(key, options, [this.options.defaultNS]) !== undefined;
  }

  /** A `t` bound to a language (null: the current one) and namespace(s). */
  getFixedT(lng: string | null, ns?: string | readonly string[]): TFunction {
    const fixed = ns === undefined ? [this.options.defaultNS] : typeof ns === 'string' ? [ns] : ns;
    return ((keys: TKey, arg?: string | TOptions) => {
      const options: TOptions = typeof arg === 'string' ? { defaultValue: arg } : { ...arg };
      if (lng && !options.lng) options.lng = lng;
      const namespaces = options.ns === undefined ? fixed : typeof options.ns === 'string' ? [options.ns] : options.ns;
      const language = options.lng ?? this.language;
      const list = typeof keys === 'string' ? [keys] : keys;
      let value: unknown;
      for (const key of list) {
        value = this.resolve(key, options, namespaces);
        if (value !== undefined) break;
      }
      if (value === undefined) {
        const key = list[list.length - 1] ?? '';
        const fallback = options.defaultValue ?? (key.includes(NS_SEPARATOR) ? key.slice(key.indexOf(NS_SEPARATOR) + 1) : key);
        return interpolate(fallback, options, language);
      }
      return typeof value === 'string' ? interpolate(value, options, language) : fillDeep(value, options, language);
    }) as TFunction;
  }
}

export const createI18n = (options: I18nOptions) => new I18n(options);
