import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './support/test';
import { admin, auth, backdate, listItem, member, signedInPage, subscriber, type Member } from './support/fixtures';

/**
 * Issue 37, items 4 and 7: what a new member meets in the first minutes, at phone width, in
 * en-US and pt-PT — an early-access link that says why, counts in the right plural, a tour
 * invitation that stays answered across devices, a photo step that needs a photo, form errors
 * read out, the documentation's bare /api path, and /swap-swipe-success visited without a checkout.
 */

const PHONE = { width: 412, height: 915 };
/** Phone width on the desktop project too; the phone project keeps its device's own screen. */
const atPhoneWidth = async (page: Page) => {
  if (!test.info().project.use.isMobile) await page.setViewportSize(PHONE);
};
const portuguese = (page: Page) => page.addInitScript(() => window.localStorage.setItem('swapu.lang', 'pt-PT'));
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A page of a fresh browser context signed in as this account, at phone width. */
async function phoneAs(browser: Browser, account: Member, lang?: 'pt-PT') {
  const page = await signedInPage(browser, account);
  if (lang) await portuguese(page);
  await page.setViewportSize(PHONE);
  return page;
}

/** A listing published just now, with a photo: inside its 24 hours of early access. */
async function earlyListing(request: APIRequestContext) {
  const owner = await member(request, 'Elle Early');
  const title = `Brass telescope ${unique()}`;
  const id = await listItem(request, owner, title, { photo: true });
  return { owner, id, title };
}

test.describe('an early-access link says why', () => {
  test('a guest learns that subscribers see it first and when it opens, and nothing of the item @phone', async ({ page, request }) => {
    const item = await earlyListing(request);
    const problems: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())));
    page.on('pageerror', (e) => problems.push(e.message));
    await atPhoneWidth(page);
    await page.goto(`/viewPost/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Subscribers see this item first' })).toBeVisible();
    // Drawn by the browser, not hydrated over a server render it could not match (React error 418).
    expect(problems.filter((p) => !/status of 403/.test(p))).toEqual([]);
    await expect(page.getByText('It opens to everyone in about 24 hours.')).toBeVisible();
    await expect(page.getByText("We couldn't find that")).toBeHidden();
    await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(item.title);
    await expect(page.locator('img[src*="/media/posts/"]')).toHaveCount(0);
    await expect(page).not.toHaveTitle(new RegExp(item.title));

    // The HTML itself (head and body) says nothing of it either.
    const html = await (await request.get(`/viewPost/${item.id}`)).text();
    expect(html).not.toContain(item.title);
    expect(html).not.toContain('/media/posts/');
    // Nor does the API: a distinct code, and only the moment it opens.
    const api = await request.get(`/api/v1/posts/${item.id}`);
    expect(api.status()).toBe(403);
    const body = await api.json();
    expect(body.error.code).toBe('early_access');
    expect(JSON.stringify(body)).not.toContain(item.title);
    expect(JSON.stringify(body)).not.toContain(item.owner.id);

    // Subscribing needs an account: the guest is asked to log in, then carries on to the subscription.
    const newcomer = await member(request, 'Gus Guest');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    const form = page.getByRole('form', { name: 'Log in' });
    await form.getByLabel('Email address').fill(newcomer.email);
    await form.getByLabel('Password', { exact: true }).fill(newcomer.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
  });

  test('a member without a subscription is offered one; a subscriber and the owner see the item @phone', async ({ browser, request }) => {
    const item = await earlyListing(request);
    const plain = await phoneAs(browser, await member(request, 'Nora Nosub'));
    await plain.goto(`/viewPost/${item.id}`);
    await expect(plain.getByRole('heading', { level: 1, name: 'Subscribers see this item first' })).toBeVisible();
    await expect(plain.locator('body')).not.toContainText(item.title);
    await plain.getByRole('link', { name: 'Subscribe' }).click();
    await expect(plain).toHaveURL(/\/subscription$/);

    for (const who of [await subscriber(request, 'Sid Subscriber'), item.owner]) {
      const page = await phoneAs(browser, who);
      await page.goto(`/viewPost/${item.id}`);
      await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    }
  });

  test('in pt-PT the guest reads the same in European Portuguese @phone', async ({ page, request }) => {
    const item = await earlyListing(request);
    await portuguese(page);
    await atPhoneWidth(page);
    await page.goto(`/viewPost/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Os subscritores veem este artigo primeiro' })).toBeVisible();
    await expect(page.getByText('Fica visível para todos dentro de cerca de 24 horas.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Subscrever' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText(item.title);
  });
});

