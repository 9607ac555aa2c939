import type Holidays from 'date-holidays';
import { lazyModule } from '../../lib/lazy-module';

/**
 * Business days for pickups and delivery estimates (PRODUCT.md "Delivery"): Monday to Friday,
 * and not a public holiday in the state (date-holidays' Australian calendars). Dates are
 * calendar days written YYYY-MM-DD, in the state's own time zone.
 */
export const AU_STATES = ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

const TIME_ZONES: Record<AuState, string> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};

const holidays = lazyModule<typeof Holidays>('date-holidays');
const calendars = new Map<AuState, Holidays>();
const calendar = (state: AuState) => {
  let c = calendars.get(state);
  if (!c) {
    c = new (holidays())('AU', state, { types: ['public'] });
    calendars.set(state, c);
  }
  return c;
};

export const isAuState = (s: string): s is AuState => (AU_STATES as readonly string[]).includes(s);

/** Today in the state, as YYYY-MM-DD. */
export const todayIn = (state: AuState, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONES[state], year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** The public holiday on that day in the state, if any (its name). */
export function publicHoliday(day: string, state: AuState): string | null {
  // Noon in the state: date-holidays answers for the moment given, in the calendar's zone.
  const found = calendar(state).isHoliday(new Date(`${day}T12:00:00Z`));
  const hit = Array.isArray(found) ? found.find((h) => h.date.startsWith(day) && h.type === 'public') : undefined;
  return hit ? hit.name : null;
}

export function isBusinessDay(day: string, state: AuState): boolean {
  const dow = utcDay(day).getUTCDay();
  return dow !== 0 && dow !== 6 && !publicHoliday(day, state);
}

/** The first business day on or after `day`. */
export function businessDayFrom(day: string, state: AuState): string {
  let d = utcDay(day);
  while (!isBusinessDay(dayOf(d), state)) d = new Date(d.getTime() + 86_400_000);
  return dayOf(d);
}

/** `n` business days after `day` (in the receiving state's calendar). */
export function addBusinessDays(day: string, n: number, state: AuState): string {
  let d = utcDay(day);
  let left = n;
  while (left > 0) {
    d = new Date(d.getTime() + 86_400_000);
    if (isBusinessDay(dayOf(d), state)) left -= 1;
  }
  return dayOf(d);
}

/**
 * Why a pickup day cannot be booked, or null when it can: today or later in the sender's state,
 * a weekday, and not a public holiday there ('Please choose a business day that is not a public
 * holiday').
 */
export function pickupDateProblem(day: string, state: AuState, now: Date): 'pickup_date_invalid' | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day) || Number.isNaN(utcDay(day).getTime()) || dayOf(utcDay(day)) !== day) return 'pickup_date_invalid';
  if (day < todayIn(state, now)) return 'pickup_date_invalid';
  return isBusinessDay(day, state) ? null : 'pickup_date_invalid';
}
