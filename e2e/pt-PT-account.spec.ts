import { signedInPage } from './support/fixtures';
import { halves, visitAll } from './support/pt-PT-check';
import { routerPages } from './support/pt-PT-pages';
import { test, budget } from './support/test';

/**
 * A member's and an admin's pages show no English in pt-PT: every page of the router a member
 * reaches, and the admin console with its nine sections. What counts as English and what is left
 * out (user content, code): e2e/support/pt-PT-check.ts; the public pages and the documentation:
 * e2e/pt-PT-browse.spec.ts.
 */
test.describe('pt-PT: no English on any page', () => {
  const pages = routerPages();
  // Each test checks that its list is not empty and that every page was seen.
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
});
