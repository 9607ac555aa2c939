import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { backdate, listItem, member } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    // The spotlight follows the resize on the next frame.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png` });
  }
  if (size) await page.setViewportSize(size);
};

/** The tour's popover (driver.js draws it as a dialog named by its title). */
const step = (page: Page) => page.getByRole('dialog');
/** The element the tour spotlights. */
const spotlit = (page: Page) => page.locator('.driver-active-element');
const skipTour = (page: Page) => page.evaluate(() => window.localStorage.getItem('skipTour'));

/** A listing of our own in the public feed (past early access), so the tour has one to show. */
async function publicListing(request: Parameters<typeof member>[0]) {
  const owner = await member(request, 'Tove Tour');
  const id = await listItem(request, owner, `Sea kayak ${Date.now()}`, { patch: { categories: ['water-sports'] } });
  await backdate(request, id, 25);
}

test.describe('the guided tour', () => {
  test('a first-time visitor is invited, tours the real pages, goes back, skips; skipTour keeps the invitation away @phone', async ({
    page,
    request,
  }) => {
    await publicListing(request);
    await page.goto('/');
    const invite = page.getByRole('region', { name: 'Guided tour' });
    await expect(invite).toContainText('New to SwapU?');
    await shot(page, 'tour-invite');
    await invite.getByRole('button', { name: 'Take the tour' }).click();

    // 1: search, on the search page of the shown listing's category, spotlighting the header's search box.
    await expect(step(page)).toHaveAccessibleName('Search everything');
    await expect(step(page)).toContainText('Step 1 of 6');
    await expect(page).toHaveURL(/\/search\?category=[a-z-]+$/);
    await expect(spotlit(page)).toHaveAttribute('data-tour', 'search');
    await expect(spotlit(page).getByRole('search')).toBeVisible();
    await expect(invite).toBeHidden();
    await expect(step(page).getByRole('button', { name: 'Back' })).toBeHidden();
    await shot(page, 'tour-1-search');

    // 2: a real listing from the public feed.
    await step(page).getByRole('button', { name: 'Next' }).click();
    await expect(step(page)).toHaveAccessibleName('A listing');
    await expect(step(page)).toContainText('Step 2 of 6');
    await expect(page).toHaveURL(/\/viewPost\/[0-9a-f-]{36}$/);
    const listingUrl = page.url();
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(spotlit(page)).toHaveAttribute('data-tour', 'listing');
    await shot(page, 'tour-2-listing');

    // 3: making an offer, at the listing's own (public) offer button; the spotlit button does not navigate.
    await step(page).getByRole('button', { name: 'Next' }).click();
    await expect(step(page)).toHaveAccessibleName('Make an offer');
    await expect(spotlit(page)).toHaveAttribute('data-tour', 'make-offer');
    await expect(spotlit(page).getByRole('link', { name: 'Make an offer' })).toHaveAttribute('href', /^\/offer-item\//);
    expect(page.url()).toBe(listingUrl);
    await shot(page, 'tour-3-offer');

    // Back goes back a step, Next on again.
    await step(page).getByRole('button', { name: 'Back' }).click();
    await expect(step(page)).toContainText('Step 2 of 6');
    await step(page).getByRole('button', { name: 'Next' }).click();
    await expect(step(page)).toContainText('Step 3 of 6');
    // Back and Next pressed while the spotlight is still moving: it ends on one element only (the
    // one left behind used to stay spotlit and unclickable until the tour ended).
    await step(page).getByRole('button', { name: 'Back' }).click();
    await step(page).getByRole('button', { name: 'Next' }).click();
    await expect(step(page)).toContainText('Step 3 of 6');
    await expect(spotlit(page)).toHaveCount(1);
    await expect(spotlit(page)).toHaveAttribute('data-tour', 'make-offer');

    // 4: Swap Swipe, the guests' sample deck.
    await step(page).getByRole('button', { name: 'Next' }).click();
    await expect(step(page)).toHaveAccessibleName('Swap Swipe');
    await expect(page).toHaveURL(/\/swap-swipe$/);
    await expect(spotlit(page)).toHaveAttribute('data-tour', 'swap-swipe');
    await expect(spotlit(page).getByTestId('swipe-sample')).toBeVisible();
    await shot(page, 'tour-4-swipe');

    // Skip tour: the overlay goes, the visitor stays where they are, and the device remembers.
    await step(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(step(page)).toBeHidden();
    await expect(page.locator('.driver-overlay')).toHaveCount(0);
    await expect(page).toHaveURL(/\/swap-swipe$/);
    expect(await skipTour(page)).toBe('true');
    await page.getByRole('link', { name: 'How swap chains work' }).click();
    await expect(page).toHaveURL(/\/FAQ$/);

    await page.goto('/');
    await expect(page.getByTestId('post-card').first()).toBeVisible();
    // Everything the home page loads has loaded: an invitation would have come with it.
    await page.waitForLoadState('networkidle');
    await expect(invite).toBeHidden();
  });

  test('from /demo to Finish over all six steps, in order; /demo still offers it afterwards @phone', async ({ page, request }) => {
    await publicListing(request);
    await page.goto('/demo');
    await expect(page.getByRole('heading', { level: 1, name: 'Take the guided tour' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveText([
      '1Search everything',
      '2A listing',
      '3Make an offer',
      '4Swap Swipe',
      '5Swap chains',
      '6Delivery',
    ]);
    await shot(page, 'tour-demo');
    await page.getByRole('button', { name: 'Start the tour' }).click();

    const stops: [string, RegExp, string][] = [
      ['Search everything', /\/search\?category=/, 'search'],
      ['A listing', /\/viewPost\//, 'listing'],
      ['Make an offer', /\/viewPost\//, 'make-offer'],
      ['Swap Swipe', /\/swap-swipe$/, 'swap-swipe'],
      ['Swap chains', /\/swap-swipe$/, 'swap-chains'],
      ['Delivery', /\/delivery-calculator$/, 'delivery'],
    ];
    for (const [i, [title, url, target]] of stops.entries()) {
      if (i > 0) await step(page).getByRole('button', { name: 'Next' }).click();
      await expect(step(page)).toHaveAccessibleName(title);
      await expect(step(page)).toContainText(`Step ${i + 1} of 6`);
      await expect(page).toHaveURL(url);
      await expect(spotlit(page)).toHaveAttribute('data-tour', target);
      if (target === 'swap-chains') await shot(page, 'tour-5-chains');
    }
    await shot(page, 'tour-6-delivery');
    await expect(step(page).getByRole('button', { name: 'Next' })).toBeHidden();
    await step(page).getByRole('button', { name: 'Finish' }).click();
    await expect(step(page)).toBeHidden();
    await expect(page).toHaveURL(/\/delivery-calculator$/);
    expect(await skipTour(page)).toBe('true');
    // The calculator is usable again once the overlay has gone.
    await page.getByRole('button', { name: 'Get a quote' }).click();

    await page.goto('/demo');
    await expect(page.getByTestId('tour-seen-before')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start the tour' })).toBeEnabled();
  });

  test('Escape skips the tour at any step, and a visitor in pt-PT takes it in European Portuguese', async ({ page, request }) => {
    await publicListing(request);
    await page.addInitScript(() => window.localStorage.setItem('swapu.lang', 'pt-PT'));
    await page.goto('/');
    await page.getByRole('region', { name: 'Visita guiada' }).getByRole('button', { name: 'Fazer a visita' }).click();
    await expect(step(page)).toHaveAccessibleName('Pesquise tudo');
    await step(page).getByRole('button', { name: 'Seguinte' }).click();
    await expect(step(page)).toContainText('Passo 2 de 6');
    await expect(step(page).getByRole('button', { name: 'Saltar visita' })).toBeVisible();
    await shot(page, 'tour-pt-PT');
    await page.keyboard.press('Escape');
    await expect(step(page)).toBeHidden();
    expect(await skipTour(page)).toBe('true');
  });
});
