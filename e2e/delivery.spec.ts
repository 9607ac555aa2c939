import { expect, test } from './support/test';

test.describe('delivery calculator @phone', () => {
  test('a guest gets a courier quote between two suburbs, sees the estimate, and no quote for a parcel too heavy', async ({ page }) => {
    await page.goto('/delivery-calculator');
    await expect(page.getByRole('heading', { level: 1, name: 'Delivery calculator' })).toBeVisible();

    // Nothing picked: the spec's words for an address, and no request.
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByText('Please enter valid address')).toHaveCount(2);

    await page.getByRole('combobox', { name: 'Pick up from' }).fill('Newtown');
    await page.getByRole('option', { name: 'Newtown NSW 2042' }).click();
    await page.getByRole('combobox', { name: 'Deliver to' }).fill('3065');
    await page.getByRole('option', { name: 'Fitzroy VIC 3065' }).click();
    await expect(page.getByText('Up to 35 × 25 × 5 cm, 0.5 kg')).toBeVisible();
    await page.getByRole('button', { name: 'Get a quote' }).click();

    const quote = page.getByTestId('quote');
    await expect(quote).toBeVisible();
    const price = Number((await page.getByTestId('quote-price').innerText()).replace(/[^\d.]/g, ''));
    expect(price).toBeGreaterThanOrEqual(8);
    expect(price).toBeLessThanOrEqual(10);
    await expect(quote).toContainText(/Includes GST of A\$\d/);
    await expect(page.getByTestId('quote-dates')).toHaveText(/^Picked up .+ · arrives about .+$/);
    await expect(quote).toContainText('Newtown NSW 2042 → Fitzroy VIC 3065');

    // A bigger parcel costs more.
    await page.getByRole('combobox', { name: 'Parcel size' }).click();
    await page.getByRole('option', { name: 'Check-in' }).click();
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect
      .poll(async () => Number((await page.getByTestId('quote-price').innerText()).replace(/[^\d.]/g, '')))
      .toBeGreaterThan(price + 20);

    // Over 25 kg: no courier takes it.
    await page.getByRole('combobox', { name: 'Parcel size' }).click();
    await page.getByRole('option', { name: 'My own weight and size' }).click();
    await page.getByLabel('Weight (kg)').fill('40');
    await page.getByRole('button', { name: 'Get a quote' }).click();
    await expect(page.getByRole('alert').filter({ hasText: "Sorry there's no quote for those entries" })).toBeVisible();
    await expect(quote).toBeHidden();
  });
});
