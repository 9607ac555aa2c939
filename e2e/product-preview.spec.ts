import type { Page } from '@playwright/test';
import { expect, test } from './support/test';
import { listItem, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
};

test.describe('the listing page preview @phone', () => {
  test('a member previews their draft as buyers will see it, at phone and computer width; a guest sees a sample', async ({
    browser,
    page,
    request,
  }) => {
    const me = await member(request, 'Pia Preview');
    const title = `Rattan armchair ${Date.now()}`;
    await listItem(request, me, title, { publish: false });
    const mine = await signedInPage(browser, me);
    await mine.goto('/testNewProductPage');
    await expect(mine.getByRole('heading', { level: 1, name: 'New listing page preview' })).toBeVisible();
    await expect(mine.getByTestId('preview-source')).toContainText(`Showing your draft “${title}”.`);
    const phone = test.info().project.name === 'phone';
    if (phone) {
      // One width at a time on a phone.
      await expect(mine.getByTestId('preview-desktop')).toHaveCount(0);
    } else {
      await expect(mine.getByTestId('preview-desktop')).toBeVisible();
    }
    // The framed page is the real listing page, as a buyer sees it: no owner controls.
    const frame = mine.frameLocator('[data-testid="preview-phone"]');
    await expect(frame.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(frame.getByRole('link', { name: 'Edit item' })).toHaveCount(0);
    await expect(frame.getByTestId('owner-menu')).toHaveCount(0);
    await expect(frame.getByRole('link', { name: 'Make an offer' })).toBeVisible();
    if (!phone) {
      const wide = mine.frameLocator('[data-testid="preview-desktop"]');
      await expect(wide.getByRole('heading', { level: 1, name: title })).toBeVisible();
    }
    await shot(mine, 'product-preview');
    // Without ?preview the owner's own page still has the owner's controls.
    await mine.getByRole('link', { name: 'Keep editing' }).click();
    await expect(mine).toHaveURL(/\/editPost\//);
    await mine.context().close();

    // A guest gets a sample: the newest item on SwapU.
    await page.goto('/testNewProductPage');
    await expect(page.getByTestId('preview-source')).toContainText('Showing a sample');
    await expect(page.frameLocator('[data-testid="preview-phone"]').getByRole('heading', { level: 1 })).toBeVisible();
  });
});
