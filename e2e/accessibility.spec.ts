import fs from 'node:fs';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import axe from 'axe-core';
import { DOCS_PAGES, docsPath } from '../packages/shared/src/docs';
import { BARE_ROUTES, GUEST_BLOCKED_ROUTES, PUBLIC_ROUTES } from '../packages/shared/src/paths';
import { expect, test, budget } from './support/test';
import { signInWithStorage, type TestAccount } from './support/accounts';
import { admin, auth, backdate, listItem, member, type Member } from './support/fixtures';

/**
 * Every page of the router passes axe-core's WCAG 2.1 AA rules at phone width (issue 37, decision
 * 0037): the public pages signed out and signed in, the guest-blocked ones as a member, the admin
 * console and the email editor as an admin, the documentation area as a member with the docs role,
 * with real ids made through the API (listings, a completed swap and an open offer, a chat room, a
 * paid delivery, a receipt, a checkout, a blog post, a swap chain, a mail design).
 *
 * On each page the h1 (or the content a phone shows without one) must show and the page settle
 * (its API requests done, no skeleton or spinner left) before axe runs, so the page's own content
 * is what is judged; a few are judged again after a person acts (field errors, a refused sign-in,
 * a carbon result). A page fails with every violation: the rule, where (axe's selector, the
 * element) and what axe says is wrong. A page that shows no h1, is still loading, ends somewhere
 * else than expected or fails (an uncaught error, the router's error page) fails too, and every
 * route of packages/shared/src/paths.ts must be in the lists: nothing passes unseen.
 */

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type Role = 'guest' | 'member' | 'admin' | 'docs';
interface Visit {
  path: string;
  /** Where the page ends up when that is not `path` itself (a redirect the app makes on purpose). */
  lands?: RegExp;
  /** The page's own content, where that is not an h1 (a phone shows a chat room or a deck without one). */
  ready?: (page: Page) => Locator;
  /** A second look after something a person does there (errors shown, say), named by what it shows. */
  after?: { shows: string; act: (page: Page) => Promise<void> };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The API requests a page has under way (its data loading). */
const inFlight = new WeakMap<Page, Set<unknown>>();
/** What went wrong in a page since it was last looked at: uncaught errors and the router's error page. */
const failures = new WeakMap<Page, string[]>();
function trackRequests(page: Page) {
  const open = new Set<unknown>();
  inFlight.set(page, open);
  const failed: string[] = [];
  failures.set(page, failed);
  page.on('pageerror', (e) => void failed.push(e.message));
  page.on('console', (m) => void (m.text().startsWith('route error') && failed.push(m.text().split('\n')[0]!)));
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
  page.on('request', (r) => void (isApi(r.url()) && open.add(r)));
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
}

/** How long a page may take to draw its heading and finish loading (generous: CI shares two cores). */
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

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: string; html: string; summary: string }>;
}

