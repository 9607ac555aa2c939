import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostCard } from '@swapu/shared/api';
import type { Chain } from '@swapu/shared/chains';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import SwapChainLikedPage from './swap-chain-liked';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const card = (id: string, title: string, cents: number): PostCard => ({
  id,
  title,
  cashValueCents: cents,
  condition: 'used-good',
  categories: ['bicycles'],
  suburb: 'Fitzroy',
  auState: 'VIC',
  openToSelling: false,
  openToSwapAnything: false,
  thumbUrl: null,
  thumbSrcSet: null,
  publishedAt: '2026-11-10T00:00:00.000Z',
  boosted: false,
});
const NOW = Date.now();
const chain = (patch: Partial<Chain> = {}, unlocked = [false, false, false]): Chain => ({
  id: 'c1',
  state: 'found',
  reason: null,
  createdAt: new Date(NOW - 3_600_000).toISOString(),
  expiresAt: new Date(NOW + 47 * 3_600_000 - 60_000).toISOString(),
  settledAt: null,
  members: [
    {
      userId: 'me1',
      displayName: 'Olivia Harper',
      gives: card('p1', 'Road bike', 30_000),
      distanceKm: null,
      unlocked: unlocked[0]!,
      declined: false,
    },
    {
      userId: 'u2',
      displayName: 'Ben Trader',
      gives: card('p2', 'Camping tent', 28_000),
      distanceKm: 4.2,
      unlocked: unlocked[1]!,
      declined: false,
    },
    {
      userId: 'u3',
      displayName: 'Mia Rossi',
      gives: card('p3', 'Kayak paddle', 32_000),
      distanceKm: 713,
      unlocked: unlocked[2]!,
      declined: false,
    },
  ],
  me: 0,
  myOfferId: null,
  ...patch,
});

let list: Chain[];
const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/swap-chain-liked',
        element: (
          <>
            <Notifications />
            <SwapChainLikedPage />
          </>
        ),
      },
    ],
    '/swap-chain-liked',
  );

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'me1');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  list = [chain()];
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/me/chains') return json(200, { items: list });
    if (url.pathname === '/api/v1/chains/c1/unlock' && init?.method === 'POST') {
      list = [chain({}, [true, false, false])];
      return json(200, list[0]);
    }
    if (url.pathname === '/api/v1/chains/c1/decline' && init?.method === 'POST') {
      list = [chain({ state: 'dissolved', reason: 'declined', settledAt: new Date(NOW).toISOString() })];
      return json(200, list[0]);
    }
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('/swap-chain-liked', () => {
  it('shows who gives what to whom around the ring, the time left, and unlocks with feedback', async () => {
    renderPage();
    const found = await screen.findByTestId('chain');
    expect(within(found).getByTestId('chain-status').textContent).toBe('Found');
    expect(within(found).getByText('A chain of 3 people')).toBeTruthy();
    expect(within(found).getByText('47 hours left to unlock · 0 of 3 unlocked')).toBeTruthy();
    // Values, suburbs and how far the others' items are (never one's own).
    expect(within(found).getByText('A$280 · Fitzroy · 4.2 km')).toBeTruthy();
    expect(within(found).getByText('A$300 · Fitzroy')).toBeTruthy();
    const members = within(found).getAllByTestId('chain-member');
    // I give to the last member (who receives mine); Ben gives to me; Mia gives to Ben.
    expect(members.map((m) => m.querySelector('p')?.textContent)).toEqual([
      'You give to Mia Rossi',
      'Ben Trader gives to you',
      'Mia Rossi gives to Ben Trader',
    ]);
    await act(async () => fireEvent.click(within(found).getByRole('button', { name: 'Unlock' })));
    expect(await screen.findByText('Unlocked. The chain goes ahead when everyone has unlocked.')).toBeTruthy();
    expect((await screen.findByTestId('chain-status')).textContent).toBe('Waiting for other users to unlock');
    expect(screen.queryByRole('button', { name: 'Unlock' })).toBeNull();
  });

  it('asks before declining, then says the chain ended and why', async () => {
    renderPage();
    const found = await screen.findByTestId('chain');
    await act(async () => fireEvent.click(within(found).getByRole('button', { name: 'Decline' })));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/decline'))).toBe(false);
    await act(async () => fireEvent.click(within(found).getByRole('button', { name: 'Yes, decline' })));
    expect(await screen.findByText('You declined the chain.')).toBeTruthy();
    expect((await screen.findByTestId('chain-status')).textContent).toBe('Ended');
    expect(screen.getByText('Someone declined the chain. Your item is free for the next one.')).toBeTruthy();
  });

  it('links a committed chain to my accepted swap, and says what to do when there is none', async () => {
    list = [chain({ state: 'committed', myOfferId: 'o9', settledAt: new Date(NOW).toISOString() }, [true, true, true])];
    renderPage();
    expect((await screen.findByTestId('chain-status')).textContent).toBe('Swaps accepted');
    expect(screen.getByRole('link', { name: 'See my swap' }).getAttribute('href')).toBe('/swap-offer/o9');
    cleanup();
    list = [];
    renderPage();
    expect(await screen.findByTestId('chains-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open Swap Swipe' }).getAttribute('href')).toBe('/swap-swipe');
  });
});
