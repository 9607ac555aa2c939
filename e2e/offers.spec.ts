import { type Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { signInWithStorage } from './support/accounts';
import { docsShot } from './support/docs-shots';
import { auth, listItem, member, signedInPage, subscriber } from './support/fixtures';

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

/** Taps the nth star of the rating (its radio input is visually hidden behind the star's label). */
async function rate(page: Page, stars: number) {
  const id = await page.getByRole('radio', { name: `${stars} star${stars === 1 ? '' : 's'}` }).getAttribute('id');
  await page.locator(`label[for="${id}"]`).click();
}

test.describe('offers, swaps and reviews', () => {
  test('an offer with cash, a counter-offer asking for more, accepted, received by both, reviewed by both', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const ben = await member(request, 'Ben Carter');
    const bike = await listItem(request, ben, 'Road bike, 56 cm');
    const ana = await subscriber(request, 'Ana Swapper');
    await listItem(request, ana, 'Breville espresso machine', { patch: { categories: ['kitchen'], cashValueCents: 25_000 } });
    const anaBefore = await (await request.get(`/api/v1/users/${ana.id}`, { headers: auth(ana) })).json();

    // Ana offers her espresso machine and A$50 on Ben's bike, in five steps.
    const anaPage = await signedInPage(browser, ana);
    await anaPage.goto(`/viewPost/${bike}`);
    await anaPage.getByRole('link', { name: 'Make an offer' }).click();
    await expect(anaPage.getByRole('heading', { level: 1, name: 'Make an offer' })).toBeVisible();
    await expect(anaPage.getByTestId('offer-progress')).toHaveText('Step 1 of 5');
    await anaPage.getByRole('checkbox', { name: 'Breville espresso machine' }).click();
    await expect(anaPage.getByTestId('offer-items-count')).toHaveText('1 of 5 items chosen');
    await docsShot(anaPage, 'guide-offers-1-items', { at: anaPage.getByTestId('offer-progress') });
    await next(anaPage);
    await expect(anaPage.getByTestId('cash-only')).toHaveCount(0);
    await anaPage.getByTestId('cash-add').click();
    await anaPage.getByLabel(/^Amount/).fill('50');
    await next(anaPage);
    await anaPage.getByRole('textbox', { name: 'Message' }).fill('Hi Ben, my espresso machine and A$50 for your bike?');
    await next(anaPage);
    await expect(anaPage.getByTestId('offer-expiry')).toContainText('7 days');
    await next(anaPage);
    await expect(anaPage.getByTestId('offer-summary-cash')).toHaveText('You add A$50');
    await docsShot(anaPage, 'guide-offers-2-review', { at: anaPage.getByTestId('offer-progress') });
    await anaPage.getByRole('button', { name: 'Send offer' }).click();
    await expect(anaPage.getByText('Offer sent to Ben Carter.')).toBeVisible();
    await expect(anaPage).toHaveURL(/\/swap-offer\/[^/]+$/);
    await expect(anaPage.getByTestId('offer-state')).toHaveText('Sent');
    await expect(anaPage.getByTestId('offer-time-left')).toHaveText('7 days left');

    // Ben finds it under Received and counters: the same items, A$80 instead.
    const benPage = await signedInPage(browser, ben);
    await benPage.goto('/offers');
    const row = benPage.getByTestId('offer-row').filter({ hasText: 'Road bike, 56 cm' });
    await expect(row).toContainText('Received');
    await expect(row).toContainText(`with ${ana.displayName}`);
    await expect(row).toContainText('1 item');
    await expect(row).toContainText('+ A$50 cash');
    await expect(row).toContainText('7 days left');
    await row.getByRole('link').click();
    await expect(benPage.getByTestId('offer-cash')).toHaveText(`${ana.displayName} adds A$50`);
    await expect(benPage.getByTestId('offer-message')).toContainText('my espresso machine and A$50');
    await docsShot(benPage, 'guide-offers-3-answer');
    await benPage.getByRole('button', { name: 'Counter-offer' }).click();
    const dialog = benPage.getByRole('dialog', { name: 'Counter-offer' });
    await expect(dialog.getByRole('checkbox', { name: 'Breville espresso machine' })).toBeChecked();
    await next(benPage);
    await expect(dialog.getByTestId('cash-add')).toContainText(`Ask ${ana.displayName} to add cash`);
    await dialog.getByLabel(/^Amount/).fill('80');
    await next(benPage);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Make it A$80 and it is a deal.');
    await next(benPage);
    await next(benPage);
    await expect(dialog.getByTestId('offer-summary-cash')).toHaveText(`You ask ${ana.displayName} to add A$80`);
    await dialog.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(benPage.getByText('Counter-offer sent to')).toBeVisible();
    await expect(benPage.getByTestId('offer-chain')).toContainText('This is a counter-offer to an earlier offer');
    await expect(benPage.getByTestId('offer-state')).toHaveText('Sent');
    const counterUrl = benPage.url();

    // Ana sees the counter-offer under Received and accepts it.
    await anaPage.goto('/offers');
    const counterRow = anaPage.getByTestId('offer-row').filter({ hasText: 'Road bike, 56 cm' });
    await expect(counterRow).toHaveCount(1);
    await expect(counterRow).toContainText('Received');
    await counterRow.getByRole('link').click();
    await expect(anaPage).toHaveURL(counterUrl);
    await expect(anaPage.getByTestId('offer-cash')).toHaveText('Ben Carter asks you to add A$80');
    await anaPage.getByRole('button', { name: 'Accept offer' }).click();
    await expect(anaPage.getByText('Offer accepted. The items are reserved for this swap.')).toBeVisible();
    await expect(anaPage.getByTestId('offer-state')).toHaveText('Accepted');
    // The earlier offer says what came of it.
    await anaPage.getByRole('link', { name: 'an earlier offer' }).click();
    await expect(anaPage.getByTestId('offer-state')).toHaveText('Countered');
    await expect(anaPage.getByTestId('offer-chain')).toContainText('Countered:');
    await anaPage.goto(counterUrl);

    // Both confirm they received their side: the swap is completed.
    await anaPage.getByRole('button', { name: 'Confirm I received my side' }).click();
    await expect(anaPage.getByText("Ben Carter hasn't confirmed yet")).toBeVisible();
    await benPage.reload();
    await expect(benPage.getByTestId('offer-state')).toHaveText('Accepted');
    await benPage.getByRole('button', { name: 'Confirm I received my side' }).click();
    await expect(benPage.getByTestId('offer-state')).toHaveText('Completed');
    await expect(benPage.getByTestId('offer-history')).toContainText('Ben Carter confirmed receipt');

    // Each reviews the other once.
    await benPage.getByRole('link', { name: `Review ${ana.displayName}` }).click();
    await expect(benPage).toHaveURL(/\/review-swap\/[^/]+$/);
    await benPage.getByRole('button', { name: 'Post review' }).click();
    await expect(benPage.getByText('Please choose 1 to 5 stars.')).toBeVisible();
    await rate(benPage, 4);
    await benPage.getByLabel(/^Your review/).fill('Friendly and on time. The machine works a treat.');
    await docsShot(benPage, 'guide-reviews-1-form', { toasts: false });
    await benPage.getByRole('button', { name: 'Post review' }).click();
    await expect(benPage).toHaveURL(new RegExp(`/user-detail/${ana.id}$`));
    await expect(benPage.getByTestId('review').filter({ hasText: 'Friendly and on time.' })).toBeVisible();

    await anaPage.reload();
    await expect(anaPage.getByTestId('offer-state')).toHaveText('Completed');
    await anaPage.getByRole('link', { name: 'Review Ben Carter' }).click();
    await rate(anaPage, 5);
    await anaPage.getByLabel(/^Your review/).fill('Great bike, easy swap.');
    await anaPage.getByRole('button', { name: 'Post review' }).click();
    await expect(anaPage.getByText('Thanks! Your review of Ben Carter is posted.')).toBeVisible();
    await expect(anaPage).toHaveURL(new RegExp(`/user-detail/${ben.id}$`));
    await expect(anaPage.getByTestId('profile-rating')).toHaveText('5 out of 5');
    await expect(anaPage.getByTestId('profile-reviews')).toHaveText('1');
    await expect(anaPage.getByTestId('profile-swaps')).toHaveText('1');
    // The CO2e the swap saved counts on Ben's profile too.
    const benProfile = await (await request.get(`/api/v1/users/${ben.id}`)).json();
    expect(benProfile.carbonKg).toBeGreaterThan(0);
    await expect(anaPage.getByTestId('profile-carbon')).toHaveText(
      `${benProfile.carbonKg.toLocaleString('en-US', { maximumFractionDigits: 1 })} kg`,
    );
    await expect(anaPage.getByTestId('review')).toContainText('Great bike, easy swap.');

    // Ana's profile, as Ben sees it: one more swap, Ben's review among hers.
    await benPage.goto(`/user-detail/${ana.id}`);
    await expect(benPage.getByTestId('profile-swaps')).toHaveText(String(anaBefore.swapsCompleted + 1));
    await expect(benPage.getByTestId('profile-reviews')).toHaveText(String(anaBefore.reviewsCount + 1));
    await expect(benPage.getByTestId('profile-rating')).toContainText('out of 5');

    // Nothing left to review; a second review of the same swap is refused.
    await anaPage.goto('/review-swap');
    await expect(anaPage.getByTestId('offer-row').filter({ hasText: 'Road bike, 56 cm' })).toHaveCount(0);
    const again = await request.post(`${counterUrl.replace(/^.*\/swap-offer\//, '/api/v1/offers/')}/review`, {
      headers: auth(ana),
      data: { stars: 1, text: 'again' },
    });
    expect(again.status()).toBe(409);

    // The swap shows on the public activity page.
    await anaPage.goto('/activity');
    // .first(): a second try on the same server finds the first try's swap too.
    await expect(anaPage.getByTestId('activity-swap').filter({ hasText: 'Road bike, 56 cm' }).first()).toBeVisible();
    await expect(anaPage.getByTestId('total-swaps')).not.toHaveText('0');
  });

  test('accepting an offer that has expired says it is no longer valid', async ({ browser, request }) => {
    const ben = await member(request, 'Bea Owner');
    const lamp = await listItem(request, ben, 'Brass desk lamp', { patch: { categories: ['furniture'], cashValueCents: 6000 } });
    const ana = await subscriber(request, 'Ana Swapper');
    const made = await request.post('/api/v1/offers', {
      headers: auth(ana),
      data: { postId: lamp, itemIds: [], cashKind: 'add', cashCents: 4000, message: 'Cash for the lamp?', expiryDays: 1 },
    });
    expect(made.status()).toBe(201);
    const offer = await made.json();

    const page = await signedInPage(browser, ben);
    await page.goto(`/swap-offer/${offer.id}`);
    await expect(page.getByTestId('offer-state')).toHaveText('Received');
    await expect(page.getByTestId('offer-cash')).toHaveText(`${ana.displayName} adds A$40`);
    // Time passes: the offer's expiry is now behind it.
    expect((await request.post(`/api/test/offers/${offer.id}/expire`)).status()).toBe(204);
    await page.getByRole('button', { name: 'Accept offer' }).click();
    await expect(page.getByTestId('offer-action-error')).toHaveText('This offer is no longer valid');
    await expect(page.getByTestId('offer-state')).toHaveText('Expired');
    await expect(page.getByRole('button', { name: 'Accept offer' })).toHaveCount(0);
    await page.goto('/swap-status/expired');
    await expect(page.getByTestId('offer-row').filter({ hasText: 'Brass desk lamp' })).toContainText('Expired');

    // "Message" on the offer opens the chat with the other party, with the item as context, in a window of its own.
    await page.goto(`/swap-offer/${offer.id}`);
    const [chat] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: `Message ${ana.displayName}` }).click()]);
    await expect(chat).toHaveURL(new RegExp(`/discuss/[^/]+/${lamp}$`));
    await expect(chat.getByText('Brass desk lamp').first()).toBeVisible();
  });
});

