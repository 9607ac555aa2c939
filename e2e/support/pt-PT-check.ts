import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ERROR_CATALOGUE } from '../../packages/shared/src/errors';
import { englishWords } from '../../apps/web/src/i18n/english-check';
import { expect, openInApp, test } from './test';

/**
 * Every page of the app in pt-PT shows no English (proper nouns aside): the check behind
 * e2e/pt-PT-browse.spec.ts and e2e/pt-PT-account.spec.ts (the pages they visit:
 * e2e/support/pt-PT-pages.ts).
 *
 * Each page of apps/web/src/app/router.tsx is visited in Portuguese, chosen as a person chooses
 * it (the language menu in the header): the public pages as a guest, the guest-blocked ones as a
 * member, /admin and each of its sections as an admin, with real ids made through the API. On
 * each page the h1 must show, then everything a person reads is judged:
 *
 * - the text of every visible element, and the attributes read aloud or shown on hover:
 *   aria-label, aria-roledescription, aria-valuetext, placeholder, title, alt (and the page's
 *   <title>, the options of a <select>, the value of an <input type="submit">);
 * - a text is English when it is an en-US catalogue string (or a server error message) that is
 *   not also a pt-PT one, when it fits an en-US string with {{placeholders}}, or when it holds a
 *   common English word (apps/web/src/i18n/english-check.ts: "the", "your", "items", "Feb"…,
 *   proper nouns such as SwapU and Swap Swipe taken out first).
 *
 * The rule for user content: what members wrote (listing titles and descriptions, names, chat and
 * offer messages, reviews, blog posts) and records kept as they were made (the subjects of emails
 * sent, in their recipient's language) are shown as they are, in whatever language. Components
 * mark them:
 *
 * - `data-user-content` on an element: it and everything inside it is user content, not checked;
 * - `data-user-content="aria-label title"`: only those attributes are (a link named after a
 *   listing's title, say); the element's own text and its children are checked as usual.
 *
 * Also not checked: avatars (a member's photo or initials), code (<code>, <pre>: JSON, request
 * lines), the titles of published works (<cite>), and the frames of email previews (<iframe>).
 * Text that fits a pt-PT catalogue string with its {{values}} filled in ("Editar: {{title}}") is
 * Portuguese: its values are data (names, titles, counts), judged only for English dates and
 * numbers.
 *
 * A page fails naming itself and each English text with where it was. A page whose h1 does not
 * show, that ends somewhere else than expected, or on which too little text was checked fails as
 * well: nothing is skipped silently.
 */

// ---------- What counts as English ----------

const I18N = path.join(import.meta.dirname, '../../apps/web/src/i18n');
function strings(locale: string): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const file of fs.readdirSync(path.join(I18N, locale))) walk(JSON.parse(fs.readFileSync(path.join(I18N, locale, file), 'utf8')));
  return out;
}
/** As a page shows a catalogue string: whitespace collapsed, <tag> markup gone. */
const norm = (s: string) =>
  s
    .replace(/<\/?\w+\s*\/?>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const errors = Object.values(ERROR_CATALOGUE);
const enStrings = [...strings('en-US'), ...errors.map((e) => e.en)].map(norm);
const ptStrings = [...strings('pt-PT'), ...errors.map((e) => e.pt)].map(norm);
const ptSet = new Set(ptStrings);
/** Every word the pt-PT catalogues use ("chat", "email", "design" and "total" among them). */
const ptWords = new Set(ptStrings.flatMap((s) => s.toLowerCase().match(/\p{L}+/gu) ?? []));
/** en-US strings without placeholders that pt-PT never shows (a single word Portuguese also uses is not English). */
const englishExact = new Set(
  enStrings.filter((s) => !s.includes('{{') && /\p{L}/u.test(s) && !ptSet.has(s) && !(/^\p{L}+$/u.test(s) && ptWords.has(s.toLowerCase()))),
);

/**
 * Catalogue strings with placeholders as patterns, when they have a word of their own (three
 * letters or more): "{{count}} items" has, "{{a}} of {{b}}" and "{{name}} · {{date}}" have not.
 */
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACEHOLDERS = /\{\{[^}]*\}\}/g;
const templates = (list: string[]) =>
  [...new Set(list)]
    .filter((s) => s.includes('{{') && /\p{L}{3,}/u.test(s.replace(PLACEHOLDERS, ' ')))
    .map((s) => new RegExp(`^${s.split(PLACEHOLDERS).map(escapeRe).join('(.+?)')}$`, 's'));
/** English ones that fit no pt-PT string. */
const ptFilled = ptStrings.map((s) => s.replace(PLACEHOLDERS, '1'));
const englishTemplates = templates(enStrings.filter((s) => !ptSet.has(s))).filter((re) => !ptFilled.some((p) => re.test(p)));
const portugueseTemplates = templates(ptStrings);

