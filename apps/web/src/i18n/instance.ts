import { reportError } from '../lib/analytics';
import { createI18n } from './core';
import categories from './en-US/categories.json';
import common from './en-US/common.json';
import posts from './en-US/posts.json';

// Every catalogue file becomes its own small chunk, fetched when a page needs it; the three the
// first page needs in English come with the app.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './*/*.json',
  '!./en-US/common.json',
  '!./en-US/categories.json',
  '!./en-US/posts.json',
]);

/** The error catalogue of the shared package as a namespace, loaded on demand. */
const loadErrors = async (language: string) => {
  const { ERROR_CATALOGUE } = await import('@swapu/shared/errors');
  const key = language.startsWith('pt') ? 'pt' : 'en';
  return Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, m]) => [code, m[key]]));
};

/** The browser's translator; i18n/index.ts sets its language at start. */
export const i18n = createI18n({
  lng: 'en-US',
  fallbackLng: 'en-US',
  defaultNS: 'common',
  resources: { 'en-US': { common, categories, posts } },
  async load(lng, ns) {
    if (ns === 'errors') return loadErrors(lng);
    const file = `./${lng}/${ns}.json`;
    const load = loaders[file];
    // Spec section 8: a missing locale module gives MODULE_NOT_FOUND (reported below; the texts
    // then come from the English catalogue, or the default the code gives).
    if (!load) throw Object.assign(new Error(`Cannot find module '${file}'`), { code: 'MODULE_NOT_FOUND' });
    return (await load()).default;
  },
  onLoadError: (err) => reportError(err, 'i18n', 'MODULE_NOT_FOUND'),
});
