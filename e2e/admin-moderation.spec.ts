import type { Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { signInWithStorage } from './support/accounts';
import { admin as newAdmin, auth, backdate, listItem, member, signedInPage } from './support/fixtures';

/** Screenshots at phone and desktop widths for a person to look at, when E2E_SHOTS names a folder (never in CI). */
const shot = async (page: Page, name: string) => {
  const dir = process.env.E2E_SHOTS;
  const size = page.viewportSize();
  if (!dir || !size) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
    await page.screenshot({ path: `${dir}/${name}-${test.info().project.name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(size);
};

test.describe('the admin console: moderation @phone', () => {
  test('a member reports a listing; an admin hides it from the queue with a reason; the owner reads why and cannot publish it again', async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(budget(90_000));
    const owner = await member(request, 'Olive Owner');
    const title = `Replica watch ${test.info().project.name} ${Date.now()}`;
    const postId = await listItem(request, owner, title);
    await backdate(request, postId, 48); // past early access: everyone sees it

    // A member reports it from the listing's page.
    const reporter = await member(request, 'Rita Reporter');
    await signInWithStorage(page, reporter);
    await page.goto(`/viewPost/${postId}`);
    await page.getByRole('button', { name: 'Report listing' }).click();
    const report = page.getByRole('dialog', { name: 'Report this listing' });
    await report.getByLabel('Prohibited or stolen item').check();
    await report.getByLabel(/Anything else/).fill('The logo is misspelt: it is a fake.');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(page.getByText('Thanks — our moderators will review this listing.')).toBeVisible();

    // A member who is not an admin may not see the queue.
    await page.goto('/admin/moderation');
    await expect(page.getByTestId('moderation-denied')).toHaveText('Permission Denied');

    // The admin sees the report in the queue, with its reason and details.
    const boss = await newAdmin(request);
    const adminPage = await signedInPage(browser, boss);
    await adminPage.goto('/admin/moderation');
    await expect(adminPage.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(adminPage.getByRole('tab', { name: /Listings/ })).toHaveAttribute('aria-selected', 'true');
    const card = adminPage.getByTestId('moderation-listing').filter({ hasText: title });
    await expect(card).toContainText('1 report');
    await expect(card).toContainText('Prohibited or stolen item');
    await expect(card).toContainText('The logo is misspelt: it is a fake.');
    await expect(card).toContainText('Olive Owner');
    await shot(adminPage, 'admin-moderation');

    // Hiding asks for a reason the owner will read.
    await card.getByRole('button', { name: 'Hide listing' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Hide this listing?' });
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please write a reason: the member is shown it.');
    await dialog.getByLabel(/Reason/).fill('Counterfeit goods are not allowed on SwapU.');
    await shot(adminPage, 'admin-moderation-hide');
    await dialog.getByRole('button', { name: 'Hide listing' }).click();
    await expect(adminPage.getByText('Listing hidden. The owner has been told why.')).toBeVisible();
    await expect(card).toHaveCount(0);
    // Nobody else can open it any more.
    expect((await request.get(`/api/v1/posts/${postId}`)).status()).toBe(404);

    // The owner is told why, and cannot publish it again.
    const ownerPage = await signedInPage(browser, owner);
    await ownerPage.goto('/notification');
    await expect(ownerPage.getByTestId('notification').filter({ hasText: title })).toContainText(
      `The SwapU team hid your listing ${title}: Counterfeit goods are not allowed on SwapU.`,
    );
    await ownerPage.goto('/myswapu');
    await ownerPage.getByRole('tab', { name: /Archived/ }).click();
    const row = ownerPage.getByTestId('my-post').filter({ hasText: title });
    await row.getByTestId('owner-menu').click();
    await ownerPage.getByRole('menuitem', { name: 'Publish again' }).click();
    await expect(
      ownerPage.getByText('The SwapU team has hidden this listing, so it cannot be published again. Please contact support.'),
    ).toBeVisible();
    expect((await request.get(`/api/v1/posts/${postId}`)).status()).toBe(404);
  });

  test('a member reports another from a chat; an admin bans them from the queue; they see the suspension notice and the reason', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(90_000));
    const fay = await member(request, 'Fay Reporter');
    const name = `Gus ${String.fromCharCode(...Array.from({ length: 6 }, () => 97 + Math.floor(Math.random() * 26)))}`;
    const gus = await member(request, name);
    const opened = await request.post('/api/v1/rooms', { headers: auth(gus), data: { userId: fay.id } });
    const roomId = (await opened.json()).id as string;
    await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(gus), data: { body: 'Pay me by gift card first.' } });
    const reported = await request.post(`/api/v1/rooms/${roomId}/report`, {
      headers: auth(fay),
      data: { reason: 'Asks for gift cards before swapping.' },
    });
    expect(reported.status(), await reported.text()).toBeLessThan(300);

    const boss = await newAdmin(request);
    const adminPage = await signedInPage(browser, boss);
    await adminPage.goto('/admin/moderation');
    await adminPage.getByRole('tab', { name: /Members/ }).click();
    const card = adminPage.getByTestId('moderation-member').filter({ hasText: name });
    await expect(card).toContainText('Asks for gift cards before swapping.');
    await expect(card).toContainText('1 report');
    await card.getByRole('button', { name: 'Ban' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Suspend this member?' });
    await dialog.getByLabel(/Reason/).fill('Scam attempts in chat.');
    await dialog.getByRole('button', { name: 'Suspend member' }).click();
    await expect(adminPage.getByText(`${name} has been suspended.`)).toBeVisible();
    await expect(card).toHaveCount(0);

    // The ban ended Gus's sessions; signing in again he sees only the suspension notice, and the reason in his support thread.
    const again = await (
      await request.post('/identity/v1/accounts:signInWithPassword', {
        data: { email: gus.email, password: gus.password, returnSecureToken: true },
      })
    ).json();
    const gusPage = await signedInPage(browser, { ...gus, idToken: again.idToken });
    await gusPage.goto('/');
    await expect(gusPage.getByText('Your account has been suspended. Please contact support.')).toBeVisible();
    await gusPage.getByTestId('contact-support').click();
    await expect(gusPage.getByTestId('support-thread').getByTestId('support-message').first()).toContainText(
      'Reason: Scam attempts in chat.',
    );
  });

  test('an admin cancels a disputed swap: reservations released, both members told', async ({ browser, request }) => {
    test.setTimeout(budget(90_000));
    const [ana, ben] = [await member(request, 'Ana Offerer'), await member(request, 'Ben Owner')];
    const stamp = `${test.info().project.name} ${Date.now()}`;
    const bike = await listItem(request, ben, `Disputed bike ${stamp}`);
    const tent = await listItem(request, ana, `Disputed tent ${stamp}`);
    await backdate(request, bike, 48);
    const made = await request.post('/api/v1/offers', { headers: auth(ana), data: { postId: bike, itemIds: [tent] } });
    expect(made.status(), await made.text()).toBe(201);
    const offerId = (await made.json()).id as string;
    const act = (who: typeof ana, data: object) => request.post(`/api/v1/offers/${offerId}/transitions`, { headers: auth(who), data });
    expect((await act(ben, { transition: 'accept' })).status()).toBe(200);
    const room = await request.post('/api/v1/rooms', { headers: auth(ana), data: { userId: ben.id, postId: bike } });
    const roomId = (await room.json()).id as string;
    await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(ana), data: { body: 'The bike never came. Did you post it?' } });
    await request.post(`/api/v1/rooms/${roomId}/messages`, { headers: auth(ben), data: { body: 'I will post it next month.' } });
    expect((await act(ana, { transition: 'report_problem', message: 'Ben never sent the bike.' })).status()).toBe(200);

    const boss = await newAdmin(request);
    const adminPage = await signedInPage(browser, boss);
    await adminPage.goto('/admin/moderation');
    await adminPage.getByRole('tab', { name: /Disputes/ }).click();
    const card = adminPage.getByTestId('moderation-dispute').filter({ hasText: `Disputed bike ${stamp}` });
    await expect(card).toContainText('Ben never sent the bike.');
    await expect(card.getByTestId('dispute-chat')).toContainText('The bike never came. Did you post it?');
    await expect(card.getByTestId('dispute-chat')).toContainText('I will post it next month.');
    await expect(card).toContainText(`Disputed tent ${stamp}`);
    await shot(adminPage, 'admin-moderation-dispute');

    await card.getByRole('button', { name: 'Cancel swap' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Cancel this swap?' });
    await dialog.getByLabel(/Reason/).fill('No proof of postage after a month.');
    await dialog.getByRole('button', { name: 'Cancel swap' }).click();
    await expect(adminPage.getByText('Swap cancelled. Both members have been told.')).toBeVisible();
    await expect(card).toHaveCount(0);

    // Both items are back on the market; both members are told.
    const again = await request.get(`/api/v1/posts/${bike}`);
    expect((await again.json()).state).toBe('published');
    for (const who of [ana, ben]) {
      const p = await signedInPage(browser, who);
      await p.goto('/notification');
      await expect(
        p
          .getByTestId('notification')
          .filter({ hasText: `Disputed bike ${stamp}` })
          .first(),
      ).toContainText('The SwapU team cancelled the swap');
    }
  });
});
