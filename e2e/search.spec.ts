import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test';
import { createAccount, latestMailTo, signInWithStorage } from './support/accounts';
import { listItem, subscriber } from './support/fixtures';

/** A word nobody else uses (letters only: the completions list keeps words that start with a letter). */
function uniqueWord(prefix: string) {
  const letters = (Date.now() * 1000 + Math.floor(Math.random() * 1000)).toString(26).replace(/\d/g, (d) => 'qrstuvwxyz'[Number(d)]!);
  return `${prefix}${letters}`;
}

const FITZROY = { suburb: 'Fitzroy', postcode: '3065' };
const SYDNEY = { suburb: 'Sydney', postcode: '2000' };

/** A live listing made through the API by its owner (search needs only these fields to differ). */
async function publish(
  request: APIRequestContext,
  owner: { idToken: string },
  item: { title: string; categories: string[]; cashValueCents: number; location: { suburb: string; postcode: string } },
) {
  const { title, ...patch } = item;
  return { id: await listItem(request, owner, title, { patch: { ...patch, keywords: [], description: 'Made for a search journey.' } }) };
}

const headerSearch = (page: Page) => page.getByRole('search', { name: 'Search SwapU' }).filter({ visible: true }).first();
const cards = (page: Page) => page.getByTestId('post-card');

