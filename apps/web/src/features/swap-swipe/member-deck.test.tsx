import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Deck, SwipeBody } from '@swapu/shared/engagement';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { aCard, aDeck, anAllowance } from './deck-fixture';
import { MemberDeck } from './member-deck';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string) => json(status, { error: { code, message: code } });

type Handler = (body: unknown) => Response | Promise<Response>;
let routes: Record<string, Handler>;
/** The requests the page made, in order: "METHOD /path" and the JSON body. */
let sent: Array<{ call: string; body: unknown }>;

const cards = (n: number, from = 1) => Array.from({ length: n }, (_, i) => aCard(`c${from + i}`));
const swipesSent = () => sent.filter((s) => s.call === 'POST /api/v1/swipes').map((s) => s.body as SwipeBody);
const topTitle = () => within(screen.getByTestId('swipe-card')).getByTestId('swipe-card-title').textContent;

function renderDeck() {
  return renderRoutes(
    [
      {
        path: '/swap-swipe/:postId',
        element: (
          <>
            <Notifications />
            <MemberDeck postId="mine" />
          </>
        ),
      },
    ],
    '/swap-swipe/mine',
  );
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  sent = [];
  routes = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ call, body });
    const handler = routes[call];
    return handler ? handler(body) : fail(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

/** The deck answers with these cards (first batch), then with `next` for every later batch. */
function serveDeck(first: Deck, next: Deck = aDeck([])) {
  let n = 0;
  routes['GET /api/v1/swipe/deck/mine'] = () => json(200, n++ === 0 ? first : next);
}
const serveSwipes = (used = { n: 0 }) => {
  routes['POST /api/v1/swipes'] = (body) => {
    const b = body as SwipeBody;
    if (b.direction === 'right') used.n++;
    return json(200, { direction: b.direction, matched: false, allowance: anAllowance({ used: used.n }) });
  };
};

describe('swiping the deck for my item', { timeout: 15_000 }, () => {
  it('a like takes the top card away at once and sends a right swipe from my item; → and ← swipe too', async () => {
    serveDeck(aDeck(cards(12)));
    serveSwipes();
    renderDeck();
    expect(await screen.findByText('25 of 25 right swipes left today')).toBeTruthy();
    expect(topTitle()).toBe('Item c1');

    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    // Optimistic: the next card is on top before the server has answered.
    expect(topTitle()).toBe('Item c2');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(topTitle()).toBe('Item c3');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(topTitle()).toBe('Item c4');

    await waitFor(() => expect(swipesSent()).toHaveLength(3));
    expect(swipesSent()).toEqual([
      { fromPostId: 'mine', postId: 'c1', direction: 'right' },
      { fromPostId: 'mine', postId: 'c2', direction: 'left' },
      { fromPostId: 'mine', postId: 'c3', direction: 'right' },
    ]);
    expect(await screen.findByText('23 of 25 right swipes left today')).toBeTruthy();
  });

  it('a swipe the server refuses puts its card back on top; at the limit the limit panel opens', async () => {
    serveDeck(aDeck(cards(10), { allowance: anAllowance({ used: 24 }) }));
    routes['POST /api/v1/swipes'] = () => fail(409, 'swipe_limit');
    routes['GET /api/v1/me/swipe-allowance'] = () => json(200, anAllowance({ used: 25 }));
    routes['GET /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 0, balance: 3 });
    renderDeck();
    await screen.findByText('1 of 25 right swipes left today');
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(topTitle()).toBe('Item c2');
    expect(await screen.findByRole('dialog', { name: 'You have reached your swipe limit for today' })).toBeTruthy();
    // Rolled back: the refused card is on top again.
    expect(topTitle()).toBe('Item c1');
    expect(await screen.findByText('0 of 25 right swipes left today')).toBeTruthy();
  });

  it('with no right swipes left, a like opens the limit panel without asking the server; passing still works', async () => {
    serveDeck(aDeck(cards(10), { allowance: anAllowance({ used: 25 }) }));
    serveSwipes();
    routes['GET /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 0, balance: 0 });
    renderDeck();
    await screen.findByText('0 of 25 right swipes left today');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    const dialog = await screen.findByRole('dialog', { name: 'You have reached your swipe limit for today' });
    expect(topTitle()).toBe('Item c1');
    expect(swipesSent()).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Pass' }));
    expect(topTitle()).toBe('Item c2');
    await waitFor(() => expect(swipesSent()).toEqual([{ fromPostId: 'mine', postId: 'c1', direction: 'left' }]));
  });

  it('undo brings the last swiped card back on top and gives the right swipe back', async () => {
    serveDeck(aDeck(cards(10)));
    serveSwipes();
    routes['POST /api/v1/swipes/undo'] = () => json(200, { postId: 'c2', direction: 'right', allowance: anAllowance({ used: 1 }) });
    renderDeck();
    await screen.findByText('25 of 25 right swipes left today');
    const undo = screen.getByRole('button', { name: 'Undo last swipe' });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(topTitle()).toBe('Item c3');
    await screen.findByText('23 of 25 right swipes left today');
    fireEvent.click(screen.getByRole('button', { name: 'Undo last swipe' }));
    await waitFor(() => expect(topTitle()).toBe('Item c2'));
    expect(await screen.findByText('24 of 25 right swipes left today')).toBeTruthy();
    // The undo went after the swipes, in order.
    expect(sent.filter((s) => s.call.startsWith('POST')).map((s) => s.call)).toEqual([
      'POST /api/v1/swipes',
      'POST /api/v1/swipes',
      'POST /api/v1/swipes/undo',
    ]);
  });

  it('asks for the next cards when five are left and adds only new ones; when none are left it says so and what to do next', async () => {
    // The second batch repeats a card still here and one already swiped (the server had not heard yet).
    serveDeck(aDeck(cards(6)), aDeck([aCard('c1'), aCard('c6'), aCard('c7'), aCard('c8')]));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    routes['POST /api/v1/swipes'] = async (body) => {
      await gate;
      return json(200, { direction: (body as SwipeBody).direction, matched: false, allowance: anAllowance() });
    };
    renderDeck();
    await screen.findByText('25 of 25 right swipes left today');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(sent.filter((s) => s.call === 'GET /api/v1/swipe/deck/mine')).toHaveLength(2));
    release();
    // c1 (swiped) and c6 (here already) are not added twice: c7 and c8 follow c6.
    for (const title of ['Item c2', 'Item c3', 'Item c4', 'Item c5', 'Item c6', 'Item c7', 'Item c8']) {
      await waitFor(() => expect(topTitle()).toBe(title));
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
    }
    expect(await screen.findByText('We could not find any matches results')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add what you wish for' }).getAttribute('href')).toBe('/editPost/mine');
    expect(screen.getByRole('link', { name: 'Swipe for another item' }).getAttribute('href')).toBe('/swap-swipe');
  });

  it('a like that completes a mutual like celebrates the match, with a way to make an offer or to message the owner', async () => {
    serveDeck(aDeck(cards(8)));
    routes['POST /api/v1/swipes'] = () => json(200, { direction: 'right', matched: true, allowance: anAllowance({ used: 1 }) });
    renderDeck();
    await screen.findByText('25 of 25 right swipes left today');
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    const dialog = await screen.findByRole('dialog', { name: "It's a match!" });
    expect(dialog.textContent).toContain('Owner of c1 likes your Road bike too');
    expect(within(dialog).getByRole('link', { name: 'Make an offer' }).getAttribute('href')).toBe('/offer-item/c1');
    expect(within(dialog).getByRole('link', { name: 'Message Owner of c1' }).getAttribute('href')).toBe('/discuss/owner-c1/c1');
  });

  it('a card dragged past the threshold is swiped that way; a short drag springs back', async () => {
    serveDeck(aDeck(cards(8)));
    serveSwipes();
    renderDeck();
    await screen.findByText('25 of 25 right swipes left today');
    const drag = (dx: number) => {
      const card = screen.getByTestId('swipe-card');
      act(() => {
        fireEvent.pointerDown(card, { pointerId: 1, clientX: 200, clientY: 300, button: 0, pointerType: 'touch' });
        for (let x = 1; x <= 4; x++)
          fireEvent.pointerMove(card, { pointerId: 1, clientX: 200 + (dx * x) / 4, clientY: 305, pointerType: 'touch' });
        fireEvent.pointerUp(card, { pointerId: 1, clientX: 200 + dx, clientY: 305, pointerType: 'touch' });
      });
    };
    drag(20);
    expect(topTitle()).toBe('Item c1');
    drag(-200);
    expect(topTitle()).toBe('Item c2');
    drag(200);
    expect(topTitle()).toBe('Item c3');
    await waitFor(() => expect(swipesSent().map((s) => `${s.postId}:${s.direction}`)).toEqual(['c1:left', 'c2:right']));
  });

  it('a deck for an item that is not mine says Swap Swipe is for my own items', async () => {
    routes['GET /api/v1/swipe/deck/mine'] = () => fail(403, 'swipe_own_post');
    renderDeck();
    expect(await screen.findByText('Swap Swipe is for your own published items.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Choose one of your items' }).getAttribute('href')).toBe('/swap-swipe');
  });
});

describe('the deck at the daily limit', { timeout: 15_000 }, () => {
  const limitState = () => screen.findByTestId('swipe-limit-state');

  it('shows the limit state instead of cards when the deck is opened at the limit, and deals again after 10 more swipes are bought', async () => {
    serveDeck(
      aDeck([], { status: 'limit_reached', allowance: anAllowance({ used: 25 }) }),
      aDeck(cards(8), { allowance: anAllowance({ used: 25, limit: 35, extra: 10 }) }),
    );
    routes['GET /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 0, balance: 3 });
    routes['POST /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 10, balance: 2 });
    routes['GET /api/v1/me/swipe-allowance'] = () => json(200, anAllowance({ used: 25, limit: 35, extra: 10 }));
    renderDeck();
    const state = await limitState();
    expect(within(state).getByRole('heading', { name: 'You have reached your swipe limit for today' })).toBeTruthy();
    expect(state.textContent).toContain('no more cards until midnight');
    expect(within(state).getByRole('button', { name: 'Subscribe for A$10 a month' })).toBeTruthy();
    expect(screen.queryByTestId('swipe-card')).toBeNull();
    expect(screen.queryByText('We could not find any matches results')).toBeNull();
    // No dialog over it: the state is the page.
    expect(screen.queryByRole('dialog')).toBeNull();
    // Asked once: a deck at the limit is not asked again and again for more.
    expect(sent.filter((s) => s.call === 'GET /api/v1/swipe/deck/mine')).toHaveLength(1);

    fireEvent.click(within(state).getByRole('button', { name: 'Spend 1 token' }));
    await waitFor(() => expect(topTitle()).toBe('Item c1'));
    expect(screen.queryByTestId('swipe-limit-state')).toBeNull();
    expect(await screen.findByText('10 of 35 right swipes left today')).toBeTruthy();
  });

  it('when the next batch comes back at the limit, the limit state follows the last card, not "no more matches"', async () => {
    serveDeck(aDeck(cards(6), { allowance: anAllowance({ used: 24 }) }), aDeck([], { status: 'limit_reached' }));
    serveSwipes({ n: 24 });
    renderDeck();
    await screen.findByText('1 of 25 right swipes left today');
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    await waitFor(() => expect(sent.filter((s) => s.call === 'GET /api/v1/swipe/deck/mine')).toHaveLength(2));
    for (const title of ['Item c2', 'Item c3', 'Item c4', 'Item c5', 'Item c6']) {
      await waitFor(() => expect(topTitle()).toBe(title));
      fireEvent.keyDown(window, { key: 'ArrowLeft' });
    }
    const state = await limitState();
    expect(within(state).getByRole('heading', { name: 'You have reached your swipe limit for today' })).toBeTruthy();
    expect(screen.queryByText('We could not find any matches results')).toBeNull();
  });
});
