import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { aCard, anAllowance, aPostCard } from '../../features/swap-swipe/deck-fixture';
import { initI18n } from '../../i18n/index';
import { clearSession } from '../../lib/session';
import { saveSession } from '../../lib/session-writes';
import { renderRoutes } from '../../test/render-routes';
import SwapSwipePage from './swap-swipe';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let routes: Record<string, () => Response>;

const renderPage = () =>
  renderRoutes(
    [
      { path: '/swap-swipe', Component: SwapSwipePage },
      { path: '/swap-swipe/:postId', element: <p>Deck page</p> },
    ],
    '/swap-swipe',
  );
const myPost = (id: string, state: string) => ({
  ...aPostCard({ id, title: `My ${id}` }),
  state,
  updatedAt: '2026-01-01T00:00:00.000Z',
  likeCount: 0,
  boostedUntil: null,
  swapAssistUntil: null,
});

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  routes = {};
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => routes[String(input)]?.() ?? json(404, { error: { code: 'not_found' } }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('/swap-swipe', { timeout: 15_000 }, () => {
  it('a guest tries the live sample deck and, after a swipe, is asked to log in', async () => {
    routes['/api/v1/swipe/sample'] = () => json(200, { items: [aCard('s1', { reasons: [{ kind: 'fresh' }] }), aCard('s2')] });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Swap Swipe', level: 1 })).toBeTruthy();
    expect(await screen.findByText('Just listed')).toBeTruthy();
    expect(screen.queryByTestId('swipe-nudge')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Like' }));
    expect(await screen.findByText('Like it for real')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Log in to start swiping' })[0]!.getAttribute('href')).toBe('/auth');
    // Only the sample was asked for: nothing a guest swipes is sent.
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toEqual(['/api/v1/swipe/sample']);
  });

  it('a member picks one of their published items, each leading to its deck', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    routes['/api/v1/me/posts'] = () => json(200, { items: [myPost('p1', 'published'), myPost('p2', 'draft'), myPost('p3', 'published')] });
    routes['/api/v1/me/swipe-allowance'] = () => json(200, anAllowance({ used: 7 }));
    renderPage();
    const picks = await screen.findAllByTestId('swipe-pick');
    expect(picks.map((p) => within(p).getByText(/^My p/).textContent)).toEqual(['My p1', 'My p3']);
    expect(picks[1]!.getAttribute('href')).toBe('/swap-swipe/p3');
    expect(await screen.findByText('18 of 25 right swipes left today')).toBeTruthy();
    expect(screen.queryByTestId('swipe-sample')).toBeNull();
  });

  it('a member with nothing published is shown how to list an item', async () => {
    saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
    routes['/api/v1/me/posts'] = () => json(200, { items: [myPost('p2', 'draft')] });
    routes['/api/v1/me/swipe-allowance'] = () => json(200, anAllowance());
    renderPage();
    expect(await screen.findByText('List an item to start swiping')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: 'List an item' }).getAttribute('href')).toBe('/create'));
  });
});
