import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { DOCS_PAGES, docsPath } from '../packages/shared/src/docs';
import { ERROR_CATALOGUE } from '../packages/shared/src/errors';
import { englishWords } from '../apps/web/src/i18n/english-check';
import { expect, test, budget } from './support/test';
import { admin, auth, backdate, listItem, member, signedInPage, subscriber, type Member } from './support/fixtures';

/**
 * Every page of the app in pt-PT shows no English (proper nouns aside).
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

const I18N = path.join(import.meta.dirname, '../apps/web/src/i18n');
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

type Role = 'guest' | 'member' | 'admin';
interface Visit {
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
  await page.goto(visit.path, { waitUntil: 'domcontentloaded' });
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

// ---------- The data the pages show ----------

const PARCEL = { weightKg: 1.2, lengthCm: 30, widthCm: 25, heightCm: 20 };

/** A response that went through, and its body (what the journey reads of it: an id). */
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string }> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? { id: '' } : ((await res.json()) as { id: string });
}

async function world(request: APIRequestContext) {
  const suffix = String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)));
  const [ana, ben, boss] = await Promise.all([
    // A subscriber, so the subscription's pages (and /swap-swipe-success) show what subscribers see.
    subscriber(request, `Ana Swapper ${suffix}`),
    member(request, `Ben Carter ${suffix}`),
    admin(request, `Avery Admin ${suffix}`),
  ]);
  // Ana and the admin signed up in Portuguese (their emails are written in it); Ben in English.
  for (const [m, suburb, postcode, language] of [
    [ana, 'Newtown', '2042', 'pt-PT'],
    [ben, 'Fitzroy', '3065', 'en-US'],
    [boss, 'Carlton', '3053', 'pt-PT'],
  ] as const)
    await ok(await request.patch('/api/v1/me', { headers: auth(m), data: { address: { suburb, postcode }, language } }));
  const bike = await listItem(request, ben, `Road bike ${suffix}`);
  const tent = await listItem(request, ben, `Camping tent ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const lamp = await listItem(request, ana, `Reading lamp ${suffix}`, { patch: { categories: ['furniture'], ...PARCEL } });
  const kettle = await listItem(request, ana, `Kettle ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const deck = await listItem(request, ana, `Picnic set ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const draft = await listItem(request, ana, `Desk chair ${suffix}`, { publish: false });
  // Past early access, so everyone (guests too) sees them.
  for (const id of [bike, tent, lamp, kettle, deck]) await backdate(request, id, 25);

  // A completed swap (Ana's lamp for Ben's bike), with a delivery to book and a review to write.
  const swap = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: bike, itemIds: [lamp], message: 'My lamp for your bike?' },
    }),
  );
  const step = async (m: Member, id: string, transition: string) =>
    ok(await request.post(`/api/v1/offers/${id}/transitions`, { headers: auth(m), data: { transition } }));
  await step(ben, swap.id, 'accept');
  await step(ana, swap.id, 'confirm_receipt');
  await step(ben, swap.id, 'confirm_receipt');
  // An open offer with cash on top, waiting for Ben.
  const open = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: tent, itemIds: [kettle], cashKind: 'add', cashCents: 2_000, message: 'Kettle and A$20?' },
    }),
  );
  // A chat about the bike.
  const room = await ok(await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id, postId: bike } }));
  await ok(await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(ben), data: { body: 'Sure, come and see it.' } }));
  // A checkout left open, and a paid one with its receipt.
  const checkout = await ok(
    await request.post('/api/v1/checkouts', { headers: auth(ana), data: { purchase: { kind: 'tokens', amount: 5 }, returnTo: '/tokens' } }),
  );
  const paid = await ok(
    await request.post('/api/v1/checkouts', {
      headers: auth(ana),
      data: { purchase: { kind: 'tokens', amount: 20 }, returnTo: '/tokens' },
    }),
  );
  await ok(await request.post(`/api/v1/checkouts/${paid.id}/pay`, { headers: auth(ana), data: { cardNumber: '4242 4242 4242 4242' } }));
  // What the admin's pages show of members' and the team's own words, written in English (as
  // the journeys before this one leave them): a report, a support thread, a mail design, and an
  // audited role change (its stored values in the audit log).
  await ok(
    await request.post(`/api/v1/posts/${deck}/report`, {
      headers: auth(ben),
      data: { reason: 'scam', details: 'Asked me to pay by gift card before we met' },
    }),
  );
  await ok(await request.post('/api/v1/support/messages', { headers: auth(ben), data: { body: 'Where can I see my drafts?' } }));
  await ok(
    await request.post('/api/v1/admin/mail-designs', {
      headers: auth(boss),
      data: { name: `Spring swap day ${suffix}`, subject: 'Bring your spare things this Saturday', html: '<p>See you there</p>' },
    }),
  );
  await ok(await request.put(`/api/v1/admin/users/${ben.id}/role`, { headers: auth(boss), data: { role: 'docs' } }));
  const receipts = await (await request.get('/api/v1/me/receipts', { headers: auth(ana) })).json();
  const blog = await (await request.get('/api/v1/blog')).json();
  return {
    ana,
    ben,
    boss,
    bike,
    tent,
    lamp,
    deck,
    draft,
    swap: swap.id as string,
    open: open.id as string,
    room: room.id as string,
    checkout: checkout.id as string,
    receipt: receipts.items[0].id as string,
    blogPost: blog.items[0].id as string,
  };
}

// ---------- Every page ----------

test.describe('pt-PT: no English on any page', () => {
  /**
   * The router's pages, from the three places a person sees them. One test per role (each with
   * time of its own), over one world built by the first that runs.
   */
  let built: ReturnType<typeof world> | undefined;
  const pages = async (request: APIRequestContext) => {
    const w = await (built ??= world(request));
    const guest: Visit[] = [
      { path: '/' },
      { path: '/testSearchAlgolia' },
      { path: '/all-categories' },
      { path: '/advanced-search' },
      { path: '/search' },
      { path: '/search?keyword=zzqqxxnothing' },
      { path: '/demo' },
      { path: '/swap-swipe' },
      { path: `/swap-swipe/${w.deck}/${w.tent}` },
      { path: `/viewPost/${w.bike}` },
      { path: '/viewPost/not-a-real-post' },
      { path: '/testNewProductPage' },
      { path: '/delivery-calculator' },
      { path: '/carbon-calculator' },
      { path: '/activity' },
      { path: '/leaderboard' },
      { path: '/FAQ' },
      { path: '/terms-and-conditions' },
      { path: '/privacy' },
      { path: '/swapu-blog' },
      { path: `/swapu-blog/post/${w.blogPost}` },
      { path: '/dev/mail' },
      { path: '/no-such-page-here', lands: /^\/$/ },
      // Outside the main layout
      { path: '/email-subscription' },
      { path: '/email-edit' },
      { path: '/forgot-password' },
      {
        path: '/auth',
        // A failed sign-in: the server's error, in Portuguese.
        act: async (p) => {
          const form = p.getByRole('form').first();
          await form.locator('input[type="email"]').fill('nobody-here@example.com');
          await form.locator('input[type="password"]').first().fill('not-the-password-1');
          await form.locator('button[type="submit"]').first().click();
          await expect(p.getByRole('alert').first()).toBeVisible();
        },
      },
      { path: '/auth/signup' },
      // Without the tokens Google or Facebook put in its fragment, it sends the person to sign in.
      { path: '/auth/complete', lands: /^\/auth$/ },
    ];
    const memberPages: Visit[] = [
      { path: `/offer-item/${w.bike}` },
      { path: `/swap-swipe/${w.deck}` },
      { path: '/swap-swipe-success' }, // Ana is a subscriber, so the success page shows (not the cancel one)
      { path: '/swap-swipe-cancel' },
      { path: '/create' },
      { path: `/editPost/${w.draft}` },
      { path: '/discuss' },
      { path: `/discuss/${w.room}` },
      // A person and a listing: the room with them opens (its id takes the person's place).
      { path: `/discuss/${w.ben.id}/${w.bike}`, lands: new RegExp(`^/discuss/${w.room}/${w.bike}$`) },
      { path: '/myswapu' },
      { path: '/myswapu?tab=drafts' },
      { path: '/myswapu?tab=done' },
      { path: '/myswapu?tab=goals' },
      { path: '/offers' },
      { path: '/swap-status' },
      { path: '/swap-status/completed' },
      { path: `/user-detail/${w.ben.id}` },
      { path: `/user-detail/${w.ana.id}` },
      { path: '/onboarding' },
      { path: '/chooseInterest' },
      { path: '/favorite' },
      { path: '/subscription' },
      { path: '/swap-chain-liked' },
      { path: '/search-filter' },
      { path: '/suggested' },
      { path: '/categories-filter' },
      { path: '/categories-interests' },
      { path: '/tokens' },
      { path: '/receipts' },
      { path: `/receipts/${w.receipt}` },
      { path: `/checkout/${w.checkout}` },
      { path: '/swap-offer' },
      { path: `/swap-offer/${w.swap}` },
      { path: `/swap-offer/${w.open}` },
      { path: '/my-delivery' },
      { path: '/my-delivery-status/delivered' },
      { path: `/my-delivery/${w.lamp}/${w.swap}/${w.ben.id}` },
      { path: '/review-swap' },
      { path: `/review-swap/${w.swap}` },
      { path: '/notification' },
      { path: '/delivery-swap' },
      { path: '/welcome-mail' },
      { path: '/user-coupon' },
    ];
    const adminPages: Visit[] = [
      { path: '/admin' },
      ...['analytics', 'users', 'moderation', 'coupons', 'campaigns', 'blog', 'support', 'mail', 'audit'].map((s) => ({
        path: `/admin/${s}`,
      })),
    ];

    return { w, guest, memberPages, adminPages };
  };
  // 82 pages in all; each test checks that its list is not empty and that every page was seen.
  test('every public page of the router, as a guest, shows only Portuguese (proper nouns and user content aside)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(240_000));
    const { guest } = await pages(request);
    const asGuest = async () => (await browser.newContext()).newPage();
    await visitAll(halves(guest).map((visits) => ({ open: asGuest, role: 'guest' as const, visits })));
  });

  test('every page of the router a member reaches, as a member with a real swap, offer, chat, checkout and receipt, shows only Portuguese', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(240_000));
    const { w, memberPages } = await pages(request);
    await visitAll(halves(memberPages).map((visits) => ({ open: () => signedInPage(browser, w.ana), role: 'member' as const, visits })));
  });

  test('the admin console and its nine sections, as an admin, show only Portuguese', async ({ browser, request }) => {
    test.setTimeout(budget(240_000));
    const { w, adminPages } = await pages(request);
    await visitAll([{ open: () => signedInPage(browser, w.boss), role: 'admin', visits: adminPages }]);
  });

  test('the documentation area, as an admin: its home and every page', async ({ browser, request }) => {
    test.setTimeout(budget(120_000));
    const boss = await admin(request, 'Avery Admin');
    await ok(await request.patch('/api/v1/me', { headers: auth(boss), data: { language: 'pt-PT' } }));
    const docs = DOCS_PAGES.map((d) => ({ path: docsPath(d.slug) }));
    await visitAll(halves(docs).map((visits) => ({ open: () => signedInPage(browser, boss), role: 'admin' as const, visits })));
  });
});

/** A list in two, to be visited side by side. */
const halves = <T>(list: T[]) => [list.slice(0, Math.ceil(list.length / 2)), list.slice(Math.ceil(list.length / 2))];

/**
 * Visits each list of pages in a browser of its own (all at once, to keep the journey short), in
 * Portuguese; fails naming every English text found, page by page in the lists' order.
 */
async function visitAll(runs: Array<{ open: () => Promise<Page>; role: Role; visits: Visit[] }>) {
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
