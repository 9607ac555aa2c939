import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, auth, backdate, listItem, member, signedInPage, type Member } from './support/fixtures';

/**
 * A banned member (PRODUCT.md, "Decided since") sees the suspension message, word for word, and
 * the support conversation: every way to list, offer, swipe, chat with others or pay is gone from
 * the interface, and those pages typed into the address bar show the message and the way to
 * support instead of their forms.
 */

const PHONE = { width: 412, height: 915 };
/** Phone width on the desktop project too; the phone project keeps its device's own screen. */
const atPhoneWidth = async (page: Page) => {
  if (!test.info().project.use.isMobile) await page.setViewportSize(PHONE);
};
const SUSPENDED = 'Your account has been suspended. Please contact support.';
const SUSPENDED_PT = 'A sua conta foi suspensa. Contacte o apoio ao cliente.';

/** A member an admin has banned, signed in again (the ban ended their sessions), on a phone. */
async function bannedPage(browser: Parameters<typeof signedInPage>[0], request: APIRequestContext, lang?: 'pt-PT') {
  const sam = await member(request, 'Sam Suspended');
  const boss = await admin(request);
  const ban = await request.put(`/api/v1/admin/users/${sam.id}/ban`, {
    headers: auth(boss),
    data: { banned: true, reason: 'Spam listings' },
  });
  expect(ban.status()).toBe(200);
  const again = await (
    await request.post('/identity/v1/accounts:signInWithPassword', {
      data: { email: sam.email, password: sam.password, returnSecureToken: true },
    })
  ).json();
  const page = await signedInPage(browser, { ...sam, idToken: again.idToken });
  if (lang) await page.addInitScript((l) => window.localStorage.setItem('swapu.lang', l), lang);
  await atPhoneWidth(page);
  return { page, sam };
}

async function someoneElsesListing(request: APIRequestContext): Promise<{ owner: Member; id: string }> {
  const owner = await member(request, 'Olive Owner');
  const id = await listItem(request, owner, 'Teak garden bench');
  await backdate(request, id, 30);
  return { owner, id };
}

const phoneBar = (page: Page) => page.getByRole('navigation', { name: 'Menu' });

test.describe('a suspended member', () => {
  test('sees the message and the way to support, and no way to list, offer, swipe, chat with others or pay @phone', async ({
    browser,
    request,
  }) => {
    const item = await someoneElsesListing(request);
    const { page } = await bannedPage(browser, request);

    await page.goto('/');
    await expect(page.getByText(SUSPENDED).first()).toBeVisible();
    // The phone bar: browsing and support only.
    await expect(phoneBar(page).getByRole('link', { name: 'Home' })).toBeVisible();
    for (const name of ['List an item', 'Offers', 'Chat']) await expect(phoneBar(page).getByRole('link', { name })).toHaveCount(0);
    await expect(phoneBar(page).getByRole('link', { name: 'Support' })).toBeVisible();
    // No Swap Swipe in the footer.
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Swap Swipe' })).toHaveCount(0);
    // The account menu: support and logging out.
    await page.getByTestId('account-menu').click();
    await expect(page.getByRole('menuitem')).toHaveText(['Contact support', 'Log out']);
    await page.keyboard.press('Escape');

    // Someone's listing can be read, but not offered on, messaged about, liked or reported.
    await page.goto(`/viewPost/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Teak garden bench' })).toBeVisible();
    for (const name of ['Make an offer', 'Message']) await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(page.getByTestId('like-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report listing' })).toHaveCount(0);

    // Typed into the address bar: the message and the way to support, never the form.
    for (const [path, form] of [
      ['/create', 'List an item'],
      [`/offer-item/${item.id}`, 'Make an offer'],
      ['/swap-swipe', 'Swap Swipe'],
      [`/discuss/${item.owner.id}/${item.id}`, 'Messages'],
      ['/tokens', 'Tokens'],
      ['/subscription', 'Subscription'],
    ] as const) {
      await page.goto(path);
      const notice = page.getByTestId('suspended');
      await expect(notice.getByRole('heading', { level: 1, name: SUSPENDED })).toBeVisible();
      await expect(notice.getByRole('link', { name: 'Contact support' })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1, name: form, exact: true })).toHaveCount(0);
    }

    // The way to support opens the conversation with the SwapU team, and nothing else.
    await page.getByTestId('suspended').getByRole('link', { name: 'Contact support' }).click();
    const thread = page.getByTestId('support-thread');
    await expect(thread).toBeVisible();
    await expect(thread.getByTestId('support-message').first()).toContainText('Reason: Spam listings');
    await thread.getByTestId('composer').fill('Why was my account suspended?');
    await thread.getByTestId('send').click();
    await expect(thread.getByTestId('support-message')).toHaveCount(2);
  });

  test('in Portuguese, the message is the catalogue’s, word for word @phone', async ({ browser, request }) => {
    const { page } = await bannedPage(browser, request, 'pt-PT');
    await page.goto('/create');
    const notice = page.getByTestId('suspended');
    await expect(notice.getByRole('heading', { level: 1, name: SUSPENDED_PT })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Contactar o apoio ao cliente' })).toBeVisible();
    await expect(phoneBar(page).getByRole('link', { name: 'Anunciar um artigo' })).toHaveCount(0);
    await expect(phoneBar(page).getByRole('link', { name: 'Apoio' })).toBeVisible();
  });
});