/**
 * axe-core over the page, WCAG 2.1 A and AA rules only. The mail previews' frames are judged as
 * frames (their titles), not inside: sandboxed without scripts, axe cannot run in them (it waits
 * for timers that never fire there).
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const w = window as unknown as { axe: typeof axe };
    const result = await w.axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.replace(/\s+/g, ' ').slice(0, 160),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
  }, WCAG_21_AA);
}

async function check(page: Page, role: Role, visit: Visit, problems: string[]) {
  const name = `${visit.path} (${role})`;
  const failed = failures.get(page)!;
  failed.length = 0;
  await page.goto(visit.path, { waitUntil: 'domcontentloaded' });
  try {
    await expect(visit.ready?.(page) ?? page.locator('h1').first()).toBeVisible({ timeout: SETTLE_MS });
  } catch {
    problems.push(`${name}: ${visit.ready ? 'its content never' : 'no h1'} showed in ${SETTLE_MS / 1000} s`);
  }
  if (!(await settle(page))) problems.push(`${name}: still loading after ${SETTLE_MS / 1000} s (a spinner or a skeleton is left)`);
  const expected = visit.lands ?? new RegExp(`^${escapeRe(new URL(visit.path, 'http://x').pathname)}$`);
  const pathname = new URL(page.url()).pathname;
  if (!expected.test(pathname)) problems.push(`${name}: ended at ${pathname}, expected ${expected}`);
  await judge(page, name, problems);
  if (visit.after) {
    await visit.after.act(page);
    if (!(await settle(page))) problems.push(`${name}: still loading with ${visit.after.shows}`);
    await judge(page, `${name} with ${visit.after.shows}`, problems);
  }
  // An error page is no page: what failed is said, not judged as if it were the page's content.
  for (const f of new Set(failed)) problems.push(`${name}: the page failed: ${f}`);
}

async function judge(page: Page, name: string, problems: string[]) {
  for (const v of await axeViolations(page)) {
    problems.push(`${name}: ${v.id} (${v.impact}: ${v.help}), ${v.nodes.length} element(s):`);
    for (const n of v.nodes) problems.push(`    at ${n.target}\n      ${n.html}\n      ${n.summary}`);
  }
}

// ---------- The data the pages show ----------

/** Ben's answer in the chat about the bike. */
const MESSAGE = 'Sure, come and see it.';

const PARCEL = { weightKg: 1.2, lengthCm: 30, widthCm: 25, heightCm: 20 };

/** A response that went through, and its body (what the journey reads of it: an id). */
async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ id: string; url?: string }> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.status() === 204 ? { id: '' } : ((await res.json()) as { id: string; url?: string });
}

