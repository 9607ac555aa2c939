import { expect, test, type Page } from '@playwright/test';

/** Errors and warnings the page writes to the console while it loads (React's warnings included). */
function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('links people share, and search engines', () => {
  test('a listing link previews with its photo, title and price before any script runs, and the tab follows navigation @phone', async ({
    page,
    request,
  }) => {
    const problems = consoleProblems(page);
    await page.goto('/');
    await expect(page).toHaveTitle('SwapU – swap what you have for what you need');
    const card = page
      .getByTestId('post-card')
      .filter({ has: page.locator('img') })
      .first();
    const title = (await card.getAttribute('aria-label'))!;
    await card.click();
    await expect(page).toHaveURL(/\/viewPost\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} – A\\$[\\d,.]+ \\| SwapU$`));

    // What a chat app's preview fetches: the HTML alone, no JavaScript.
    const html = await (await request.get(page.url())).text();
    expect(html).toContain(`<meta property="og:type" content="product" />`);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/media\/[^"]+" \/>/);
    expect(html).toMatch(/<meta property="product:price:currency" content="AUD" \/>/);
    expect(html).toContain('"@type":"Product"');
    expect(problems).toEqual([]);
  });

  test('the public pages load without console errors or warnings, each with its own title', async ({ page }) => {
    const problems = consoleProblems(page);
    const pages: [string, RegExp][] = [
      ['/', /^SwapU – swap what you have/],
      ['/search?keyword=bike', /^Swaps for “bike” \| SwapU$/],
      ['/all-categories', /^All categories \| SwapU$/],
      ['/swapu-blog', /^The SwapU blog \| SwapU$/],
      ['/FAQ', /^Frequently asked questions \| SwapU$/],
      ['/terms-and-conditions', /^Terms and conditions \| SwapU$/],
      ['/privacy', /^Privacy policy \| SwapU$/],
      ['/activity', /^Community activity \| SwapU$/],
    ];
    for (const [url, title] of pages) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page).toHaveTitle(title);
    }
    expect(problems).toEqual([]);
  });

  test('robots.txt and the sitemap are served for crawlers', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.ok()).toBe(true);
    expect(await robots.text()).toContain('Disallow: /api/');
    const index = await (await request.get('/sitemap.xml')).text();
    const first = /<loc>([^<]*sitemap-posts\.xml\?page=1)<\/loc>/.exec(index)?.[1];
    expect(first).toBeTruthy();
    const posts = await (await request.get(new URL(first!).pathname + new URL(first!).search)).text();
    expect(posts).toMatch(/<loc>[^<]+\/viewPost\/[0-9a-f-]{36}<\/loc>/);
  });
});
