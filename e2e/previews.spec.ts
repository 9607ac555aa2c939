import { type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { signInWithStorage } from './support/accounts';
import { backdate, listItem, member } from './support/fixtures';

/**
 * Playwright's own line when the page registers its service worker, which the journeys block
 * (playwright.config.ts): said by the test browser, not by the page.
 */
const BLOCKED_WORKER = 'Service Worker registration blocked by Playwright';

/** Errors and warnings the page writes to the console while it loads (React's warnings included). */
function consoleProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && m.text() !== BLOCKED_WORKER) problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  return problems;
}

test.describe('links people share, and search engines', () => {
  test('a listing link previews with its photo, title and price before any script runs, and the tab follows navigation @phone', async ({
    page,
    request,
  }) => {
    // A listing of its own, with a photo, just past early access: the newest a guest's feed shows.
    // (Other journeys list photo-less items the same way; ten of them once filled the feed's first
    // page, and a card with a photo from the demo seed was nowhere to be found.)
    const owner = await member(request, 'Preview Owner');
    const title = `Touring bike ${Date.now()}`;
    const id = await listItem(request, owner, title, { photo: true });
    await backdate(request, id, 24.02);
    const problems = consoleProblems(page);
    await page.goto('/');
    await expect(page).toHaveTitle('SwapU – swap what you have for what you need');
    const card = page
      .getByTestId('post-card')
      .filter({ has: page.locator('img') })
      // A card is named by all it shows (price, title, place, age): its title, with a unique mark, picks it.
      .filter({ hasText: title });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${id}$`));
    await expect(page).toHaveTitle(new RegExp(`^${title} – A\\$300 \\| SwapU$`));

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

  test('a public page arrives rendered, with its content, and becomes interactive without a hydration warning @phone', async ({
    page,
    request,
  }) => {
    const owner = await member(request, 'Rendered Owner');
    const title = `Rendered road bike ${Date.now()}`;
    const id = await listItem(request, owner, title, { patch: { cashValueCents: 32_000 } });
    await backdate(request, id, 25);
    // The HTML alone (no JavaScript): the listing's heading and price are in the page body.
    const html = await (await request.get(`/viewPost/${id}`)).text();
    const body = html.slice(html.indexOf('<div id="root">'));
    expect(body).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
    expect(body).toContain('A$320');
    expect(body).toContain('id="swapu-ssr"');
    // The browser takes that HTML over: no console errors, and the page answers clicks.
    const problems = consoleProblems(page);
    await page.goto(`/viewPost/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await page.getByTestId('like-button').click();
    // A guest is asked to sign in first: only the hydrated page can handle that click.
    await expect(page).toHaveURL(/\/auth$/);
    expect(problems).toEqual([]);
  });

  test('Swap Swipe, a shared pairing and the leaderboard arrive rendered and take over without a warning @phone', async ({
    page,
    request,
  }) => {
    const owner = await member(request, 'Pairing Owner');
    const other = await member(request, 'Pairing Other');
    const mine = `Pairing surfboard ${Date.now()}`;
    const theirs = `Pairing kayak ${Date.now()}`;
    const a = await listItem(request, owner, mine);
    const b = await listItem(request, other, theirs);
    await backdate(request, a, 25);
    await backdate(request, b, 25);
    const pages: Array<[string, RegExp]> = [
      [`/swap-swipe/${a}/${b}`, new RegExp(`${mine}[^]*${theirs}`)],
      ['/swap-swipe', /Swipe through swaps suggested for your items/],
      ['/leaderboard', /<h1[^>]*>Leaderboard<\/h1>/],
    ];
    for (const [path, content] of pages) {
      const html = await (await request.get(path)).text();
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body, path).toContain('id="swapu-ssr"');
      expect(body, path).toMatch(content);
    }
    const problems = consoleProblems(page);
    await page.goto(`/swap-swipe/${a}/${b}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(theirs).first()).toBeVisible();
    await page.goto('/swap-swipe');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/leaderboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a rendered page takes over without a mismatch when the browser's clock and time zone are not the server's", async ({
    browser,
    request,
  }) => {
    const owner = await member(request, 'Clock Owner');
    const title = `Brass desk lamp ${Date.now()}`;
    const id = await listItem(request, owner, title);
    await backdate(request, id, 25);
    // Someone in Los Angeles whose clock is 12 hours ahead of the server's: the server renders
    // "yesterday" in Sydney's time; the browser first renders what the server did, then its own.
    const context = await browser.newContext({ timezoneId: 'America/Los_Angeles' });
    const page = await context.newPage();
    await page.clock.install({ time: Date.now() + 12 * 3_600_000 });
    const problems = consoleProblems(page);
    const html = await (await request.get(`/viewPost/${id}`)).text();
    expect(html).toMatch(/data-testid="post-listed"[^>]*>[^]{0,40}yesterday/);
    await page.goto(`/viewPost/${id}`);
    await expect(page.getByTestId('post-listed')).toContainText('2 days ago');
    await page.goto('/swapu-blog');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.goto('/activity');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test("a member's profile arrives rendered for that member alone and takes over without a warning @phone", async ({ page, request }) => {
    // Names are letters only: a unique one from the clock's digits.
    const unique = [...String(Date.now()).slice(-6)].map((d) => 'abcdefghij'[Number(d)]).join('');
    const me = await member(request, `Rendered Member ${unique}`);
    await signInWithStorage(page, me);
    const problems = consoleProblems(page);
    // The first visit (a page the browser renders) writes the page cookie for the stored session.
    await page.goto('/notification');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const pageCookie = async () => (await page.context().cookies()).find((c) => c.name === 'swapu_page');
    expect(await pageCookie()).toMatchObject({ value: encodeURIComponent(me.idToken), path: '/user-detail', sameSite: 'Lax' });

    // The heading as the HTML brought it, before the app's code runs: hydration keeps that very
    // element, where a page drawn afresh in the browser would replace it.
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { ssrHeading: Element | null }).ssrHeading = document.querySelector('h1');
      }),
    );
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === `/user-detail/${me.id}`);
    await page.goto(`/user-detail/${me.id}`);
    const response = await answer;
    expect(response.headers()['cache-control']).toBe('private, no-store');
    const body = (await response.text()).split('<div id="root">')[1]!;
    // Rendered as this member: their own profile, with its owner's buttons, and the data it came from.
    expect(body).toMatch(new RegExp(`<h1[^>]*>${me.displayName}</h1>`));
    expect(body).toContain('Edit profile');
    expect(body).toContain(`"userId":"${me.id}"`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(me.displayName);
    await expect(page.getByRole('button', { name: 'Edit profile' })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { ssrHeading: Element | null }).ssrHeading === document.querySelector('h1')),
    ).toBe(true);
    // Hydrated: the page answers a click.
    await page.getByRole('button', { name: 'Edit profile' }).click();
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();

    // Renders for different people at the same moment stay apart: each page holds its own
    // viewer's account (their email, in the data the page came with) and no one else's.
    const you = await member(request, `Rendered Neighbour ${unique}`);
    const viewers = [me, you, null, me, you, null];
    const pages = await Promise.all(
      viewers.map(async (v) =>
        (await request.get(`/user-detail/${me.id}`, { headers: v ? { cookie: `swapu_page=${v.idToken}` } : {} })).text(),
      ),
    );
    pages.forEach((html, i) => {
      const viewer = viewers[i];
      for (const someone of [me, you]) expect(html.includes(someone.email), `page ${i}`).toBe(someone === viewer);
    });

    // Nobody else gets that HTML: a guest (no cookie), or a token the API would not take, gets the
    // plain page, with nothing of the member in it.
    for (const headers of [{}, { cookie: `swapu_page=${me.idToken}x` }] as Record<string, string>[]) {
      const other = await request.get(`/user-detail/${me.id}`, { headers });
      expect(other.headers()['cache-control']).toBe('no-cache');
      const html = await other.text();
      expect(html).not.toContain('id="swapu-ssr"');
      expect(html).not.toContain(me.displayName);
    }

    // Logging out takes the cookie away.
    await page.getByRole('button', { name: /account menu/i }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect.poll(pageCookie).toBeUndefined();
    expect(problems).toEqual([]);
  });

  test('an early-access listing is in no guest HTML and no sitemap until 24 hours have passed', async ({ request }) => {
    const owner = await member(request, 'Early Owner');
    const title = `Early kayak ${Date.now()}`;
    const id = await listItem(request, owner, title);
    const html = await (await request.get(`/viewPost/${id}`)).text();
    expect(html).not.toContain(title);
    const sitemap = await (await request.get('/sitemap-posts.xml?page=1')).text();
    expect(sitemap).not.toContain(id);
    await backdate(request, id, 25);
    await expect.poll(async () => (await (await request.get(`/viewPost/${id}`)).text()).includes(title), { timeout: 5000 }).toBe(true);
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
