import { expect, test, budget } from './support/test';
import { signInWithStorage } from './support/accounts';
import { admin as newAdmin, listItem, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: import('@playwright/test').Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  const size = page.viewportSize();
  if (!dir || !size) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};

test.describe('coupons and receipts @phone', () => {
  test("an admin generates a 1-month normal code; a member redeems it for an item, then again ('Code is Invalid or Has been used'); used times counts one", async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(budget(90_000));
    const admin = await newAdmin(request);
    const owner = await member(request, 'Casey Coupon');
    const title = `Coupon bike ${test.info().project.name} ${Date.now()}`;
    await listItem(request, owner, title);

    // The admin generates one code for 5 members.
    const adminPage = await signedInPage(browser, admin);
    await adminPage.goto('/admin/coupons');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
    await adminPage.getByRole('combobox', { name: 'Type' }).click();
    await adminPage.getByRole('option', { name: '1 month normal category' }).click();
    await adminPage.getByLabel('Max uses per code').fill('5');
    await adminPage.getByRole('button', { name: 'Generate' }).click();
    const generated = adminPage.getByTestId('generated-code');
    await expect(generated).toHaveCount(1);
    const code = (await generated.textContent())!.trim();
    expect(code).toMatch(/^[A-Z0-9]{10}$/);
    const row = adminPage.getByTestId('coupon-row').filter({ hasText: code });
    await expect(row).toContainText('1 month normal category');
    await expect(row.getByTestId('coupon-used')).toHaveText('0 / 5');
    await shot(adminPage, 'admin-coupons');

    // The member redeems it for their published item.
    await signInWithStorage(page, owner);
    await page.goto('/user-coupon');
    await expect(page.getByRole('heading', { level: 1, name: 'Redeem a coupon' })).toBeVisible();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('combobox', { name: 'Item (for a one-item coupon)' }).click();
    await page.getByRole('option', { name: title }).click();
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByTestId('coupon-granted')).toHaveText(new RegExp(`^Swap Assist for ${title} until .+`));
    await expect(page.getByLabel('Coupon code')).toHaveValue('');
    await shot(page, 'user-coupon');

    // The same code again: refused in the spec's words, and nothing more granted.
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('Code is Invalid or Has been used')).toBeVisible();
    await expect(page.getByTestId('coupon-granted')).toBeHidden();

    // The item shows Swap Assist on My SwapU.
    await page.getByRole('link', { name: 'See your items on My SwapU' }).click();
    await expect(page).toHaveURL(/\/myswapu$/);

    await adminPage.reload();
    const used = adminPage.getByTestId('coupon-row').filter({ hasText: code });
    await expect(used.getByTestId('coupon-used')).toHaveText('1 / 5');

    // The admin disables the code (after a confirmation): it shows as disabled and redeems no more.
    await used.getByTestId('coupon-disable').click();
    await adminPage.getByTestId('coupon-disable-confirm').click();
    await expect(adminPage.getByText(`${code} is disabled.`)).toBeVisible();
    await expect(used.getByTestId('coupon-disabled')).toHaveText('Disabled');
    const other = await member(request, 'Dana Disabled');
    await signInWithStorage(page, other);
    await page.goto('/user-coupon');
    await page.getByLabel('Coupon code').fill(code);
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByText('Code is Invalid or Has been used')).toBeVisible();
    await adminPage.context().close();
  });

  test('a member who is not an admin sees Permission Denied on /admin/coupons', async ({ page, request }) => {
    const someone = await member(request, 'Morgan Member');
    await signInWithStorage(page, someone);
    await page.goto('/admin/coupons');
    await expect(page.getByRole('alert').filter({ hasText: 'Permission Denied' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Generate' })).toHaveCount(0);
  });

  test('a member buys tokens and finds the tax invoice on /receipts with the amount and the GST', async ({ page, request }) => {
    const buyer = await member(request, 'Riley Receipt');
    await signInWithStorage(page, buyer);

    await page.goto('/receipts');
    await expect(page.getByRole('heading', { level: 1, name: 'Receipts' })).toBeVisible();
    await expect(page.getByTestId('receipts-empty')).toContainText('No receipts yet.');

    await page.goto('/tokens');
    await page.getByRole('button', { name: '20', exact: true }).click();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page).toHaveURL(/\/checkout\/[^/]+$/);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay A$20' }).click();
    await expect(page).toHaveURL(/\/tokens\?checkout=paid$/);

    // From the tokens page's history to the list of receipts, and the receipt itself.
    await page.getByRole('link', { name: 'Receipts' }).click();
    await expect(page).toHaveURL(/\/receipts$/);
    const rows = page.getByTestId('receipt-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(/SU-\d{6}/);
    await expect(rows.first()).toContainText('A$20');
    await shot(page, 'receipts');
    await rows.first().click();
    await expect(page).toHaveURL(/\/receipts\/[^/]+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Tax invoice' })).toBeVisible();
    await expect(page.getByTestId('receipt-abn')).toHaveText(/^ABN (not configured|\d{2} \d{3} \d{3} \d{3})$/);
    await expect(page.getByTestId('receipt')).toContainText('Riley Receipt');
    await expect(page.getByTestId('receipt')).toContainText(buyer.email);
    await expect(page.getByTestId('receipt-total')).toHaveText('A$20');
    await expect(page.getByTestId('receipt-gst')).toHaveText('Includes GST of A$1.82');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    await shot(page, 'receipt');
    // On paper: the receipt without the app's header and navigation.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('header').first()).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(page.getByTestId('receipt')).toBeVisible();
    await shot(page, 'receipt-print');
  });
});
