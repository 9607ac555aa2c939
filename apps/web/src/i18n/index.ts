import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@swapu/shared/constants';
import categories from './en-US/categories.json';
import common from './en-US/common.json';
import posts from './en-US/posts.json';

// Every catalogue file becomes its own small chunk, fetched when a page needs it.
const loaders = import.meta.glob<{ default: Record<string, unknown> }>([
  './*/*.json',
  '!./en-US/common.json',
  '!./en-US/categories.json',
  '!./en-US/posts.json',
]);

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace === 'errors') {
      loadErrors(language).then(
        (r) => callback(null, r),
        (err: Error) => callback(err, null),
      );
      return;
    }
    const load = loaders[`./${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load()
      .then((m) => callback(null, m.default))
      .catch((err: Error) => callback(err, null));
  },
};

export const LANG_STORAGE_KEY = 'swapu.lang';
/** The same choice as a cookie, so the server sends a first page in it (pages.routes.ts). */
const LANG_COOKIE = 'swapu_lang';
const rememberForServer = (l: string) => {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(l)}; path=/; max-age=31536000; samesite=lax`;
};

export function detectLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
    if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  } catch {
    // storage may be unavailable (private mode)
  }
  return navigator.language?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
}

/** The error catalogue of the shared package as an i18n namespace, loaded on demand. */
const loadErrors = async (language: string) => {
  const { ERROR_CATALOGUE } = await import('@swapu/shared/errors');
  const key = language.startsWith('pt') ? 'pt' : 'en';
  return Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, m]) => [code, m[key]]));
};

export async function initI18n(lng: Locale = detectLocale()) {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en-US',
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['common', 'categories', 'posts'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      // A missing or empty pt-PT string falls back to English.
      returnEmptyString: false,
      returnNull: false,
      interpolation: { escapeValue: false },
      resources: {
        'en-US': { common, categories, posts },
      },
      react: { useSuspense: true },
    });
  document.documentElement.lang = i18n.language;
  rememberForServer(i18n.language);
  // Fetched right after the first paint, long before anyone needs an error message.
  void i18n.loadNamespaces('errors');
  i18n.on('languageChanged', (l) => {
    document.documentElement.lang = l;
    rememberForServer(l);
    try {
      window.localStorage.setItem(LANG_STORAGE_KEY, l);
    } catch {
      // ignore
    }
  });
  return i18n;
}

export default i18n;
