import { test, budget } from './support/test';
import { sweep, tabs } from './support/axe-sweep';
import { sweepPages } from './support/accessibility-pages';

/**
 * A member's and an admin's pages pass axe-core's WCAG 2.1 AA rules at phone width: every page a
 * member reaches, signed in with a real swap, offer, chat, delivery, checkout, receipt and chain,
 * and the admin console with the email editor. How a page is judged: e2e/support/axe-sweep.ts; the
 * public pages and the documentation: e2e/accessibility-browse.spec.ts.
 */
test.describe('accessibility: axe-core finds nothing on any page @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'swept at phone width (the phone project) only');

  const pages = sweepPages();

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
});
