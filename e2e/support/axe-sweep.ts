import fs from 'node:fs';
import type { Browser, Locator, Page } from '@playwright/test';
import axe from 'axe-core';
import { expect, openInApp, test } from './test';
import { signInWithStorage, type TestAccount } from './accounts';

/**
 * Every page of the router passes axe-core's WCAG 2.1 AA rules at phone width (issue 37, decision
 * 0037): the sweep behind e2e/accessibility-browse.spec.ts and e2e/accessibility-account.spec.ts
 * (the pages they visit, and the data: e2e/support/accessibility-pages.ts). The public pages
 * signed out and signed in, the guest-blocked ones as a member, the admin console and the email
 * editor as an admin, the documentation area as a member with the docs role, with real ids made
 * through the API (listings, a completed swap and an open offer, a chat room, a paid delivery, a
 * receipt, a checkout, a blog post, a swap chain, a mail design).
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

export type Role = 'guest' | 'member' | 'admin' | 'docs';
export interface Visit {
  path: string;
  /** Where the page ends up when that is not `path` itself (a redirect the app makes on purpose). */
  lands?: RegExp;
  /** The page's own content, where that is not an h1 (a phone shows a chat room or a deck without one). */
  ready?: (page: Page) => Locator;
  /** A second look after something a person does there (errors shown, say), named by what it shows. */
  after?: { shows: string; act: (page: Page) => Promise<void> };
}

export const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
  // Injected once per document: the sweep moves through the app's router, so the document stays.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
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
  await openInApp(page, visit.path);
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

/** Pages side by side in one browser context: one person, signed in as `account` (or a guest). */
export async function tabs(browser: Browser, account: TestAccount | null, count = 2): Promise<Page[]> {
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
export async function sweep(pages: Page[], role: Role, visits: Visit[]) {
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
