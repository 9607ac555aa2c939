import { test as base, expect, type Page } from '@playwright/test';

export { expect };

/** Doubled beside the PostgreSQL run (E2E_SLOW, as playwright.config.ts does for every wait): there a page once took over 15 s. */
const LIVE_TIMEOUT_MS = 15_000 * (Number(process.env.E2E_SLOW ?? 1) || 1);

/**
 * Public pages arrive server-rendered (decision 0020): their buttons are on screen a moment
 * before the app has taken them over. Every page of every context waits, after goto() and
 * reload(), until the app marks itself live (`html[data-ready]`), as a person's first tap
 * effectively does. Pages that are not the app (robots.txt, JSON, media) do not wait.
 */
const waitLive = (page: Page) =>
  page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.ready === 'true', undefined, {
    timeout: LIVE_TIMEOUT_MS,
  });

let patched = false;
function patch(proto: Page) {
  if (patched) return;
  patched = true;
  const goto = proto.goto;
  const reload = proto.reload;
  proto.goto = async function (this: Page, ...args: Parameters<Page['goto']>) {
    const res = await goto.apply(this, args);
    await waitLive(this);
    return res;
  };
  proto.reload = async function (this: Page, ...args: Parameters<Page['reload']>) {
    const res = await reload.apply(this, args);
    await waitLive(this);
    return res;
  };
}

export const test = base.extend<{ closeOwnContexts: void }, { liveAfterNavigation: void }>({
  /**
   * The contexts a test opened itself (signedInPage, a second person) are closed when it ends: left
   * open, their pages keep polling and holding sockets, and every later test in the worker slows.
   */
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c))
          .map((c) => c.close().catch(() => {})),
      );
    },
    { auto: true },
  ],
  liveAfterNavigation: [
    async ({ browser }, use) => {
      const page = await browser.newPage();
      patch(Object.getPrototypeOf(page) as Page);
      await page.close();
      await use();
    },
    { scope: 'worker', auto: true },
  ],
});

/** Pages with a component of their own each, that a sweep passes through (see openInApp). */
const WAYPOINTS = ['/FAQ', '/terms-and-conditions', '/privacy'];

/**
 * Opens `path` in a page that already shows the app as a person moving around it does: through the
 * app's router (the address changed in the browser's history, as its links do), not by loading the
 * whole app again. A sweep over every page (e2e/support/axe-sweep.ts, pt-PT-check.ts) did a full
 * load per page, about half a CPU-second of Chromium's each (decision 0047, 2026-12-06). A page
 * that does not show the app yet (a new tab) is loaded with goto(), so a sweep's first page is
 * still a full load, server rendering and hydration included.
 *
 * The page opened is always drawn afresh, never the last one's elements with new values: on its
 * way the router shows a waypoint, a page of its own component that is neither the page being left
 * nor the one asked for, and each step waits until nothing of the page it left is left in <main>
 * (its elements marked before the step). A step the app never takes fails the journey on the
 * expect timeout, naming the path.
 */
export async function openInApp(page: Page, path: string) {
  const live = await page
    .evaluate(() => !!document.getElementById('root') && document.documentElement.dataset.ready === 'true')
    .catch(() => false);
  if (!live) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    return;
  }
  const here = new URL(page.url()).pathname;
  const target = new URL(path, 'http://x').pathname;
  const waypoint = WAYPOINTS.find((p) => p !== here && p !== target)!;
  for (const to of [waypoint, path]) {
    await page.evaluate((to) => {
      for (const el of document.querySelectorAll('main *')) el.setAttribute('data-e2e-left', '');
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, to);
    await expect(page.locator('main [data-e2e-left]').first(), `the app's router left the page for ${to}`).toHaveCount(0);
  }
}

/**
 * A journey's own time budget, doubled where `npm test` runs the journeys beside the PostgreSQL
 * run on two saturated cores (E2E_SLOW=2, as for every test and wait in playwright.config.ts).
 */
export const budget = (ms: number) => ms * (Number(process.env.E2E_SLOW ?? 1) || 1);
