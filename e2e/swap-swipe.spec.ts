import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test, budget } from './support/test';
import { latestMailTo, signInWithStorage } from './support/accounts';
import { docsShot } from './support/docs-shots';
import { auth, backdate, listItem, member, signedInPage, type Member } from './support/fixtures';

/** A mark that is this run's own, so the journey finds its own items among everyone else's. */
const mark = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Tokens bought the way a member buys them: a checkout paid by card at the local provider. */
async function buyTokens(request: APIRequestContext, account: Member, amount: number) {
  const created = await request.post('/api/v1/checkouts', {
    headers: auth(account),
    data: { purchase: { kind: 'tokens', amount }, returnTo: '/tokens' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = await created.json();
  const paid = await request.post(`/api/v1/checkouts/${id}/pay`, { headers: auth(account), data: { cardNumber: '4242 4242 4242 4242' } });
  expect(paid.status(), await paid.text()).toBe(200);
}

/** `count` items of someone else's that everyone can already see (listed over a day ago); their ids. */
async function othersItems(request: APIRequestContext, count: number, tag: string) {
  const owner = await member(request, 'Dana Decker');
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = await listItem(request, owner, `Deck card ${i + 1} ${tag}`, { patch: { cashValueCents: 25_000 + i * 100 } });
    await backdate(request, id, 25);
    ids.push(id);
  }
  return ids;
}

const topCard = (page: Page) => page.getByTestId('swipe-card');
const allowanceOn = (page: Page) => page.getByTestId('swipe-allowance');

/**
 * Drags the card from its middle by `dx`: with a finger through Chromium's touch input on a phone,
 * with the mouse on a desktop. `onTheWay` runs halfway, the card still held.
 */
async function drag(page: Page, card: Locator, dx: number, touch: boolean, onTheWay?: () => Promise<void>) {
  const box = await card.boundingBox();
  if (!box) throw new Error('the card is not on screen');
  const x = box.x + box.width / 2;
  const y = box.y + Math.min(box.height / 2, 200);
  const steps = 12;
  if (!touch) {
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(x + (dx * i) / steps, y + i);
      if (i === steps / 2 && onTheWay) await onTheWay();
    }
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x + (dx * i) / steps, y: y + i }] });
    if (i === steps / 2 && onTheWay) await onTheWay();
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('Swap Swipe', () => {
  test('a member swipes right 25 times with →, is stopped at the 26th, spends a token for 10 more and swipes on; undo brings the card back', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(240_000));
    const tag = mark();
    const me = await member(request, 'Kim Keys');
    const mine = await listItem(request, me, `Touring bike ${tag}`);
    await othersItems(request, 28, tag);
    await buyTokens(request, me, 5);

    const page = await signedInPage(browser, me);
    await page.goto(`/swap-swipe/${mine}`);
    // The first deck of a fresh server warms its caches: allow it longer than a step.
    await expect(page.getByTestId('swipe-my-item')).toContainText(`Touring bike ${tag}`, { timeout: 30_000 });
    await expect(allowanceOn(page)).toHaveText('25 of 25 right swipes left today');
    await expect(topCard(page).getByTestId('swipe-reason').first()).toBeVisible();

    for (let i = 1; i <= 25; i++) {
      const before = await topCard(page).getAttribute('data-post-id');
      await page.keyboard.press('ArrowRight');
      await expect(topCard(page)).not.toHaveAttribute('data-post-id', before!);
      await expect(allowanceOn(page)).toHaveText(`${25 - i} of 25 right swipes left today`);
    }
    // The server counted every one of them.
    await expect.poll(async () => (await (await request.get('/api/v1/me/swipe-allowance', { headers: auth(me) })).json()).used).toBe(25);

    // The 26th: the limit, and the card stays.
    const held = await topCard(page).getAttribute('data-post-id');
    await page.keyboard.press('ArrowRight');
    const limit = page.getByRole('dialog', { name: 'You have reached your swipe limit for today' });
    await expect(limit).toBeVisible();
    await expect(topCard(page)).toHaveAttribute('data-post-id', held!);
    await expect(limit.getByRole('button', { name: 'Subscribe for A$10 a month' })).toBeVisible();
    await expect(limit.getByTestId('swipe-token-balance')).toHaveText('You have 5 tokens.');
    // Going round the page does not help: the server refuses a 26th right swipe too.
    const refused = await request.post('/api/v1/swipes', {
      headers: auth(me),
      data: { fromPostId: mine, postId: held, direction: 'right' },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).error.code).toBe('swipe_limit');

    // 1 token: 10 more today, and swiping goes on.
    await limit.getByRole('button', { name: 'Spend 1 token' }).click();
    await expect(limit).toBeHidden();
    await expect(page.getByText('10 more right swipes for today. Happy swiping!')).toBeVisible();
    await expect(allowanceOn(page)).toHaveText('10 of 35 right swipes left today');
    await page.keyboard.press('ArrowRight');
    await expect(topCard(page)).not.toHaveAttribute('data-post-id', held!);
    await expect(allowanceOn(page)).toHaveText('9 of 35 right swipes left today');

    // Undo: the card comes back on top and the right swipe is given back.
    await page.getByRole('button', { name: 'Undo last swipe' }).click();
    await expect(topCard(page)).toHaveAttribute('data-post-id', held!);
    await expect(allowanceOn(page)).toHaveText('10 of 35 right swipes left today');

    // ← passes (free, even at the limit).
    await page.keyboard.press('ArrowLeft');
    await expect(topCard(page)).not.toHaveAttribute('data-post-id', held!);
    await expect(allowanceOn(page)).toHaveText('10 of 35 right swipes left today');
    const tokens = await (await request.get('/api/v1/me/tokens', { headers: auth(me) })).json();
    expect(tokens.balance).toBe(4);
  });

  test('a member who used the day’s 25 right swipes opens the deck and gets the limit state, not cards, in en-US and pt-PT; 10 more swipes deal again', async ({
    browser,
    request,
  }) => {
    test.setTimeout(budget(120_000));
    const tag = mark();
    const me = await member(request, 'Lee Limit');
    const mine = await listItem(request, me, `Surfboard ${tag}`);
    const theirs = await othersItems(request, 28, tag);
    await buyTokens(request, me, 5);
    // The day's right swipes, used up (from another device, as far as this page knows).
    for (const postId of theirs.slice(0, 25)) {
      const res = await request.post('/api/v1/swipes', { headers: auth(me), data: { fromPostId: mine, postId, direction: 'right' } });
      expect(res.status(), await res.text()).toBe(200);
    }

    const page = await signedInPage(browser, me);
    await page.goto(`/swap-swipe/${mine}`);
    const state = page.getByTestId('swipe-limit-state');
    await expect(state.getByRole('heading', { name: 'You have reached your swipe limit for today' })).toBeVisible({ timeout: 30_000 });
    await expect(state).toContainText('no more cards until midnight');
    await expect(state.getByRole('button', { name: 'Subscribe for A$10 a month' })).toBeVisible();
    await expect(state.getByTestId('swipe-token-balance')).toHaveText('You have 5 tokens.');
    await expect(allowanceOn(page)).toHaveText('0 of 25 right swipes left today');
    // No cards dealt, and not "no more matches": three of the 28 are still there to be dealt.
    await expect(topCard(page)).toHaveCount(0);
    await expect(page.getByText('We could not find any matches results')).toHaveCount(0);
    const deck = await (await request.get(`/api/v1/swipe/deck/${mine}`, { headers: auth(me) })).json();
    expect(deck).toMatchObject({ status: 'limit_reached', items: [] });

    // The same in Portuguese.
    await page.getByRole('combobox', { name: 'Language' }).first().selectOption('pt-PT');
    await expect(state.getByRole('heading', { name: 'Atingiu o seu limite de deslizes por hoje' })).toBeVisible();
    await expect(state).toContainText('não há mais cartões até à meia-noite');

    // 1 token: 10 more today, and the deck deals again.
    await state.getByRole('button', { name: 'Gastar 1 token' }).click();
    await expect(topCard(page)).toBeVisible();
    await expect(state).toBeHidden();
    await expect(allowanceOn(page)).toHaveText('Restam 10 de 35 deslizes para a direita hoje');
    expect(theirs.slice(0, 25)).not.toContain(await topCard(page).getAttribute('data-post-id'));
  });

  test('a guest tries the live sample deck on /swap-swipe, opens a shared pairing link, and cannot open a deck', async ({
    page,
    request,
  }) => {
    const tag = mark();
    const owner = await member(request, 'Gia Guest-Host');
    const withPhoto = await listItem(request, owner, `Canvas tent ${tag}`, { photo: true });
    await backdate(request, withPhoto, 24.2);
    const other = await member(request, 'Ola Other');
    const counter = await listItem(request, other, `Camp stove ${tag}`, { patch: { categories: ['camping-and-fishing'] } });
    await backdate(request, counter, 25);

    // The sample deck is the live one: the newest listings everyone can see, this one among them.
    const sample = (await (await request.get('/api/v1/swipe/sample')).json()) as { items: Array<{ id: string; title: string }> };
    expect(sample.items.map((i) => i.id)).toContain(withPhoto);

    await page.goto('/swap-swipe');
    await expect(page.getByRole('heading', { level: 1, name: 'Swap Swipe' })).toBeVisible();
    const deck = page.getByTestId('swipe-sample');
    await expect(deck.getByTestId('swipe-card')).toHaveAttribute('data-post-id', sample.items[0]!.id);
    await deck.getByRole('button', { name: 'Like' }).click();
    await expect(page.getByText('Like it for real')).toBeVisible();
    await expect(page.getByTestId('swipe-nudge').getByRole('link', { name: 'Log in to start swiping' })).toHaveAttribute('href', '/auth');

    // A pairing link opens for anyone.
    await page.goto(`/swap-swipe/${withPhoto}/${counter}`);
    await expect(page.getByRole('heading', { level: 1, name: 'A swap idea' })).toBeVisible();
    const pairing = page.getByTestId('swipe-pairing');
    await expect(pairing.getByRole('heading', { name: `Canvas tent ${tag}` })).toBeVisible();
    await expect(pairing.getByRole('heading', { name: `Camp stove ${tag}` })).toBeVisible();
    await expect(pairing.getByRole('link', { name: `View Camp stove ${tag}` })).toHaveAttribute('href', `/viewPost/${counter}`);
    await expect(pairing.getByText('Similar value')).toBeVisible();
    await expect(page.getByText('Log in to like items and make offers.')).toBeVisible();
    await expect(page).toHaveTitle(`Canvas tent ${tag} for Camp stove ${tag} | SwapU`);

    // A deck is a member's: a guest goes home.
    await page.goto(`/swap-swipe/${withPhoto}`);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('Swap Swipe on a phone @phone', () => {
  test('a member drags a card right with a finger: a mutual like is a match, and both people get the match email', async ({
    page,
    request,
    isMobile,
  }) => {
    const tag = mark();
    const me = await member(request, 'Pia Phone');
    const mine = await listItem(request, me, `Film camera ${tag}`, {
      patch: { categories: ['electronics'], keywords: ['camera'], wishCategories: ['water-sports'], cashValueCents: 32_000 },
    });
    const wes = await member(request, 'Wes Water');
    const theirs = await listItem(request, wes, `Sea kayak ${tag}`, {
      patch: { categories: ['water-sports'], keywords: ['kayak'], wishCategories: ['electronics'], cashValueCents: 30_000 },
    });
    // Both listed over a day ago, so each sees the other's; Wes likes my camera first.
    await backdate(request, mine, 25);
    await backdate(request, theirs, 25);
    expect((await request.put(`/api/v1/posts/${mine}/like`, { headers: auth(wes) })).status()).toBe(200);

    await signInWithStorage(page, me);
    await page.goto(`/swap-swipe/${mine}`);
    const card = topCard(page);
    // A swap both people asked for comes first, and says why.
    await expect(card).toHaveAttribute('data-post-id', theirs);
    await expect(card.getByText('Wants electronics — you have one')).toBeVisible();
    await expect(card.getByText('On your wish list: water sports')).toBeVisible();
    // A phone says how to drag; a desktop names the keys (and the mouse drags the same way).
    await expect(page.getByText(isMobile ? 'Drag the card right to like, left to pass' : 'Keyboard: ← to pass, → to like')).toBeVisible();
    await docsShot(page, 'guide-swipe-1-deck', { hide: [tag] });

    // A short drag springs back.
    await drag(page, card, 24, isMobile);
    await expect(card).toHaveAttribute('data-post-id', theirs);
    // The card follows the finger, and the swipe goes when it is let go far enough.
    let followed = '';
    await drag(page, card, 260, isMobile, async () => {
      followed = await card.evaluate((el) => (el as HTMLElement).style.transform);
    });
    expect(followed).toMatch(/^translate3d\(\d+(\.\d+)?px, .+\) rotate\(\d/);

    const match = page.getByRole('dialog', { name: "It's a match!" });
    await expect(match).toBeVisible();
    await expect(match).toContainText(`Wes Water likes your Film camera ${tag} too`);
    await expect(match.getByRole('link', { name: 'Make an offer' })).toHaveAttribute('href', `/offer-item/${theirs}`);
    await docsShot(page, 'guide-swipe-2-match', { hide: [tag] });

    for (const email of [me.email, wes.email]) {
      await expect
        .poll(async () => (await latestMailTo(request, email, 'match').catch(() => null))?.subject ?? '')
        .toContain('SwapU match');
      const mail = await latestMailTo(request, email, 'match');
      expect(mail.text).toMatch(/\/viewPost\//);
    }

    // Or straight to a chat with Wes about his kayak (the address then names the room).
    const message = match.getByRole('link', { name: 'Message Wes Water' });
    await expect(message).toHaveAttribute('href', `/discuss/${wes.id}/${theirs}`);
    // On a phone in the same tab; on a computer in a window of its own (spec section 2).
    const [chat] =
      test.info().project.name === 'phone'
        ? await Promise.all([page, message.click()])
        : await Promise.all([page.waitForEvent('popup'), message.click()]);
    const room = chat.getByTestId('room');
    await expect(room).toBeVisible();
    await expect(chat).toHaveURL(new RegExp(`/discuss/[^/]+/${theirs}$`));
    await expect(room.getByTestId('room-other')).toHaveText('Wes Water');
    await expect(room.getByTestId('post-context')).toContainText(`Sea kayak ${tag}`);
  });
});