/** A member with exactly one review (a completed swap, reviewed), and a listing of theirs everyone sees. */
async function ownerWithOneReview(request: APIRequestContext) {
  const owner = await member(request, 'Rhea Reviewed');
  const offerer = await member(request, 'Omar Offerer');
  const wanted = await listItem(request, owner, `Camp stove ${unique()}`);
  const given = await listItem(request, offerer, `Lantern ${unique()}`);
  await backdate(request, wanted, 30);
  await backdate(request, given, 30);
  const created = await request.post('/api/v1/offers', { headers: auth(offerer), data: { postId: wanted, itemIds: [given] } });
  expect(created.status(), await created.text()).toBe(201);
  const offer = (await created.json()).id as string;
  const step = async (who: Member, transition: string) => {
    const res = await request.post(`/api/v1/offers/${offer}/transitions`, { headers: auth(who), data: { transition } });
    expect(res.status(), await res.text()).toBe(200);
  };
  await step(owner, 'accept');
  await step(offerer, 'confirm_receipt');
  await step(owner, 'confirm_receipt');
  const review = await request.post(`/api/v1/offers/${offer}/review`, { headers: auth(offerer), data: { stars: 5, text: 'Smooth swap' } });
  expect(review.status(), await review.text()).toBeLessThan(300);
  const shown = await listItem(request, owner, `Camping chair ${unique()}`);
  await backdate(request, shown, 30);
  return shown;
}

test.describe('counts in the right plural', () => {
  test('an owner with one review shows "1 review", in en-US and pt-PT @phone', async ({ page, request }) => {
    const id = await ownerWithOneReview(request);
    await atPhoneWidth(page);
    await page.goto(`/viewPost/${id}`);
    await expect(page.getByTestId('owner-stats')).toContainText('(1 review)');
    await expect(page.getByTestId('owner-stats')).not.toContainText('reviews');
    await expect(page.getByTestId('owner-stats')).toContainText('1 swap completed');

    await portuguese(page);
    await page.goto(`/viewPost/${id}`);
    await expect(page.getByTestId('owner-stats')).toContainText('(1 avaliação)');
  });
});

const invitation = (page: Page) => page.getByRole('region', { name: /Guided tour|Visita guiada/ });

/** The home page with everything it loads loaded: an invitation would have come with it. */
async function homeSettled(page: Page) {
  await page.goto('/');
  await page.waitForLoadState('networkidle');
}