test.describe('search and discovery', () => {
  test('search from the header with a completion, refine by category and distance, sort by price and open a result @phone', async ({
    page,
    request,
  }) => {
    const word = uniqueWord('zorb');
    const seller = await createAccount(request);
    const helmet = await publish(request, seller, {
      title: `${word} bicycle helmet`,
      categories: ['bicycles'],
      cashValueCents: 4_000,
      location: FITZROY,
    });
    const road = await publish(request, seller, {
      title: `${word} road bicycle`,
      categories: ['bicycles'],
      cashValueCents: 30_000,
      location: FITZROY,
    });
    await publish(request, seller, { title: `${word} bicycle pump`, categories: ['bicycles'], cashValueCents: 2_000, location: SYDNEY });
    await publish(request, seller, {
      title: `${word} camping lantern`,
      categories: ['camping-and-fishing'],
      cashValueCents: 2_500,
      location: FITZROY,
    });
    // The completions' word list is rebuilt on a timer; the test hook rebuilds it now.
    expect((await request.post('/api/test/search/terms')).status()).toBe(200);

    await signInWithStorage(page, await subscriber(request));
    await page.goto('/');
    const keyword = headerSearch(page).getByRole('combobox', { name: 'Keyword' });
    await keyword.fill(word.slice(0, -2));
    const completion = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: word, exact: true });
    await expect(completion).toBeVisible();
    // Keyboard: the arrow picks the completion, Enter searches for it.
    await keyword.press('ArrowDown');
    await expect(completion).toHaveAttribute('aria-selected', 'true');
    await keyword.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?keyword=${word}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for “${word}”`);
    await expect(page.getByTestId('result-count')).toHaveText(/^4 results/);
    await expect(cards(page)).toHaveCount(4);

    // Refine by category: the facet chip says how many.
    const bikes = page.getByRole('navigation', { name: 'Categories in these results' }).getByRole('button', { name: /^Bicycles/ });
    await expect(bikes).toHaveText('Bicycles3');
    await bikes.click();
    await expect(page).toHaveURL(/category=bicycles/);
    await expect(page.getByTestId('result-count')).toHaveText(/^3 results/);
    await expect(bikes).toHaveAttribute('aria-pressed', 'true');

    // Refine by distance in the filters panel: within 10 km of Fitzroy's postcode.
    await page.getByRole('main').getByRole('button', { name: 'Filters' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await panel.getByRole('combobox', { name: 'Within' }).selectOption('10');
    await panel.getByLabel('Suburb or postcode').fill('3065');
    await panel.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/distance=10&near=3065/);
    await expect(page.getByTestId('result-count')).toHaveText(/^2 results near .*3065/);
    await expect(cards(page)).toHaveCount(2);
    await expect(page.getByTestId('post-distance').first()).toContainText('away');

    // Sort by price, highest first, and open the first result.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price_desc');
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(cards(page).first().locator('[data-user-content]')).toHaveText(`${word} road bicycle`);
    await expect(cards(page).nth(1).locator('[data-user-content]')).toHaveText(`${word} bicycle helmet`);
    await cards(page).first().click();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${road.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${word} road bicycle`);

    // Back returns to the same search, sorted the same way.
    await page.goBack();
    await expect(page).toHaveURL(/sort=price_desc/);
    await expect(cards(page).nth(1)).toHaveAttribute('href', `/viewPost/${helmet.id}`);
  });

  test('a saved search alerts its owner when someone lists a match: notification and email', async ({ browser, request }) => {
    const word = uniqueWord('kwol');
    const ana = await createAccount(request);
    const ben = await createAccount(request);
    // The alert sweep starts from its first run: run it once before anything is listed.
    expect((await request.post('/api/test/search/alerts', { data: {} })).status()).toBe(200);

    const context = await browser.newContext();
    const page = await context.newPage();
    await signInWithStorage(page, ana);
    await page.goto(`/search?keyword=${word}`);
    await expect(page.getByRole('heading', { level: 2, name: 'No results' })).toBeVisible();
    await page.getByRole('button', { name: 'Save search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save this search' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(word);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Search “${word}” saved. We'll tell you about new matches.`)).toBeVisible();
    await page.getByRole('button', { name: 'Saved searches' }).click();
    const drawer = page.getByRole('dialog', { name: 'Saved searches' });
    await expect(drawer.getByTestId('saved-search')).toHaveCount(1);
    await expect(drawer.getByTestId('saved-search')).toContainText(word);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // Ben lists a match. Ana is not a subscriber: she hears nothing yet…
    const kayak = await publish(request, ben, {
      title: `${word} kayak paddle`,
      categories: ['water-sports'],
      cashValueCents: 9_000,
      location: FITZROY,
    });
    expect((await request.post('/api/test/search/alerts', { data: {} })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Notifications', exact: true }).first()).toBeVisible();
    // …until the item is a day old (moved back a day and a few seconds), when everyone may see it.
    expect((await request.post(`/api/test/posts/${kayak.id}/backdate`, { data: { hours: 24.003 } })).status()).toBe(204);
    // The server's own sweep (every minute) may get there first, so this one's count may be 0: the
    // notification below, one and only one, is what shows the alert went out.
    expect((await request.post('/api/test/search/alerts', { data: {} })).status()).toBe(200);

    await page.reload();
    await expect(page.getByTestId('notification-count')).toContainText('1');
    await page.goto('/notification');
    const note = page.getByTestId('notification').first();
    await expect(note).toContainText(`New item for your saved search “${word}”: ${word} kayak paddle`);
    await note.click();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${kayak.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: `${word} kayak paddle` })).toBeVisible();

    const mail = await latestMailTo(request, ana.email, 'saved_search');
    expect(mail.text).toContain(`/viewPost/${kayak.id}`);
    expect(mail.text).toContain(`${word} kayak paddle`);

    // The saved search can be deleted from the same list.
    await page.goto(`/search?keyword=${word}`);
    await page.getByRole('button', { name: 'Saved searches' }).click();
    await drawer.getByRole('button', { name: `Delete saved search ${word}` }).click();
    await expect(page.getByText(`Saved search “${word}” deleted.`)).toBeVisible();
    await expect(drawer.getByText('No saved searches yet. Search for something and tap Save search.')).toBeVisible();
    await context.close();
  });

  test('the category finder narrows as you type and says when nothing matches @phone', async ({ page, request }) => {
    await signInWithStorage(page, await createAccount(request));
    await page.goto('/categories-filter');
    const box = page.getByRole('textbox', { name: 'Category name' });
    await box.fill('spaceships');
    await expect(page.getByText('Sorry, we could not find any category matching your search')).toBeVisible();
    await expect(page.getByTestId('category-match')).toHaveCount(0);
    await box.fill('bicy');
    await expect(page.getByTestId('category-match')).toHaveCount(1);
    await page.getByRole('link', { name: 'Bicycles' }).click();
    await expect(page).toHaveURL(/\/search\?category=bicycles$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bicycles');
  });

  test("/search with nothing to look for says 'Search needs at least one term' and does not search @phone", async ({ page }) => {
    const searches: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/v1/search') searches.push(r.url());
    });
    await page.goto('/search');
    await expect(page.getByRole('alert').filter({ hasText: 'Search needs at least one term' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Search filters' });
    await form.getByRole('button', { name: 'Show results' }).click();
    await expect(form.getByText('Search needs at least one term')).toBeVisible();
    expect(searches).toEqual([]);

    // Distance without a place is refused before leaving the form, in the catalogue's words.
    await form.getByRole('combobox', { name: 'Within' }).selectOption('25');
    await form.getByRole('button', { name: 'Show results' }).click();
    await expect(form.getByText('Please enter valid address')).toBeVisible();
    await form.getByLabel('Suburb or postcode').fill('2000');
    // Moving on from the field, as a person does: its suggestions would otherwise cover the button.
    await form.getByLabel('Suburb or postcode').press('Tab');
    await form.getByRole('button', { name: 'Show results' }).click();
    await expect(page).toHaveURL(/\/search\?distance=25&near=2000$/);
    await expect(page.getByTestId('result-count')).toHaveText(/results? near/);
  });

  test('the instant-search playground logs every keystroke with the server time and the round trip', async ({ page }) => {
    await page.goto('/testSearchAlgolia');
    const box = page.getByRole('textbox', { name: 'Search as you type' });
    await box.pressSequentially('bik', { delay: 80 });
    const rows = page.getByTestId('keystroke');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('bik');
    await expect(rows.first()).toContainText(/\d+(\.\d)? ms/);
    await expect(page.getByTestId('raw-json').first()).toContainText('"tookMs"');
    await box.press('Backspace');
    await box.press('Backspace');
    await box.press('Backspace');
    await expect(rows.first()).toContainText('Search needs at least one term');
  });
});
