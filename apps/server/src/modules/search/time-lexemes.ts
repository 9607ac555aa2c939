/**
 * The time lexemes of the search vector (migrations 0013, 0016 and 0045): the month an item went
 * live ('pm202611'), its ISO week ('pw202648') and its day ('pd20261204'), UTC. Rank windows and
 * counts ask for the newest matches through them (decision 0011).
 */

/** The month lexemes a window starting at `top` asks first, and where they end. */
export function windowMonths(top: Date): { months: string; olderMonth: Date } {
  const olderMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() - 1, 1));
  const nextMonth = new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth() + 1, 1));
  return { months: [nextMonth, top, olderMonth].map((m) => `'${monthLexeme(m)}'`).join(' | '), olderMonth };
}

/** The month before `month` and `n - 1` more before it, one lexeme each, newest first, with when each began. */
export function monthsBefore(month: Date, n: number): { lexeme: string; start: Date }[] {
  return Array.from({ length: n }, (_, i) => {
    const start = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() - 1 - i, 1));
    return { lexeme: `'${monthLexeme(start)}'`, start };
  });
}

const DAY_MS = 86_400_000;

/** The ISO year and week of a UTC instant, as the week lexeme writes it ('202648'). */
export function isoWeek(d: Date): string {
  const day = d.getUTCDay() || 7; // Monday 1 … Sunday 7
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - day));
  const year = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY_MS / 7) + 1;
  return `${year}${String(week).padStart(2, '0')}`;
}

/** The most weeks a window asks first: four weeks back never reach before the months' start. */
export const MAX_WINDOW_WEEKS = 4;

/** The week lexemes of `top`'s week and the `count - 1` before it, and when the first began (Monday, UTC). */
export function windowWeeks(top: Date, count: number): { weeks: string; start: Date } {
  const day = top.getUTCDay() || 7;
  const monday = (back: number) => new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth(), top.getUTCDate() - (day - 1) - 7 * back));
  const mondays = Array.from({ length: count }, (_, i) => monday(i));
  return { weeks: mondays.map((d) => `'pw${isoWeek(d)}'`).join(' | '), start: mondays.at(-1)! };
}

/** The most days a window asks first; more and it asks weeks. */
export const MAX_WINDOW_DAYS = 7;

/**
 * Day lexemes are asked only this many days back from now: migration 0045 wrote them into the items
 * of the 35 days before it ran, and every item since has one from the trigger; older items may not.
 */
export const DAY_LEXEMES_SINCE_DAYS = 28;

/**
 * The day lexemes of `top`'s UTC day and the `count - 1` before it, and when the first began; null
 * when those days reach further back than day lexemes are sure to exist (DAY_LEXEMES_SINCE_DAYS
 * before `now`).
 */
export function windowDays(top: Date, count: number, now: Date): { days: string; start: Date } | null {
  const day = (back: number) => new Date(Date.UTC(top.getUTCFullYear(), top.getUTCMonth(), top.getUTCDate() - back));
  const starts = Array.from({ length: count }, (_, i) => day(i));
  const start = starts.at(-1)!;
  if (start.getTime() < now.getTime() - DAY_LEXEMES_SINCE_DAYS * DAY_MS) return null;
  return { days: starts.map((d) => `'${dayLexeme(d)}'`).join(' | '), start };
}

const dayLexeme = (d: Date) =>
  `pd${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}${String(d.getUTCDate()).padStart(2, '0')}`;

const monthLexeme = (d: Date) => `pm${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
