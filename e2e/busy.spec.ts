import http from 'node:http';
import { expect, test } from './support/test';
import { createAccount } from './support/accounts';
import { backdate, listItem } from './support/fixtures';

/**
 * A server under more load than it takes (issue 39, decision 0042): its in-flight bound is filled
 * with real requests held open (their headers sent, their bodies not), exactly as slow clients
 * would, so every other request meets the real bound. Nothing is faked in the server: the page's
 * own requests are refused with 503 `busy` and `Retry-After` until the held requests end.
 */
class HeldLoad {
  private readonly held: http.ClientRequest[] = [];
  constructor(private readonly base: string) {}

  /** One request held in flight: an analytics event POST whose body never comes. */
  private holdOne() {
    const req = http.request(`${this.base}/api/v1/events`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': '2' },
    });
    req.on('error', () => {});
    req.on('response', (res) => res.resume());
    req.write('{');
    this.held.push(req);
  }

  private async probe() {
    return new Promise<number>((resolve, reject) => {
      http
        .get(`${this.base}/api/v1/search?keyword=probe`, { agent: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
  }

  /** Holds requests until the server refuses the next one (at most 200: the bound is 32 by default). */
  async fill() {
    for (let i = 0; i < 200; i++) {
      this.holdOne();
      // Every eighth request, and from the thirtieth on each one: is the server full yet?
      if ((i >= 30 || i % 8 === 7) && (await this.probe()) === 503) return;
    }
    throw new Error('the server never refused a request: is its in-flight bound (OVERLOAD_MAX_IN_FLIGHT) off?');
  }

  /** The held requests end: each one's slot is free again. */
  release() {
    for (const req of this.held.splice(0)) req.destroy();
  }
}

const BUSY_NOTICE = 'SwapU is busy right now. Trying again…';

test.describe('a busy server', () => {
  test('a guest searches while the server is full: the page still works, says it is busy, and shows the results once the load is gone; a page opened meanwhile reloads itself into the real page', async ({
    page,
    request,
    baseURL,
    browser,
  }) => {
    const word = `busyzorb${Date.now()
      .toString(36)
      .replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!)}`;
    const seller = await createAccount(request);
    // Past early access (24 h), so a guest finds it.
    await backdate(request, await listItem(request, seller, `${word} touring bicycle`), 25);

    await page.goto('/');
    const load = new HeldLoad(baseURL!);
    try {
      await load.fill();
      // The search page is a chunk of its own, loaded now: the web build's files are never refused,
      // so the page opens; its search is refused, and the page says so calmly and tries again.
      const keyword = page.getByRole('search', { name: 'Search SwapU' }).filter({ visible: true }).first();
      await keyword.getByRole('combobox', { name: 'Keyword' }).fill(word);
      await keyword.getByRole('combobox', { name: 'Keyword' }).press('Enter');
      await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${word}$`));
      await expect(page.getByText(BUSY_NOTICE)).toBeVisible();
      load.release();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${word}”`);
      await expect(page.getByTestId('post-card')).toHaveCount(1);
      await expect(page.getByTestId('post-card')).toContainText(`${word} touring bicycle`);
      await expect(page.getByText(BUSY_NOTICE)).toBeHidden();

      // A page opened while the server is full: the busy page, in the person's language, that
      // reloads itself (after max(5 s, Retry-After)) into the real page once there is room.
      await load.fill();
      const pt = await browser.newContext({ locale: 'pt-PT', serviceWorkers: 'block' });
      const ptPage = await pt.newPage();
      const [en, ptAnswer] = await Promise.all([page.goto('/swapu-blog'), ptPage.goto('/swapu-blog')]);
      expect(en?.status()).toBe(503);
      expect(ptAnswer?.status()).toBe(503);
      await expect(page.getByRole('alert')).toHaveText('SwapUSwapU is very busy right now. Please try again in a moment.');
      await expect(ptPage.getByRole('alert')).toHaveText('SwapUO SwapU está muito ocupado neste momento. Tente novamente daqui a pouco.');
      await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
      await expect(ptPage.locator('html')).toHaveAttribute('lang', 'pt-PT');
      load.release();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('alert').filter({ hasText: 'very busy' })).toHaveCount(0);
      await expect(ptPage.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(ptPage.getByRole('alert').filter({ hasText: 'muito ocupado' })).toHaveCount(0);
    } finally {
      load.release();
    }
  });
});