test.describe('the offer funnel @phone', () => {
  test('no items and no cash: no valid offer method was chosen', async ({ page, request }) => {
    const ben = await member(request, 'Bo Lister');
    const chair = await listItem(request, ben, 'Bentwood chair', {
      patch: { categories: ['furniture'], cashValueCents: 9000, openToSelling: true },
    });
    const ana = await subscriber(request, 'Ana Swapper');
    await signInWithStorage(page, ana);
    await page.goto(`/offer-item/${chair}`);
    await expect(page.getByTestId('offer-progress')).toHaveText('Step 1 of 5');
    await next(page);
    await expect(page.getByTestId('offer-progress')).toHaveText('Step 2 of 5');
    // Open to selling: cash only is a choice here.
    await expect(page.getByTestId('cash-only')).toBeVisible();
    await next(page);
    await expect(page.getByRole('alert')).toHaveText('No valid offer method was chosen. Please try again.');
    await expect(page.getByTestId('offer-progress')).toHaveText('Step 2 of 5');
    // Cash only is a method: the offer goes through.
    await page.getByTestId('cash-only').click();
    await page.getByLabel(/^Amount/).fill('85');
    await next(page);
    await next(page);
    await next(page);
    await expect(page.getByTestId('offer-summary-cash')).toHaveText('Cash only: A$85');
    await page.getByRole('button', { name: 'Send offer' }).click();
    await expect(page.getByTestId('offer-state')).toHaveText('Sent');
    await expect(page.getByTestId('offer-cash')).toHaveText('Cash only: A$85');
  });
});
