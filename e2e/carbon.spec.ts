import type { Page } from '@playwright/test';
import { expect, test } from './support/test';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  if (!dir) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
};

test.describe('the carbon calculator @phone', () => {
  test('a guest works out the CO2e saved by swapping 2 kg of half cotton, half polyester (14 kg), then a 1.5 kg electronics item by its category (45 kg)', async ({
    page,
  }) => {
    await page.goto('/carbon-calculator');
    await expect(page.getByRole('heading', { level: 1, name: 'Carbon calculator' })).toBeVisible();
    // The factors and their sources are on the page before anything is entered.
    await expect(page.getByTestId('carbon-factors').getByRole('row', { name: /^Wool 17/ })).toBeVisible();
    await expect(page.getByTestId('carbon-sources')).toContainText('Inventory of Carbon and Energy');

    // Percentages that do not add up: refused, no result.
    await page.getByRole('textbox', { name: /^Weight/ }).fill('2');
    await page.getByRole('combobox', { name: 'Material 1' }).selectOption({ label: 'Cotton' });
    await page.getByRole('textbox', { name: 'Percentage of material 1' }).fill('50');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByRole('alert')).toHaveText('The percentages must add up to 100 (now 50)');
    await expect(page.getByTestId('carbon-result')).toBeHidden();

    await page.getByRole('button', { name: 'Add material' }).click();
    await page.getByRole('combobox', { name: 'Material 2' }).selectOption({ label: 'Polyester' });
    await page.getByRole('textbox', { name: 'Percentage of material 2' }).fill('50');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('carbon-kg')).toHaveText('14 kg CO2e');
    await expect(page.getByTestId('carbon-result')).toContainText('2 kg × 7 kg CO2e per kg');
    await shot(page, 'carbon-calculator');

    // Not sure what it is made of: the category's figure.
    await page.getByTestId('carbon-mode').getByText('Category', { exact: true }).click();
    await page.getByRole('textbox', { name: /^Weight/ }).fill('1.5');
    await page
      .getByRole('main')
      .getByRole('combobox', { name: /^Category/ })
      .selectOption({ label: 'Electronics' });
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('carbon-kg')).toHaveText('45 kg CO2e');
  });
});
