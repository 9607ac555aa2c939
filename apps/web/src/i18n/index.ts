import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALES, type Locale } from '@swapu/shared/constants';
import { ERROR_CATALOGUE } from '@swapu/shared/errors';
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
    const load = loaders[`./${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load()
      .then((m) => callback(null, m.default))
      .catch((err: Error) => callback(err, null));
  },
};

export const LANG_STORAGE_KEY = 'swapu.lang';

export function detectLocale(): Locale {
  try {
    const stored = window.localStorage.getItem(LANG_STORAGE_KEY);
    if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  } catch {
    // storage may be unavailable (private mode)
  }
  return navigator.language?.toLowerCase().startsWith('pt') ? 'pt-PT' : 'en-US';
}

const errorsIn = (key: 'en' | 'pt') =>
  Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([code, m]) => [code, m[key]]));

export async function initI18n(lng: Locale = detectLocale()) {
  await i18n
    .use(backend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: 'en-US',
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      ns: ['common', 'categories', 'posts', 'errors'],
      defaultNS: 'common',
      partialBundledLanguages: true,
      // A missing or empty pt-PT string falls back to English.
      returnEmptyString: false,
      returnNull: false,
      interpolation: { escapeValue: false },
      resources: {
        'en-US': { common, categories, posts, errors: errorsIn('en') },
        'pt-PT': { errors: errorsIn('pt') },
      },
      react: { useSuspense: true },
    });
  document.documentElement.lang = i18n.language;
  i18n.on('languageChanged', (l) => {
    document.documentElement.lang = l;
    try {
      window.localStorage.setItem(LANG_STORAGE_KEY, l);
    } catch {
      // ignore
    }
  });
  return i18n;
}

export default i18n;