/** A day, YYYY-MM-DD, `days` after today in Sydney. */
const sydneyDay = (days: number) => {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Australia/Sydney',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function world(request: APIRequestContext) {
  const suffix = String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)));
  const [ana, ben, cy, boss, doc] = await Promise.all([
    member(request, `Ana Swapper ${suffix}`),
    member(request, `Ben Carter ${suffix}`),
    member(request, `Cy Ring ${suffix}`),
    admin(request, `Avery Admin ${suffix}`),
    member(request, `Dee Writer ${suffix}`),
  ]);
  for (const [m, suburb, postcode] of [
    [ana, 'Newtown', '2042'],
    [ben, 'Fitzroy', '3065'],
    [cy, 'Carlton', '3053'],
  ] as const)
    await ok(await request.patch('/api/v1/me', { headers: auth(m), data: { address: { suburb, postcode } } }));
  const bike = await listItem(request, ben, `Road bike ${suffix}`, { photo: true });
  const tent = await listItem(request, ben, `Camping tent ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const lamp = await listItem(request, ana, `Reading lamp ${suffix}`, { patch: { categories: ['furniture'], ...PARCEL } });
  const kettle = await listItem(request, ana, `Kettle ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const deck = await listItem(request, ana, `Picnic set ${suffix}`, { patch: { categories: ['kitchen'], ...PARCEL } });
  const paddle = await listItem(request, cy, `Kayak paddle ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const draft = await listItem(request, ana, `Desk chair ${suffix}`, { publish: false });
  // Past early access, so everyone (guests too) sees them.
  for (const id of [bike, tent, lamp, kettle, deck, paddle]) await backdate(request, id, 25);

  // A chain: Ana likes Ben's tent, Ben Cy's paddle, Cy Ana's picnic set (the finder runs a few seconds later).
  for (const [who, post] of [
    [ana, tent],
    [ben, paddle],
    [cy, deck],
  ] as const)
    await ok(await request.put(`/api/v1/posts/${post}/like`, { headers: auth(who) }));

  // A completed swap (Ana's lamp for Ben's bike), with a delivery Ana books and pays and a review to write.
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
  // The courier picks up on a business day: the first one the server takes, from two days on.
  let delivery: { id: string } | undefined;
  for (let days = 2; days < 16 && !delivery; days++) {
    const res = await request.post('/api/v1/deliveries', {
      headers: auth(ana),
      data: {
        postId: lamp,
        offerId: swap.id,
        receiverId: ben.id,
        sender: { name: 'Ana Swapper', street: '12 King Street', suburb: 'Newtown', postcode: '2042' },
        receiver: { name: 'Ben Carter', street: '3/45 Brunswick Street', suburb: 'Fitzroy', postcode: '3065' },
        itemDescription: `Reading lamp ${suffix}`,
        parcel: PARCEL,
        pickupDate: sydneyDay(days),
      },
    });
    if (res.status() === 201) delivery = (await res.json()) as { id: string };
  }
  expect(delivery, 'no pickup day in two weeks was taken').toBeDefined();
  const deliveryCheckout = await ok(await request.post(`/api/v1/deliveries/${delivery!.id}/checkout`, { headers: auth(ana) }));
  const card = { cardNumber: '4242 4242 4242 4242' };
  await ok(await request.post(`/api/v1/checkouts/${deliveryCheckout.id}/pay`, { headers: auth(ana), data: card }));

  // An open offer with cash on top, waiting for Ben.
  const open = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: tent, itemIds: [kettle], cashKind: 'add', cashCents: 2_000, message: 'Kettle and A$20?' },
    }),
  );
  // An accepted offer (Ana's camp chair for Ben's boots), not yet swapped.
  const boots = await listItem(request, ben, `Hiking boots ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  const chair = await listItem(request, ana, `Camp chair ${suffix}`, { patch: { categories: ['camping-and-fishing'], ...PARCEL } });
  for (const id of [boots, chair]) await backdate(request, id, 25);
  const accepted = await ok(
    await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: boots, itemIds: [chair], message: 'Camp chair for your boots?' },
    }),
  );
  await step(ben, accepted.id, 'accept');
  // A chat about the bike.
  const room = await ok(await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id, postId: bike } }));
  await ok(await request.post(`/api/v1/rooms/${room.id}/messages`, { headers: auth(ben), data: { body: MESSAGE } }));
  // A checkout left open, and a paid one with its receipt.
  const tokens = (amount: number) =>
    request.post('/api/v1/checkouts', { headers: auth(ana), data: { purchase: { kind: 'tokens', amount }, returnTo: '/tokens' } });
  const checkout = await ok(await tokens(5));
  const paid = await ok(await tokens(20));
  await ok(await request.post(`/api/v1/checkouts/${paid.id}/pay`, { headers: auth(ana), data: card }));
  const receipts = (await (await request.get('/api/v1/me/receipts', { headers: auth(ana) })).json()) as { items: Array<{ id: string }> };

  // A published blog post, a mail design, and the docs role for Dee.
  const post = await ok(
    await request.post('/api/v1/admin/blog', {
      headers: auth(boss),
      data: {
        title: `Swapping a bike in Fitzroy ${suffix}`,
        urlTitle: `swapping-a-bike-${suffix}`,
        summary: 'How one swap went.',
        body: '## The swap\n\nA road bike for a lamp, [arranged on SwapU](/FAQ).\n\n- Listed on Monday\n- Swapped on Friday',
      },
    }),
  );
  await ok(await request.post(`/api/v1/admin/blog/${post.id}/publish`, { headers: auth(boss) }));
  const design = await ok(
    await request.post('/api/v1/admin/mail-designs', {
      headers: auth(boss),
      data: { name: `Spring swap day ${suffix}`, subject: 'Bring your spare things this Saturday', html: '<p>See you there</p>' },
    }),
  );
  await ok(await request.put(`/api/v1/admin/users/${doc.id}/role`, { headers: auth(boss), data: { role: 'docs' } }));
  await expect
    .poll(
      async () => ((await (await request.get('/api/v1/me/chains', { headers: auth(ana) })).json()) as { items: unknown[] }).items.length,
      {
        message: 'the swap chain was found',
        timeout: budget(60_000),
        intervals: [1000],
      },
    )
    .toBe(1);
  return {
    ana,
    ben,
    boss,
    doc,
    bike,
    tent,
    lamp,
    deck,
    draft,
    swap: swap.id,
    open: open.id,
    accepted: accepted.id,
    room: room.id,
    checkout: checkout.id,
    receipt: receipts.items[0]!.id,
    blogPost: post.id,
    blogUrlTitle: `swapping-a-bike-${suffix}`,
    design: design.id,
  };
}

