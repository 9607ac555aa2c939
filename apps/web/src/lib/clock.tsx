import { createContext, type ReactNode, startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { dateTimeFormat } from '@swapu/shared/intl';
import { formatDateTime, formatMonthYear, formatRelative } from './format';

/**
 * The time a page is drawn at, and the time zone its dates are shown in (undefined: the
 * browser's own). A page the server rendered is first drawn at the server's moment and in its
 * zone, so that hydration produces the very same text ("3 min ago", a blog post's date); then
 * the browser's clock and zone take over. The clock ticks each minute, so "just now" ages.
 */
export interface Clock {
  now: number;
  timeZone: string | undefined;
}

/** The zone the server renders dates in: SwapU's members are in Australia, most on the east coast. */
export const SERVER_TIME_ZONE = 'Australia/Sydney';

const TICK_MS = 60_000;
const ClockContext = createContext<Clock | null>(null);

const browserClock = (): Clock => ({ now: Date.now(), timeZone: undefined });

/** `initial`: the server's clock when hydrating its page; otherwise the browser's from the start. */
export function ClockProvider({ initial, children }: { initial?: Clock; children: ReactNode }) {
  const [clock, setClock] = useState<Clock>(() => initial ?? browserClock());
  useEffect(() => {
    // After hydration (effects run once the page is the server's), the browser's own time.
    // Always as a transition: this provider sits above the page's <Suspense>, which React
    // hydrates after the shell, at its lowest priority and in slices. An ordinary update here,
    // while that boundary is still dehydrated, makes React hydrate the whole page at the update's
    // priority in one piece: a 560–860 ms task on Lighthouse's throttled phone, nearly all of the
    // Total Blocking Time (home page performance 88–90 → 99 with this; decision 0020).
    if (typeof window !== 'undefined' && initial) startTransition(() => setClock(browserClock()));
    const timer = setInterval(() => startTransition(() => setClock(browserClock())), TICK_MS);
    return () => clearInterval(timer);
    // `initial` matters only for the first render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return <ClockContext.Provider value={clock}>{children}</ClockContext.Provider>;
}

/** The current clock (outside a provider, as in a unit test: the browser's, now). */
export function useClock(): Clock {
  return useContext(ClockContext) ?? browserClock();
}

/** Date formatting for the current language, at the page's clock and in its time zone. */
export function useDates() {
  const { now, timeZone } = useClock();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useMemo(
    () => ({
      now,
      /** "3 min ago", "yesterday". */
      relative: (iso: string) => formatRelative(iso, lang, now),
      /** "24 Nov 2026, 3:05 pm". */
      dateTime: (iso: string) => formatDateTime(iso, lang, timeZone),
      /** "November 2026". */
      monthYear: (iso: string) => formatMonthYear(iso, lang, timeZone),
      /** The year it is now (in the browser's own zone, no formatter is needed). */
      year: timeZone ? Number(dateTimeFormat('en-US', { year: 'numeric', timeZone }).format(now)) : new Date(now).getFullYear(),
    }),
    [now, timeZone, lang],
  );
}
