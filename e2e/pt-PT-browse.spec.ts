import { DOCS_PAGES, docsPath } from '../packages/shared/src/docs';
import { admin, auth, signedInPage } from './support/fixtures';
import { halves, visitAll } from './support/pt-PT-check';
import { ok, routerPages } from './support/pt-PT-pages';
import { test, budget } from './support/test';

/**
 * The pages a person browses show no English in pt-PT: every public page of the router as a guest,
 * and the documentation area. What counts as English and what is left out (user content, code):
 * e2e/support/pt-PT-check.ts; the member's and admin's pages: e2e/pt-PT-account.spec.ts.
 */
test.describe('pt-PT: no English on any page', () => {
  const pages = routerPages();
  // Each test checks that its list is not empty and that every page was seen.
  test('every public page of the router, as a guest, shows only Portuguese (proper nouns and user content aside)', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(240_000));
    const { guest } = await pages(request);
    const asGuest = async () => (await browser.newContext()).newPage();
    await visitAll(halves(guest).map((visits) => ({ open: asGuest, role: 'guest' as const, visits })));
  });

  test('the documentation area, as an admin: its home and every page', async ({ browser, request }) => {
    test.setTimeout(budget(120_000));
    const boss = await admin(request, 'Avery Admin');
    await ok(await request.patch('/api/v1/me', { headers: auth(boss), data: { language: 'pt-PT' } }));
    const docs = DOCS_PAGES.map((d) => ({ path: docsPath(d.slug) }));
    await visitAll(halves(docs).map((visits) => ({ open: () => signedInPage(browser, boss), role: 'admin' as const, visits })));
  });
});