// ---------- Every page ----------

test.describe('accessibility: axe-core finds nothing on any page @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'swept at phone width (the phone project) only');

  let built: ReturnType<typeof world> | undefined;
  const pages = async (request: APIRequestContext) => {
    const w = await (built ??= world(request));
    const open: Visit[] = [
      { path: '/' },
      { path: '/testSearchAlgolia' },
      { path: '/all-categories' },
      { path: '/advanced-search' },
      { path: '/search' },
      { path: '/demo' },
      { path: '/swap-swipe' },
      { path: `/swap-swipe/${w.deck}/${w.tent}` },
      { path: `/viewPost/${w.bike}` },
      { path: '/testNewProductPage' },
      {
        path: '/delivery-calculator',
        after: {
          shows: 'its field errors',
          act: async (p) => {
            await p.getByRole('button', { name: 'Get a quote' }).click();
            await expect(p.getByText('Please enter valid address').first()).toBeVisible();
          },
        },
      },
      {
        path: '/carbon-calculator',
        after: {
          shows: 'a result',
          act: async (p) => {
            await p.getByRole('textbox', { name: /^Weight/ }).fill('2');
            await p.getByRole('combobox', { name: 'Material 1' }).selectOption({ label: 'Cotton' });
            await p.getByRole('textbox', { name: 'Percentage of material 1' }).fill('100');
            await p.getByRole('button', { name: 'Calculate' }).click();
            await expect(p.getByTestId('carbon-result')).toBeVisible();
          },
        },
      },
      { path: '/activity' },
      { path: '/leaderboard' },
      { path: '/FAQ' },
      { path: '/terms-and-conditions' },
      { path: '/privacy' },
      { path: '/swapu-blog' },
      { path: `/swapu-blog/post/${w.blogPost}` },
      // Unknown paths: the blog post of that urlTitle.
      { path: `/${w.blogUrlTitle}`, lands: new RegExp(`^/swapu-blog/post/${w.blogPost}$`) },
      { path: '/dev/mail' },
      // Outside the main layout
      { path: '/email-subscription' },
      { path: '/forgot-password' },
    ];
    const guest: Visit[] = [
      ...open,
      // Signed in, these lead home (checked above).
      {
        path: '/auth',
        after: {
          shows: 'a refused sign-in',
          act: async (p) => {
            const form = p.getByRole('form').first();
            await form.locator('input[type="email"]').fill('nobody-here@example.com');
            await form.locator('input[type="password"]').first().fill('not-the-password-1');
            await form.locator('button[type="submit"]').first().click();
            await expect(p.getByRole('alert').first()).toBeVisible();
          },
        },
      },
      { path: '/auth/signup' },
      // An admin's page: a guest is told it is not for them.
      { path: '/email-edit' },
      // Without the tokens Google or Facebook put in its fragment, it sends the person to sign in.
      { path: '/auth/complete', lands: /^\/auth$/ },
    ];
    const memberPages: Visit[] = [
      ...open,
      { path: `/offer-item/${w.tent}` },
      // A phone shows the deck without its heading.
      { path: `/swap-swipe/${w.deck}`, ready: (p) => p.getByTestId('swipe-allowance').filter({ visible: true }).first() },
      // Without a subscription bought, the success page may send the member on to the cancel page.
      { path: '/swap-swipe-success', lands: /^\/swap-swipe-(success|cancel)$/ },
      { path: '/swap-swipe-cancel' },
      { path: '/create' },
      { path: `/editPost/${w.draft}` },
      { path: '/discuss' },
      // A phone shows the open room alone, without the list's heading: its messages are its content.
      { path: `/discuss/${w.room}`, ready: (p) => p.getByText(MESSAGE).filter({ visible: true }).first() },
      // A person and a listing: the room with them opens (its id takes the person's place).
      {
        path: `/discuss/${w.ben.id}/${w.bike}`,
        lands: new RegExp(`^/discuss/${w.room}/${w.bike}$`),
        ready: (p) => p.getByText(MESSAGE).filter({ visible: true }).first(),
      },
      { path: '/myswapu' },
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
      { path: `/swap-offer/${w.accepted}`, ready: (p) => p.getByText('Accepted', { exact: true }).filter({ visible: true }).first() },
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
      { path: '/email-edit' },
      { path: `/email-edit?design=${w.design}` },
    ];
    const docsPages: Visit[] = DOCS_PAGES.map((d) => ({ path: docsPath(d.slug) }));
    return { w, guest, memberPages, adminPages, docsPages };
  };

  test('the lists hold every route of the web app', async ({ request }) => {
    const { guest, memberPages, adminPages, docsPages } = await pages(request);
    const visited = [...guest, ...memberPages, ...adminPages, ...docsPages].map((v) => new URL(v.path, 'http://x').pathname);
    const routeRe = (pattern: string) =>
      new RegExp(
        `^${pattern
          .replace(/\/$/, '')
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRe(part)))
          .join('/')}/?$`,
      );
    const missing = [...PUBLIC_ROUTES, ...GUEST_BLOCKED_ROUTES, ...BARE_ROUTES].filter((r) => !visited.some((p) => routeRe(r).test(p)));
    expect(missing, 'routes the sweep does not visit').toEqual([]);
  });

  test('every public page, signed out', async ({ browser, request }) => {
    test.setTimeout(budget(240_000));
    const { guest } = await pages(request);
    await sweep(await tabs(browser, null), 'guest', guest);
  });

  test('every page a member reaches, signed in with a real swap, offer, chat, delivery, checkout, receipt and chain', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(300_000));
    const { w, memberPages } = await pages(request);
    await sweep(await tabs(browser, w.ana), 'member', memberPages);
  });

  test('the admin console, its nine sections and the email editor, as an admin', async ({ browser, request }) => {
    test.setTimeout(budget(180_000));
    const { w, adminPages } = await pages(request);
    await sweep(await tabs(browser, w.boss), 'admin', adminPages);
  });

  test('the documentation area, every page, as a member with the docs role', async ({ browser, request }) => {
    test.setTimeout(budget(180_000));
    const { w, docsPages } = await pages(request);
    await sweep(await tabs(browser, w.doc), 'docs', docsPages);
  });
});

