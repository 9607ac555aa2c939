import { BARE_ROUTES, GUEST_BLOCKED_ROUTES, PUBLIC_ROUTES } from '../packages/shared/src/paths';
import { expect, test, budget } from './support/test';
import { escapeRe, sweep, tabs } from './support/axe-sweep';
import { sweepPages } from './support/accessibility-pages';

/**
 * The pages a person browses pass axe-core's WCAG 2.1 AA rules at phone width: the lists hold
 * every route, every public page signed out, and the documentation area as a member with the docs
 * role. How a page is judged: e2e/support/axe-sweep.ts; a member's and an admin's pages:
 * e2e/accessibility-account.spec.ts.
 */
test.describe('accessibility: axe-core finds nothing on any page @phone', () => {
  test.skip(({ isMobile }) => !isMobile, 'swept at phone width (the phone project) only');

  const pages = sweepPages();

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

  test('the documentation area, every page, as a member with the docs role', async ({ browser, request }) => {
    test.setTimeout(budget(180_000));
    const { w, docsPages } = await pages(request);
    await sweep(await tabs(browser, w.doc), 'docs', docsPages);
  });
});
