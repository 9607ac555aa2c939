import { expect, test } from './support/test';
import { backdate, listItem, member } from './support/fixtures';
import fs from 'node:fs';
import path from 'node:path';

const catalogue = (file: string) => JSON.parse(fs.readFileSync(path.join(import.meta.dirname, '../apps/web/src/i18n', file), 'utf8'));
const ptCommon = catalogue('pt-PT/common.json');
const enCategories = catalogue('en-US/categories.json');

test.describe('the public marketplace', () => {
  test('the home page shows the newest posts and "load more" adds the next ten @phone', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const cards = page.getByTestId('post-card');
    await expect(cards).toHaveCount(10);
    const firstTen = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect(cards).toHaveCount(20);
    const all = await cards.evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    expect(all.slice(0, 10)).toEqual(firstTen);
    expect(new Set(all).size).toBe(20);
    // Category navigation, the header search and the footer links are there.
    await expect(page.getByRole('navigation', { name: 'Browse by category' }).getByRole('link', { name: 'Bicycles' })).toBeVisible();
    await expect(page.getByRole('search').first()).toBeAttached();
    for (const name of ['FAQ', 'Terms and conditions', 'Privacy policy', 'Blog', 'Carbon calculator', 'Delivery calculator']) {
      await expect(page.getByRole('contentinfo').getByRole('link', { name })).toBeVisible();
    }
  });

  test('a post page shows every field, its photos and its owner', async ({ page, request }) => {
    // A listing of its own with a photo, just past early access, so the top of a guest's feed:
    // other journeys list photo-less items, and enough of them push the demo seed's off the first page.
    const owner = await member(request, 'Field Owner');
    const title = `Hybrid bike ${Date.now()}`;
    const id = await listItem(request, owner, title, { photo: true, patch: { materials: [{ material: 'aluminium', percent: 80 }] } });
    await backdate(request, id, 24.02);
    await page.goto('/');
    const card = page
      .getByTestId('post-card')
      .filter({ has: page.locator('img') })
      // A card is named by all it shows (price, title, place, age): its title, with a unique mark, picks it.
      .filter({ hasText: title });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    const fields = page.getByTestId('post-fields');
    for (const label of [
      'Condition',
      'Categories',
      'Keywords',
      'Wish categories',
      'Wish keywords',
      'Weight',
      'Dimensions (L × W × H)',
      'Materials',
      'Location',
      'Open to selling',
      'Open to swap for anything',
      'Delivery option',
    ]) {
      await expect(fields.getByRole('rowheader', { name: label, exact: true })).toBeVisible();
    }
    await expect(page.getByText('Description', { exact: true })).toBeVisible();
    await expect(page.getByTestId('post-owner')).not.toBeEmpty();
    await expect(page.getByTestId('post-listed')).toContainText('Listed');
    const img = page.getByTestId('post-main-image');
    await expect(img).toBeVisible();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
  });

  test('an unknown post id shows a not-found page', async ({ page }) => {
    await page.goto('/viewPost/not-a-real-post');
    await expect(page.getByRole('heading', { name: "We couldn't find that" })).toBeVisible();
  });

  test('all categories show their live counts and link to search', async ({ page }) => {
    await page.goto('/all-categories');
    const tiles = page.getByTestId('category-tile');
    await expect(tiles).toHaveCount(Object.keys(enCategories.names).length);
    const bikes = page.locator('[data-testid="category-tile"][data-slug="bicycles"]');
    const countText = await bikes.getByTestId('category-count').innerText();
    const count = Number(countText.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(0);
    await bikes.click();
    await expect(page).toHaveURL(/\/search\?category=bicycles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bicycles');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await expect(page.getByTestId('result-count')).toHaveText(count === 1 ? '1 result' : `${count.toLocaleString('en-US')} results`);
  });

  test('a guest opening a guest-blocked route lands on the home page', async ({ page }) => {
    for (const path of ['/offers', '/create', '/myswapu', '/admin/users']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
    await expect(page.getByTestId('post-card').first()).toBeVisible();
  });

  test('an unknown path that is a blog urlTitle lands on that blog post; any other goes home', async ({ page }) => {
    await page.goto('/how-to-swap-safely');
    await expect(page).toHaveURL(/\/swapu-blog\/post\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('How to swap safely');
    await page.goto('/this/is/not/anything');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the blog lists posts and opens one', async ({ page }) => {
    await page.goto('/swapu-blog');
    await page.getByRole('link', { name: /Welcome to SwapU/ }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome to SwapU');
    await expect(page.getByRole('heading', { name: 'How a swap works' })).toBeVisible();
  });

  test('switching to pt-PT changes the interface text, and it sticks', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
    await page.getByRole('combobox', { name: 'Language' }).selectOption('pt-PT');
    await expect(page.getByRole('link', { name: ptCommon.nav.login })).toBeVisible();
    await expect(page.getByRole('heading', { name: ptCommon.home.newest })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-PT');
    await page.reload();
    await expect(page.getByRole('heading', { name: ptCommon.home.newest })).toBeVisible();
  });

  test('a page whose code fails to load shows "An error occurred" with a retry', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    await page.route(/\/assets\/faq-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred' })).toBeVisible();
    await page.unroute(/\/assets\/faq-[^/]+\.js$/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  });

  test('the header search sends keyword, category and distance to /search', async ({ page }) => {
    await page.goto('/');
    const search = page.getByRole('search').filter({ visible: true }).first();
    await search.getByRole('combobox', { name: 'Keyword' }).fill('bike');
    await search.getByRole('combobox', { name: 'Category' }).selectOption('bicycles');
    await search.getByRole('combobox', { name: 'Distance' }).selectOption('25');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/search\?keyword=bike&category=bicycles&distance=25$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “bike”');
  });
});
