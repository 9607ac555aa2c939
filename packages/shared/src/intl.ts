/**
 * Intl formatters, made once per locale and options and then reused. Constructing one is costly
 * (the locale's data is looked up and resolved each time): on Lighthouse's throttled phone the
 * profile page spent a 120 ms task building the footer's one year formatter, and a list built a
 * formatter per row. A formatter is immutable, so sharing one is safe. The cache is small by
 * nature: a handful of option sets times the two languages (and a time zone or two).
 */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();
const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

function cached<F, O extends object>(cache: Map<string, F>, make: (locale: string, options: O) => F, locale: string, options: O): F {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make(locale, options);
    cache.set(key, format);
  }
  return format;
}

/**
 * The locale dates and times are written in. SwapU's English words are the spec's en-US texts, but
 * its members are Australian: in English, dates and times follow en-AU (2 Dec 2026, Wed 9 Dec,
 * 2:30 pm). Portuguese stays pt-PT.
 */
export const dateLocale = (locale: string) => (locale.toLowerCase().startsWith('en') ? 'en-AU' : locale);

/** Dates and times in `locale`'s words, written as Australians write them in English (dateLocale). */
export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached(dateTimeFormats, (l, o) => new Intl.DateTimeFormat(l, o), dateLocale(locale), options);

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, (l, o) => new Intl.NumberFormat(l, o), locale, options);

export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}) =>
  cached(relativeTimeFormats, (l, o) => new Intl.RelativeTimeFormat(l, o), locale, options);
