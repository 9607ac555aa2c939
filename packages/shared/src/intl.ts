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

export const dateTimeFormat = (locale: string, options: Intl.DateTimeFormatOptions = {}) =>
  cached(dateTimeFormats, (l, o) => new Intl.DateTimeFormat(l, o), locale, options);

export const numberFormat = (locale: string, options: Intl.NumberFormatOptions = {}) =>
  cached(numberFormats, (l, o) => new Intl.NumberFormat(l, o), locale, options);

export const relativeTimeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions = {}) =>
  cached(relativeTimeFormats, (l, o) => new Intl.RelativeTimeFormat(l, o), locale, options);