/** Dates and numbers written the English way: month and weekday names Portuguese writes otherwise, am/pm, "1,234.5". */
const DATE_WORDS = new Set(
  (
    'january february march april may june july august september october november december feb apr aug sep sept oct dec ' +
    'monday tuesday wednesday thursday friday saturday sunday mon tue wed thu fri sat sun am pm'
  ).split(' '),
);
const englishDateOrNumber = (s: string) =>
  /\d,\d{3}\.\d/.test(s) || (s.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => DATE_WORDS.has(w));

/** Why a text a person reads is English, or null. */
function whyEnglish(text: string): string | null {
  const t = norm(text);
  if (!t) return null;
  if (englishExact.has(t)) return 'en-US catalogue string';
  const template = englishTemplates.find((re) => re.test(t));
  if (template) return `en-US catalogue pattern ${template.source}`;
  const filled = portugueseTemplates.map((re) => re.exec(t)).find((m) => m);
  if (filled) {
    const values = filled.slice(1).filter(englishDateOrNumber);
    return values.length ? `English date or number in a pt-PT string: ${values.join(' | ')}` : null;
  }
  const words = englishWords(t);
  if (words.length) return `English words: ${[...new Set(words)].join(', ')}`;
  if (englishDateOrNumber(t)) return 'English date or number';
  return null;
}

// ---------- What the page shows ----------

interface Shown {
  /** text, aria-label, placeholder, title, alt, option, document.title */
  kind: string;
  text: string;
  /** The element's whole text, children included (user content left out), when it differs from its own: "Step <b>1</b> of 5". */
  whole?: string;
  where: string;
  inMain: boolean;
}

/** Runs in the page: everything visible a person reads, outside user content and code. */
function collect(): { shown: Shown[]; h1: string | null } {
  const SKIP = new Set(['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE', 'svg', 'CODE', 'PRE', 'CITE', 'IFRAME']);
  const ATTRS = ['aria-label', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'title', 'alt'];
  const shown: Shown[] = [];
  const describe = (el: Element) => {
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const landmark = el.closest('header, footer, nav, main, [role="dialog"]');
    const area = landmark ? (landmark.getAttribute('role') ?? landmark.tagName.toLowerCase()) : 'body';
    return `${area} > ${el.tagName.toLowerCase()}${id ? ` in [data-testid="${id}"]` : ''}`;
  };
  const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true }) || getComputedStyle(el).display === 'contents';
  /** Walks an element: records what it shows, returns its whole text (user content left out). */
  const walk = (el: Element): string => {
    if (SKIP.has(el.tagName) || el.hasAttribute('hidden') || el.classList.contains('mantine-Avatar-root')) return '';
    // Text the page itself marks as English (lang="en": the API's own route summaries, the
    // runtime's metric help) is declared foreign, as HTML means it to be.
    if (/^en\b/i.test(el.getAttribute('lang') ?? '')) return '';
    const userContent = el.getAttribute('data-user-content');
    if (userContent === '' || userContent === 'true') return '';
    const userAttrs = (userContent ?? '').split(/\s+/);
    const style = getComputedStyle(el);
    if (style.display === 'none') return '';
    const isVisible = visible(el);
    const inMain = !!el.closest('main');
    if (isVisible)
      for (const a of ATTRS) {
        const v = el.getAttribute(a);
        if (v?.trim() && !userAttrs.includes(a)) shown.push({ kind: a, text: v, where: describe(el), inMain });
      }
    if (el.tagName === 'SELECT' && isVisible)
      for (const o of Array.from((el as HTMLSelectElement).options))
        shown.push({ kind: 'option', text: o.text, where: describe(el), inMain });
    if (el.tagName === 'INPUT' && ['button', 'submit', 'reset'].includes((el as HTMLInputElement).type) && isVisible)
      shown.push({ kind: 'value', text: (el as HTMLInputElement).value, where: describe(el), inMain });
    let own = '';
    let whole = '';
    for (const node of Array.from(el.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE) {
        own += node.textContent;
        whole += node.textContent;
      } else if (node.nodeType === Node.ELEMENT_NODE && el.tagName !== 'SELECT') whole += walk(node as Element);
    }
    if (own.trim() && isVisible && style.visibility !== 'hidden') {
      const o = own.replace(/\s+/g, ' ').trim();
      const w = whole.replace(/\s+/g, ' ').trim();
      shown.push({ kind: 'text', text: o, ...(w !== o && w.length < 300 ? { whole: w } : {}), where: describe(el), inMain });
    }
    return whole;
  };
  walk(document.body);
  // The page's title often names what it shows (a listing, a blog post): that part is user content.
  let title = document.title;
  for (const el of Array.from(document.querySelectorAll('[data-user-content="true"], [data-user-content=""]'))) {
    const text = (el.textContent ?? '').trim();
    if (text.length > 2) title = title.split(text).join(' ');
  }
  shown.push({ kind: 'document.title', text: title, where: 'head > title', inMain: false });
  const h1 = Array.from(document.querySelectorAll('h1')).find((h) => h.checkVisibility());
  return { shown, h1: h1 ? (h1.textContent ?? '').trim() : null };
}

// ---------- Visiting ----------