test.describe('the tour invitation stays answered', () => {
  test('declined as a guest, the answer moves to the account and keeps the invitation away on another device @phone', async ({
    page,
    browser,
    request,
  }) => {
    const account = await member(request, 'Dora Device');
    await atPhoneWidth(page);
    await page.goto('/');
    await invitation(page).getByRole('button', { name: 'No thanks' }).click();
    await expect(invitation(page)).toBeHidden();

    // Signing in on this device carries the answer to the account.
    await page.evaluate((a) => {
      window.localStorage.setItem('token', a.idToken);
      window.localStorage.setItem('userId', a.id);
      window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
      window.localStorage.setItem('lastActivity', String(Date.now()));
    }, account);
    await page.reload();
    await expect
      .poll(async () => (await (await request.get('/api/v1/me', { headers: auth(account) })).json()).skipTour, {
        message: 'the account remembers the answer',
      })
      .toBe(true);

    // Another device: signed in there, then signed out, the visitor is not invited again.
    const other = await phoneAs(browser, account);
    await other.goto('/');
    await expect(other.getByRole('button', { name: /account menu/i })).toBeVisible();
    await expect.poll(() => other.evaluate(() => window.localStorage.getItem('skipTour'))).toBe('true');
    await other.getByRole('button', { name: /account menu/i }).click();
    await other.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(other.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
    await homeSettled(other);
    await expect(invitation(other)).toBeHidden();
  });

  test('a tour once taken does not invite again, even when cut short by closing the tab @phone', async ({ page, context }) => {
    await atPhoneWidth(page);
    await page.goto('/');
    await invitation(page).getByRole('button', { name: 'Take the tour' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.close();

    const again = await context.newPage();
    await again.setViewportSize(PHONE);
    await homeSettled(again);
    await expect(again.getByRole('main')).toBeVisible();
    await expect(invitation(again)).toBeHidden();
  });
});

test.describe('a listing needs a photo', () => {
  for (const [lang, words] of [
    ['en-US', { step: 'Photos', next: 'Next', error: 'Add at least one photo of your item.' }],
    ['pt-PT', { step: 'Fotografias', next: 'Seguinte', error: 'Adicione pelo menos uma fotografia do artigo.' }],
  ] as const) {
    test(`the photo step does not move on without a photo (${lang}) @phone`, async ({ browser, request }) => {
      const page = await phoneAs(browser, await member(request, 'Pia Photo'), lang === 'pt-PT' ? 'pt-PT' : undefined);
      await page.goto('/create');
      await expect(page.getByTestId('step-photos')).toBeVisible();
      await page.getByRole('button', { name: words.next, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: words.error })).toBeVisible();
      await expect(page.getByTestId('step-photos')).toBeVisible();
      await expect(page.getByTestId('step-details')).toHaveCount(0);
    });
  }
});

test.describe('form errors are read out', () => {
  test('the tokens and coupon pages announce their errors and tie them to the field @phone', async ({ browser, request }) => {
    const page = await phoneAs(browser, await member(request, 'Ari Alert'));
    await page.goto('/tokens');
    const amount = page.getByRole('textbox', { name: 'How many tokens' });
    await amount.fill('3');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The Amount of Token You Want to Purchase is Invalid' })).toBeVisible();
    await expect(amount).toHaveAccessibleDescription(/The Amount of Token You Want to Purchase is Invalid/);

    await page.goto('/user-coupon');
    const code = page.getByRole('textbox', { name: 'Coupon code' });
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a code' })).toBeVisible();
    await expect(code).toHaveAccessibleDescription(/Enter a code/);
    await code.fill('NOSUCHCODE');
    await page.getByRole('button', { name: 'Redeem' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Code is Invalid or Has been used' })).toBeVisible();
    await expect(code).toHaveAccessibleDescription(/Code is Invalid or Has been used/);
  });

  test('in pt-PT too @phone', async ({ browser, request }) => {
    const page = await phoneAs(browser, await member(request, 'Ari Alerta'), 'pt-PT');
    await page.goto('/user-coupon');
    await page.getByRole('button', { name: 'Resgatar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Introduza um código' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Código do cupão' })).toHaveAccessibleDescription(/Introduza um código/);
  });
});

test.describe("the documentation's bare /api path", () => {
  test('opens the API page in a browser, while the API keeps answering JSON @phone', async ({ browser, request }) => {
    const page = await phoneAs(browser, await admin(request, 'Dee Docs'));
    await page.goto('/api');
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();

    const json = await request.get('/api', { headers: { accept: 'application/json' } });
    expect(json.status()).toBe(404);
    expect((await json.json()).error.code).toBe('not_found');
    expect((await request.get('/api/v1/posts')).status()).toBe(200);
    expect((await request.get('/api/v1/nothing-here', { headers: { accept: 'text/html' } })).status()).toBe(404);
  });
});

test.describe('/swap-swipe-success without a checkout', () => {
  for (const [lang, words] of [
    ['en-US', { title: 'No payment to confirm', back: 'Back to Swap Swipe', failed: "Checkout process didn't go through" }],
    [
      'pt-PT',
      { title: 'Nenhum pagamento para confirmar', back: 'Voltar ao Swap Swipe', failed: 'O processo de pagamento não foi concluído' },
    ],
  ] as const) {
    test(`explains itself instead of reporting a failed payment (${lang}) @phone`, async ({ browser, request }) => {
      const page = await phoneAs(browser, await member(request, 'Vic Visitor'), lang === 'pt-PT' ? 'pt-PT' : undefined);
      await page.goto('/swap-swipe-success');
      await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
      await expect(page).toHaveURL(/\/swap-swipe-success$/);
      await expect(page.getByText(words.failed)).toHaveCount(0);
      await expect(page.getByRole('link', { name: words.back })).toBeVisible();
    });
  }
});
