import { LOCALES, type Locale } from '@swapu/shared/constants';
import { i18n } from './instance';

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

let started = false;

/** Sets the language and loads the first page's catalogues in it (a missing pt-PT string falls back to English). */
export async function initI18n(lng: Locale = detectLocale()) {
  await i18n.loadNamespaces(['common', 'categories', 'posts'], lng);
  i18n.setLanguage(lng);
  document.documentElement.lang = i18n.language;
  rememberForServer(i18n.language);
  // Fetched right after the first paint, long before anyone needs an error message.
  void i18n.loadNamespaces('errors');
  if (!started) {
    started = true;
    i18n.on('languageChanged', (l) => {
      document.documentElement.lang = l;
      rememberForServer(l);
      try {
        window.localStorage.setItem(LANG_STORAGE_KEY, l);
      } catch {
        // ignore
      }
    });
  }
  return i18n;
}

export { i18n };
export default i18n;