/** Pages side by side in one browser context: one person, signed in as `account` (or a guest). */
async function tabs(browser: Browser, account: TestAccount | null, count = 2): Promise<Page[]> {
  const context = await browser.newContext();
  return Promise.all(
    Array.from({ length: count }, async () => {
      const page = await context.newPage();
      if (account) await signInWithStorage(page, account);
      return page;
    }),
  );
}

/**
 * Visits every page as one person, the list dealt over that person's tabs (side by side, to keep
 * the journey short); fails naming every violation, page by page in the list's order.
 */
async function sweep(pages: Page[], role: Role, visits: Visit[]) {
  expect(visits.length).toBeGreaterThan(0);
  // A context opened by hand takes the project's device: the Pixel 7's width.
  for (const page of pages) expect(page.viewportSize()?.width).toBeLessThan(500);
  const found: string[][] = visits.map(() => []);
  await Promise.all(
    pages.map(async (page, t) => {
      trackRequests(page);
      for (let i = t; i < visits.length; i += pages.length) await check(page, role, visits[i]!, found[i]!);
    }),
  );
  const problems = found.flat();
  const report = `Accessibility problems on ${visits.length} pages as ${role}:\n${problems.join('\n')}`;
  if (problems.length) {
    const file = test.info().outputPath(`axe-${role}.txt`);
    fs.writeFileSync(file, report);
    await test.info().attach(`axe-${role}.txt`, { path: file, contentType: 'text/plain' });
  }
  expect(problems.length, report).toBe(0);
}
