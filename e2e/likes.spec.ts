import { type APIRequestContext } from '@playwright/test';
import { expect, test } from './support/test';
import { createAccount, latestMailTo, signInWithStorage } from './support/accounts';
import { backdate, listItem, subscriber } from './support/fixtures';

/** A subscriber's listing that everyone can already see (listed over a day ago). */
async function oldListingOf(request: APIRequestContext, account: { idToken: string }, title = 'Bentwood bistro chair') {
  const id = await listItem(request, account, title);
  await backdate(request, id, 30);
  return { id, title };
}

test.describe('likes, matches and favourites', () => {
  test('two people like each other’s items: a match, both emails in the outbox; then unlike from favourites', async ({
    browser,
    request,
  }) => {
    const ana = await createAccount(request);
    const anasItem = await listItem(request, ana, 'Breville espresso machine');
    const sub = await subscriber(request);
    const subsItem = await oldListingOf(request, sub);

    // The subscriber likes Ana's brand-new listing.
    const subContext = await browser.newContext();
    const subPage = await subContext.newPage();
    await signInWithStorage(subPage, sub);
    await subPage.goto(`/viewPost/${anasItem}`);
    await expect(subPage.getByRole('heading', { name: 'Breville espresso machine' })).toBeVisible();
    await subPage.getByTestId('like-button').click();
    await expect(subPage.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
    await expect(subPage.getByTestId('like-count')).toHaveText('1');
    await subContext.close();

    // Ana likes one of the subscriber's listings back: it's a match.
    const anaContext = await browser.newContext();
    const page = await anaContext.newPage();
    await signInWithStorage(page, ana);
    await page.goto(`/viewPost/${subsItem.id}`);
    await page.getByTestId('like-button').click();
    await expect(page.getByText("It's a match!")).toBeVisible();
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');

    for (const email of [ana.email, sub.email]) {
      const mail = await latestMailTo(request, email, 'match');
      expect(mail.text).toContain(`/viewPost/${subsItem.id}`);
      expect(mail.subject).toContain('SwapU match');
    }

    // The match is also in Ana's notifications, with the bell's count.
    await expect(page.getByTestId('notification-count')).toContainText('1');
    await page.goto('/notification');
    const note = page.getByTestId('notification').first();
    await expect(note).toContainText("It's a match!");
    await expect(note).toHaveAttribute('data-unread', 'true');
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect(note).toHaveAttribute('data-unread', 'false');

    // Favourites list the liked item; unliking removes it and the post is no longer liked.
    await page.goto('/favorite');
    await expect(page.getByTestId('favorite')).toHaveCount(1);
    await expect(page.getByTestId('favorite').getByText(subsItem.title)).toBeVisible();
    await page.getByRole('button', { name: `Unlike ${subsItem.title}` }).click();
    await expect(page.getByText('No favourites yet')).toBeVisible();
    await page.goto(`/viewPost/${subsItem.id}`);
    await expect(page.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'false');
    await anaContext.close();
  });

  test('a guest who taps like is asked to log in', async ({ page, request }) => {
    const sub = await subscriber(request);
    const item = await oldListingOf(request, sub);
    await page.goto(`/viewPost/${item.id}`);
    await page.getByTestId('like-button').click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('You need to be logged in to use this')).toBeVisible();
  });

  test('a member reports a listing for moderation', async ({ page, request }) => {
    const ben = await createAccount(request);
    const sub = await subscriber(request);
    const item = await oldListingOf(request, sub);
    await signInWithStorage(page, ben);
    await page.goto(`/viewPost/${item.id}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this listing' });
    await expect(dialog.getByRole('button', { name: 'Send report' })).toBeDisabled();
    await dialog.getByLabel('Scam or fraud').check();
    await dialog.getByLabel(/Anything else/).fill('Asked me to pay by gift card');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks — our moderators will review this listing.')).toBeVisible();
  });
});

test.describe('my items @phone', () => {
  test('My SwapU sorts items by state; withdrawing and deleting work from the menu', async ({ page, request }) => {
    const cy = await createAccount(request);
    const live = await listItem(request, cy, 'Vintage record player');
    await listItem(request, cy, 'Half-written draft', { publish: false });
    await signInWithStorage(page, cy);
    await page.goto('/myswapu');
    await expect(page.getByRole('heading', { name: 'My SwapU' })).toBeVisible();
    const rows = page.getByTestId('my-post');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Vintage record player');

    // Boost and Swap Assist are there (bought in money.spec.ts); closing Swap Assist buys nothing.
    await expect(rows.first().getByRole('button', { name: 'Boost' })).toBeVisible();
    await rows.first().getByRole('button', { name: 'Swap Assist' }).click();
    const assist = page.getByRole('dialog', { name: 'Swap Assist' });
    await expect(assist.getByText('A$2 a month for this item')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(assist).toBeHidden();
    await expect(rows.first().getByTestId('assist-badge')).toHaveCount(0);

    await rows.first().getByTestId('owner-menu').click();
    await page.getByRole('menuitem', { name: 'Withdraw' }).click();
    await expect(page.getByText('Listing withdrawn. It is no longer visible to others.')).toBeVisible();
    await expect(page.getByText('Nothing listed yet. Your first swap starts with a photo.')).toBeVisible();
    await page.getByRole('tab', { name: /Archived/ }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Vintage record player');
    const guestView = await request.get(`/api/v1/posts/${live}`);
    expect(guestView.status()).toBe(404);

    await page.getByRole('tab', { name: /Drafts/ }).click();
    await expect(rows.first()).toContainText('Half-written draft');
    await rows.first().getByTestId('owner-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this listing?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Listing deleted.')).toBeVisible();
    await expect(page.getByText('No drafts. Start listing something you no longer use.')).toBeVisible();

    // A listing someone has made an offer on keeps its history: deleting it archives it instead.
    const stove = await listItem(request, cy, 'Camping stove');
    const sub = await subscriber(request);
    const theirs = await oldListingOf(request, sub);
    const offered = await request.post('/api/v1/offers', {
      headers: { authorization: `Bearer ${sub.idToken}` },
      data: { postId: stove, itemIds: [theirs.id] },
    });
    expect(offered.status()).toBe(201);
    await page.reload();
    await page.getByRole('tab', { name: /Published/ }).click();
    await expect(rows.first()).toContainText('Camping stove');
    await rows.first().getByTestId('owner-menu').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Delete this listing?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText(
        "This listing has swap history that other members' offers and reviews point to, so it was archived instead of deleted.",
        { exact: false },
      ),
    ).toBeVisible();
    await page.getByRole('tab', { name: /Archived/ }).click();
    await expect(rows.filter({ hasText: 'Camping stove' })).toHaveCount(1);
    // The offer is still there for the person who made it.
    const offer = await request.get(`/api/v1/offers/${(await offered.json()).id}`, { headers: { authorization: `Bearer ${sub.idToken}` } });
    expect(offer.status()).toBe(200);
  });
});