export type Role = 'guest' | 'member' | 'admin';
export interface Visit {
  path: string;
  /** Where the page ends up when that is not `path` itself (a redirect the app makes on purpose). */
  lands?: RegExp;
  /** Something a person does on the page before it is judged (a failed sign-in, say). */
  act?: (page: Page) => Promise<void>;
}

/** Chooses Portuguese in the header's language menu, as a person does; the choice is remembered. */
async function choosePortuguese(page: Page) {
  await page.goto('/FAQ');
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('pt-PT');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
  await expect(page.getByRole('combobox', { name: 'Idioma' }).first()).toBeVisible();
}

/** The API requests a page has under way (its data loading). */
const inFlight = new WeakMap<Page, Set<unknown>>();
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => void (isApi(r.url()) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}

/**
 * How long a page may take to draw its heading and finish loading. Generous: in CI the journeys
 * share two cores with the PostgreSQL run, and a slow page is not English.
 */
const SETTLE_MS = 25_000;

/** Waits for a page to settle: its data loaded, no spinner or skeleton left. False if one is left. */
async function settle(page: Page): Promise<boolean> {
  const open = inFlight.get(page)!;
  // Quiet for two looks in a row: a response often starts the next request.
  let quiet = 0;
  for (let i = 0; i < 50 && quiet < 2; i++) {
    await page.waitForTimeout(100);
    quiet = open.size === 0 ? quiet + 1 : 0;
  }
  return expect
    .poll(() => page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root[data-visible="true"]:visible').count(), {
      timeout: SETTLE_MS,
    })
    .toBe(0)
    .then(
      () => true,
      () => false,
    );
}

async function check(page: Page, role: Role, visit: Visit, problems: string[]) {
  const name = `${visit.path} (${role})`;
  // Not waiting for every image (the text is what is judged): the app marks itself live anyway.
  await openInApp(page, visit.path);
  const h1 = page.locator('h1').first();
  try {
    await expect(h1).toBeVisible({ timeout: SETTLE_MS });
  } catch {
    problems.push(`${name}: no h1 showed in ${SETTLE_MS / 1000} s`);
  }
  if (!(await settle(page))) problems.push(`${name}: still loading after ${SETTLE_MS / 1000} s (a spinner or a skeleton is left)`);
  const expected = visit.lands ?? new RegExp(`^${escapeRe(new URL(visit.path, 'http://x').pathname)}$`);
  const pathname = new URL(page.url()).pathname;
  if (!expected.test(pathname)) problems.push(`${name}: ended at ${pathname}, expected ${expected}`);
  if (visit.act) {
    await visit.act(page);
    if (!(await settle(page))) problems.push(`${name}: still loading ${SETTLE_MS / 1000} s after acting on it`);
  }
  await expect(page.locator('html'), name).toHaveAttribute('lang', 'pt-PT');
  const { shown, h1: heading } = await page.evaluate(collect);
  // Not vacuous: the page drew its heading and text of its own, in the main area, was checked.
  const inMain = shown.filter((s) => s.inMain && s.kind === 'text');
  if (!heading) problems.push(`${name}: no visible h1 to check`);
  if (inMain.length < 2) problems.push(`${name}: only ${inMain.length} text(s) checked in <main>`);
  const seen = new Set<string>();
  for (const s of shown) {
    for (const text of [s.text, s.whole]) {
      if (!text) continue;
      const why = whyEnglish(text);
      const key = `${s.kind}|${text}`;
      if (why && !seen.has(key)) {
        seen.add(key);
        problems.push(`${name}: ${s.kind} "${norm(text).slice(0, 160)}" at ${s.where} — ${why}`);
      }
    }
  }
  return shown.length;
}

/** A list in two, to be visited side by side. */
export const halves = <T>(list: T[]) => [list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2))];

/**
 * Visits each list of pages in a browser of its own (all at once, to keep the journey short), in
 * Portuguese; fails naming every English text found, page by page in the lists' order.
 */
export async function visitAll(runs: Array<{ open: () => Promise<Page>; role: Role; visits: Visit[] }>) {
  const found = await Promise.all(
    runs.map(async ({ open, role, visits }) => {
      const p = await open();
      trackRequests(p);
      await choosePortuguese(p);
      const problems: string[] = [];
      let texts = 0;
      for (const v of visits) texts += await check(p, role, v, problems);
      return { problems, texts, visited: visits.length };
    }),
  );
  const problems = found.flatMap((f) => f.problems);
  const visited = found.reduce((n, f) => n + f.visited, 0);
  const texts = found.reduce((n, f) => n + f.texts, 0);
  expect(visited).toBe(runs.reduce((n, r) => n + r.visits.length, 0));
  expect(visited).toBeGreaterThan(0);
  // Not vacuous: pages are full of text, and all of it was looked at.
  expect(texts).toBeGreaterThan(visited * 10);
  if (problems.length) await test.info().attach('english-in-pt-PT.txt', { body: problems.join('\n'), contentType: 'text/plain' });
  expect(problems, `English or unchecked in pt-PT (${visited} pages):\n${problems.join('\n')}`).toEqual([]);
}
