import type { APIRequestContext, Page } from '@playwright/test';
import { CATEGORIES, type CategorySlug } from '@swapu/shared/constants';
import { expect, test } from './support/test';
import { CATALOGUE } from '../apps/server/src/db/seed/catalogue';
import { CATEGORY_WORDS, namedWords } from '../apps/server/src/db/seed/fit-words';

/**
 * The demo marketplace a newcomer browses, at phone width. The one exception to "no journey
 * depends on the demo seed" (CONTRIBUTING.md): this journey is about the demo itself, on the demo
 * the journeys' server is seeded with (scripts/e2e-server.mjs). Other journeys add their own items
 * to the same server, so the item check looks only at the demo's (by their catalogue titles); the
 * counts cover every item a guest sees.
 */
const DEMO_TITLES = new Set(CATEGORIES.flatMap((c) => CATALOGUE[c].map((t) => t.title)));

const cards = (page: Page) => page.getByTestId('post-card');
const number = (text: string) => Number(text.replace(/\D/g, ''));

/** Every card of the results, scrolling until the list has as many as its count says. */
async function allCards(page: Page, count: number) {
  await expect
    .poll(async () => {
      await page.mouse.wheel(0, 5000);
      return cards(page).count();
    })
    .toBe(count);
  return cards(page).evaluateAll((els) =>
    els.map((e) => ({ title: e.querySelector('[data-user-content]')!.textContent!, href: e.getAttribute('href')! })),
  );
}

/** The demo's items among `shown` that do not name one of `category`'s words in their title or keywords. */
async function misfits(request: APIRequestContext, shown: Array<{ title: string; href: string }>, category: CategorySlug) {
  const demo = shown.filter((c) => DEMO_TITLES.has(c.title));
  expect(demo.length, 'the demo lists items in this category').toBeGreaterThan(3);
  const wrong: string[] = [];
  for (const card of demo) {
    const post = await (await request.get(`/api/v1/posts/${card.href.split('/').pop()}`)).json();
    if (!namedWords(`${post.title} ${post.keywords.join(' ')}`, CATEGORY_WORDS[category]).length) wrong.push(card.title);
  }
  return wrong;
}

test.describe('the demo marketplace', () => {
  test('the Bicycles page lists only bicycles, as many as its tile and a chip say @phone', async ({ page, request }) => {
    await page.goto('/all-categories');
    const tile = page.locator('[data-testid="category-tile"][data-slug="bicycles"]');
    const tileCount = number(await tile.getByTestId('category-count').innerText());
    await tile.click();
    await expect(page).toHaveURL(/\/search\?category=bicycles$/);
    await expect(page.getByTestId('result-count')).toHaveText(`${tileCount} results`);
    const shown = await allCards(page, tileCount);
    // Before the fix a fridge freezer and a Nerf blaster bundle were among them.
    expect(await misfits(request, shown, 'bicycles')).toEqual([]);

    // A word search: the Bicycles chip's count is what choosing it shows.
    await page.goto('/search?keyword=bike');
    const chip = page.getByRole('navigation', { name: 'Categories in these results' }).getByRole('button', { name: /^Bicycles/ });
    const chipCount = number(await chip.innerText());
    expect(chipCount).toBeGreaterThan(3);
    await chip.click();
    await expect(page).toHaveURL(/category=bicycles/);
    await expect(page.getByTestId('result-count')).toHaveText(`${chipCount} results`);
    await allCards(page, chipCount);
  });

  test('in pt-PT, the Toys page lists only toys, as many as its tile says @phone', async ({ page, request }) => {
    await page.addInitScript(() => window.localStorage.setItem('swapu.lang', 'pt-PT'));
    await page.goto('/all-categories');
    const tile = page.locator('[data-testid="category-tile"][data-slug="toys"]');
    await expect(tile).toContainText('Brinquedos');
    const tileCount = number(await tile.getByTestId('category-count').innerText());
    await tile.click();
    await expect(page).toHaveURL(/\/search\?category=toys$/);
    await expect(page.getByTestId('result-count')).toHaveText(`${tileCount} resultados`);
    expect(await misfits(request, await allCards(page, tileCount), 'toys')).toEqual([]);
  });
});
