import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import { journeyBrowser } from '../scripts/chromium-path.mjs';
import { expect, test } from './support/test';
import { createAccount, signInWithStorage, type TestAccount } from './support/accounts';
import { docsShot } from './support/docs-shots';
import { member } from './support/fixtures';

const photo = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();
const step = (page: Page, n: number) => expect(page.getByTestId('listing-progress')).toHaveText(`Step ${n} of 6`);

/** A listing made through the API, as its owner: a draft, or published when `publish` is set. */
async function apiListing(request: APIRequestContext, account: TestAccount, title: string, publish: boolean) {
  const headers = { authorization: `Bearer ${account.idToken}` };
  const res = await request.post('/api/v1/posts', {
    headers,
    data: publish
      ? {
          title,
          categories: ['camping-and-fishing'],
          cashValueCents: 8000,
          weightKg: 4,
          lengthCm: 60,
          widthCm: 20,
          heightCm: 20,
          location: { suburb: 'Fitzroy', postcode: '3065' },
        }
      : { title },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  if (publish) expect((await request.post(`/api/v1/posts/${id}/publish`, { headers })).status()).toBe(200);
  return id;
}

test.describe('listing an item', () => {
  test('a new member lists an item with two photos through all six steps, publishes it and finds it on the home page @phone', async ({
    page,
    request,
  }) => {
    // A name, as a member has one: the guides' screenshots show it in the header.
    const account = await member(request, 'Jordan Lee');
    await signInWithStorage(page, account);
    const stamp = String(Date.now());
    const title = `Trek mountain bike ${stamp}`;
    await page.goto('/create');
    await expect(page.getByRole('heading', { level: 1, name: 'List an item' })).toBeVisible();
    await step(page, 1);

    // 1. Photos: two at once; the first photo added starts the draft, which gets its own address.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photos' }).click();
    await (await chooser).setFiles([photo('avatar.jpg'), photo('bike.jpg')]);
    await expect(page.getByTestId('photo-thumb')).toHaveCount(2, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/editPost\/[^/?]+\?step=1$/);
    const postId = new URL(page.url()).pathname.split('/').pop()!;
    const second = await page.getByTestId('photo-thumb').nth(1).locator('img').getAttribute('src');
    await page.getByRole('button', { name: 'Move photo 2 left' }).click();
    await expect(page.getByTestId('photo-thumb').first().locator('img')).toHaveAttribute('src', second!);
    await expect(page.getByText('Photos: 2 of 10')).toBeVisible();
    await docsShot(page, 'guide-listing-1-photos', { at: page.getByRole('heading', { level: 1 }) });
    await next(page);

    // 2. Details
    await step(page, 2);
    await page.getByLabel(/^Title/).fill(title);
    await page.getByLabel('Description').fill('21 speed, new tyres last spring. Helmet included.');
    await page.getByRole('radio', { name: 'Used-like new' }).check();
    await next(page);

    // 3. Categories and keywords
    await step(page, 3);
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Please choose at least one category');
    const categories = page.getByRole('main').getByRole('combobox', { name: 'Categories', exact: true });
    await categories.click();
    await categories.fill('Bicy');
    await page.getByRole('listbox').getByRole('option', { name: 'Bicycles' }).click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const keywords = page.getByRole('combobox', { name: 'Keywords', exact: true });
    await keywords.fill('mountain bike');
    await keywords.press('Enter');
    await next(page);

    // 4. Value and wishes
    await step(page, 4);
    await page.getByLabel(/^Estimated cash value/).fill('250');
    await page.getByRole('switch', { name: 'Open to selling' }).check();
    await expect(page.getByRole('switch', { name: 'Open to selling' })).toBeChecked();
    await next(page);

    // 5. Size, weight, materials, delivery: a preset fills in the measures.
    await step(page, 5);
    await page.getByRole('button', { name: /^Carry-on/ }).click();
    await expect(page.getByLabel(/^Length \(cm\)/)).toHaveValue('56');
    await expect(page.getByLabel(/^Weight \(kg\)/)).toHaveValue('10');
    await page.getByLabel(/^Weight \(kg\)/).fill('13.5');
    await page.getByRole('button', { name: 'Add material' }).click();
    await page.getByRole('combobox', { name: 'Material 1' }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Aluminium' }).click();
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Please choose a material and its percentage together');
    await page.getByLabel('Percentage of material 1').fill('70');
    // The courier is named for what it does, not for a company (the adapter may be any courier).
    await expect(page.getByRole('radio', { name: 'Courier', exact: true })).toBeVisible();
    await page.getByRole('radio', { name: 'Person to person' }).check();
    await next(page);

    // 6. Location, summary, publish.
    await step(page, 6);
    const suburb = page.getByRole('combobox', { name: 'Suburb or postcode' });
    await suburb.fill('Fitzr');
    await page.getByRole('listbox').getByRole('option', { name: 'Fitzroy VIC 3065' }).click();
    const summary = page.getByTestId('listing-summary');
    await expect(summary).toContainText(title);
    await expect(summary).toContainText('A$250');
    await expect(summary).toContainText('56 × 36 × 23 cm');
    await docsShot(page, 'guide-listing-2-summary', { at: summary, align: 'center', hide: [stamp] });
    await page.getByRole('button', { name: 'Publish' }).click();

    // The toast first: it closes by itself after 4 s, and on a busy CI machine the listing's page
    // once took longer than that to show its heading (the toast had been seen, then was gone).
    await expect(page.getByText('Your item is live!')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${postId}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await docsShot(page, 'guide-listing-3-live', { hide: [stamp] });

    // Younger than 24 hours, so hidden from guests, but its owner sees it at the top of the feed.
    await page.goto('/');
    await expect(page.getByTestId('post-card').first()).toContainText(title);
    await expect(page.getByRole('link', { name: title })).toHaveAttribute('href', `/viewPost/${postId}`);
  });

  test('reloading in the middle of the form resumes the same draft at the same step @phone', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInWithStorage(page, account);
    await page.goto('/create');
    // A listing needs a photo: the first one starts the draft, and the address becomes the draft's own.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose photos' }).click();
    await (await chooser).setFiles(photo('bike.jpg'));
    await expect(page.getByTestId('photo-thumb')).toHaveCount(1, { timeout: 30_000 });
    await expect(page).toHaveURL(/\/editPost\/[^/?]+\?step=1$/);
    await next(page);
    await step(page, 2);
    await page.getByLabel(/^Title/).fill('Four person dome tent');
    await expect(page).toHaveURL(/\/editPost\/[^/?]+\?step=2$/);
    const draftUrl = new URL(page.url()).pathname;
    await next(page);
    await page.getByRole('main').getByRole('combobox', { name: 'Categories', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Camping and fishing' }).click();
    await next(page);
    await step(page, 4);
    await page.getByLabel(/^Estimated cash value/).fill('89.95');
    await expect(page.getByTestId('save-status')).toHaveText('Draft saved');

    await page.reload();
    await step(page, 4);
    await expect(page).toHaveURL(new RegExp(`${draftUrl}\\?step=4$`));
    await expect(page.getByLabel(/^Estimated cash value/)).toHaveValue('89.95');
    await page.getByRole('button', { name: 'Back' }).click();
    await step(page, 3);
    await expect(page.getByRole('main').getByText('Camping and fishing')).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel(/^Title/)).toHaveValue('Four person dome tent');
  });

  test('"Next" with no cash value shows the exact message and stays on the step @phone', async ({ page, request }) => {
    const account = await createAccount(request);
    const id = await apiListing(request, account, 'Camp stove', false);
    await signInWithStorage(page, account);
    await page.goto(`/editPost/${id}?step=4`);
    await step(page, 4);
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('Please enter cash value estimate for your item');
    await step(page, 4);
    await page.getByLabel(/^Estimated cash value/).fill('about forty');
    await expect(page.getByRole('alert')).toHaveText('Please enter valid cash value');
    await next(page);
    await step(page, 4);
    await page.getByLabel(/^Estimated cash value/).fill('40');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await next(page);
    await step(page, 5);
  });

  test('editing a published item keeps its id and the post page shows the new title @phone', async ({ page, request }) => {
    const account = await createAccount(request);
    const id = await apiListing(request, account, 'Camping chairs', true);
    await signInWithStorage(page, account);
    await page.goto(`/editPost/${id}?step=2`);
    await expect(page.getByRole('heading', { level: 1, name: 'Edit your item' })).toBeVisible();
    await expect(page.getByLabel(/^Title/)).toHaveValue('Camping chairs');
    await page.getByLabel(/^Title/).fill('Two folding camping chairs');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The toast first, as after publishing: it closes by itself after 4 s, and in a CI run the
    // post page's heading took longer than that (seen twice in a row, on desktop).
    await expect(page.getByText('Your changes are saved.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/viewPost/${id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Two folding camping chairs');
  });

  test('a photo the server cannot read, or one too big to send, is explained in the catalogue words', async ({ page, request }) => {
    const account = await createAccount(request);
    await signInWithStorage(page, account);
    await page.goto('/create');
    const pick = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Choose photos' }).click();
      await (await chooser).setFiles(file);
    };
    await pick({ name: 'holiday.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('this is not a picture') });
    await expect(page.getByRole('alert')).toHaveText('Please use valid image');
    await expect(page.getByTestId('photo-thumb')).toHaveCount(0);
    await pick({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(25 * 1024 * 1024) });
    await expect(page.getByRole('alert')).toHaveText('File too large. Please choose file under 25MB');
    await expect(page.getByTestId('photo-uploading')).toHaveCount(0);
  });

  test.describe('taking a photo with the camera (desktop: phones use their own camera app)', () => {
    test('the picture taken becomes a photo of the draft', async ({ request }, info) => {
      // Chromium's fake camera, allowed without asking: a browser of its own with those switches.
      const browser = await chromium.launch({
        executablePath: journeyBrowser(),
        args: ['--headless', '--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
      });
      try {
        const context = await browser.newContext({ baseURL: info.project.use.baseURL, permissions: ['camera'] });
        const page = await context.newPage();
        const account = await createAccount(request);
        await signInWithStorage(page, account);
        await page.goto('/create');
        await page.getByRole('button', { name: 'Take photo' }).click();
        const dialog = page.getByRole('dialog', { name: 'Take a photo' });
        await expect(dialog.getByLabel('Camera preview')).toBeVisible();
        await dialog.getByRole('button', { name: 'Take photo' }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByTestId('photo-thumb')).toHaveCount(1, { timeout: 30_000 });
        await expect(page).toHaveURL(/\/editPost\/[^/?]+\?step=1$/);
      } finally {
        await browser.close();
      }
    });

    test('a refused camera says so in the catalogue words', async ({ page, request }) => {
      const account = await createAccount(request);
      await signInWithStorage(page, account);
      await page.addInitScript(() => {
        navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
      });
      await page.goto('/create');
      await page.getByRole('button', { name: 'Take photo' }).click();
      await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Sorry, we could not open camera');
    });
  });
});
