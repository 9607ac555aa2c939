import type { Page } from '@playwright/test';
import { DOCS_PAGES } from '@swapu/shared/docs';
import { admin, auth, member, signedInPage } from './support/fixtures';
import { expect, test } from './support/test';

/** The documentation area (issue 21): admins and the docs role; its side menu, live parts and the spec's bare paths. */

const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: width >= 600 });
  }
};

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

test.describe('the documentation area', () => {
  test('an admin walks every link of the side menu, and each page answers with its title and its live part', async ({
    browser,
    request,
  }) => {
    // Sixteen pages, each loaded and checked: beside the PostgreSQL run it once took 2.1 min, over
    // the usual limit (60 s, doubled there), and 1.3 min on its second try.
    test.slow();
    const a = await admin(request);
    const page = await signedInPage(browser, a);
    await page.goto('/docs');
    await expect(h1(page)).toHaveText('SwapU documentation');
    const nav = page.getByRole('navigation', { name: 'Documentation pages' });
    await expect(nav.getByTestId('docs-group')).toHaveText(['Business', 'Development', 'Operation']);
    const links = nav.getByTestId('docs-link');
    await expect(links).toHaveCount(DOCS_PAGES.length - 1);
    await shot(page, 'docs-home');

    for (let i = 0; i < DOCS_PAGES.length - 1; i++) {
      const link = links.nth(i);
      const title = (await link.innerText()).trim();
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/docs/${DOCS_PAGES[i + 1]!.slug}$`));
      await expect(h1(page)).toHaveText(title);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.getByTestId('docs-body')).not.toBeEmpty();
    }

    // The live parts, each checked against what the server says now.
    await nav.getByRole('link', { name: 'Testing' }).click();
    await expect(page.getByTestId('suite-server')).toBeVisible();
    const testing = await (await request.get('/api/v1/docs/testing', { headers: auth(a) })).json();
    const server = testing.suites.find((s: { id: string }) => s.id === 'server');
    await expect(page.getByTestId('suite-server').getByTestId('suite-tests')).toHaveText(server.testCount.toLocaleString('en-US'));

    await nav.getByRole('link', { name: 'Database diagram' }).click();
    const diagram = page.getByTestId('docs-diagram');
    await expect(diagram).toBeVisible();
    await expect.poll(() => diagram.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(500);
    const database = await (await request.get('/api/v1/docs/database', { headers: auth(a) })).json();
    await expect(page.getByTestId('docs-table')).toHaveCount(database.tables.length);
    await expect(page.getByTestId('docs-table').filter({ hasText: /^offers$/ })).toBeVisible();
    await shot(page, 'docs-database');

    await nav.getByRole('link', { name: 'API' }).click();
    const openapi = await (await request.get('/api/docs/json')).json();
    const operations = Object.values(openapi.paths as Record<string, Record<string, unknown>>).flatMap((ops) =>
      Object.keys(ops).filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m)),
    ).length;
    expect(operations).toBeGreaterThan(100);
    await expect(page.getByTestId('docs-api-route')).toHaveCount(operations);
    await expect(page.getByTestId('docs-api-count')).toContainText(`${operations} routes`);
    await page.getByLabel('Filter the routes').fill('/api/v1/docs/pages');
    await expect(page.getByTestId('docs-api-route')).toHaveCount(1);

    await nav.getByRole('link', { name: 'Monitoring areas' }).click();
    await expect(page.getByTestId('docs-metric').filter({ hasText: 'swapu_http_requests_total' })).toContainText(
      'HTTP requests answered, by method, route pattern and status.',
    );
    await shot(page, 'docs-monitoring');
  });

  test('the spec’s bare paths lead into the area', async ({ browser, request }) => {
    const page = await signedInPage(browser, await admin(request));
    await page.goto('/value-proposition');
    await expect(page).toHaveURL(/\/docs\/value-proposition$/);
    await expect(h1(page)).toHaveText('Value proposition');
    await page.goto('/trouble-shooting');
    await expect(page).toHaveURL(/\/docs\/trouble-shooting$/);
    await page.goto('/docs/no-such-page');
    await expect(h1(page)).toHaveText("We couldn't find that");
  });

  test('a member is refused until an admin gives them the docs role, which opens the area and nothing else @phone', async ({
    browser,
    request,
  }) => {
    const m = await member(request, 'Dana Docs');
    const a = await admin(request);
    const page = await signedInPage(browser, m);
    await page.goto('/docs/risk');
    await expect(page.getByTestId('docs-denied')).toHaveText('Permission Denied');

    const grant = await request.put(`/api/v1/admin/users/${m.id}/role`, { headers: auth(a), data: { role: 'docs' } });
    expect(grant.status()).toBe(200);
    await page.reload();
    await expect(h1(page)).toHaveText('Risk');
    // On a phone the menu is a select above the page.
    if (test.info().project.name === 'phone') {
      await page.getByTestId('docs-select').selectOption({ label: 'User guides' });
      await expect(page).toHaveURL(/\/docs\/user-guides$/);
      await expect(h1(page)).toHaveText('User guides');
    }
    await page.goto('/admin');
    await expect(page.getByTestId('admin-denied')).toHaveText('Permission Denied');
  });
});
