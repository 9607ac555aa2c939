import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

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

/**
 * A journey's own time budget, doubled where `npm test` runs the journeys beside the PostgreSQL
 * run on two saturated cores (E2E_SLOW=2, as for every test and wait in playwright.config.ts).
 */
export const budget = (ms: number) => ms * (Number(process.env.E2E_SLOW ?? 1) || 1);
