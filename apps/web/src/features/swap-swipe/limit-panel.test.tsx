import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SwipeAllowance } from '@swapu/shared/engagement';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { anAllowance } from './deck-fixture';
import { LimitPanel } from './limit-panel';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const fail = (status: number, code: string) => json(status, { error: { code, message: code } });
let routes: Record<string, (body: unknown) => Response>;
let sent: Array<{ call: string; body: unknown }>;
const onClose = vi.fn();
const onAllowance = vi.fn<(a: SwipeAllowance) => void>();

const renderPanel = () =>
  renderRoutes(
    [
      {
        path: '/swap-swipe/mine',
        element: (
          <>
            <Notifications />
            <LimitPanel opened onClose={onClose} onAllowance={onAllowance} />
          </>
        ),
      },
      { path: '/checkout/:id', element: <p>Checkout page</p> },
    ],
    '/swap-swipe/mine',
  );

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  sent = [];
  routes = { 'GET /api/v1/me/extra-swipes': () => json(200, { day: '2026-01-01', extra: 0, balance: 3 }) };
  onClose.mockReset();
  onAllowance.mockReset();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    sent.push({ call, body });
    return routes[call]?.(body) ?? fail(404, 'not_found');
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the swipe limit panel', { timeout: 15_000 }, () => {
  it('says the day’s limit is reached and offers a subscription or 10 more swipes for 1 token', async () => {
    renderPanel();
    const dialog = await screen.findByRole('dialog', { name: 'You have reached your swipe limit for today' });
    expect(within(dialog).getByRole('button', { name: 'Subscribe for A$10 a month' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Spend 1 token' })).toBeTruthy();
    expect(within(dialog).getByText('Spend 1 token for 10 more right swipes, until midnight.')).toBeTruthy();
    expect((await within(dialog).findByTestId('swipe-token-balance')).textContent).toBe('You have 3 tokens.');
  });

  it('spending a token buys 10 more, reads the allowance afresh for the deck and closes', async () => {
    routes['POST /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 10, balance: 2 });
    routes['GET /api/v1/me/swipe-allowance'] = () => json(200, anAllowance({ used: 25, limit: 35, extra: 10 }));
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Spend 1 token' }));
    await waitFor(() => expect(onAllowance).toHaveBeenCalledWith(anAllowance({ used: 25, limit: 35, extra: 10 })));
    expect(onClose).toHaveBeenCalledOnce();
    expect(await screen.findByText('10 more right swipes for today. Happy swiping!')).toBeTruthy();
  });

  it('without tokens it says so and links to buying tokens', async () => {
    routes['GET /api/v1/me/extra-swipes'] = () => json(200, { day: '2026-01-01', extra: 0, balance: 0 });
    routes['POST /api/v1/me/extra-swipes'] = () => fail(409, 'tokens_insufficient');
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Spend 1 token' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You do not have enough tokens for this. Buy tokens first.');
    expect(within(alert).getByRole('link', { name: 'Buy tokens' }).getAttribute('href')).toBe('/tokens');
    expect(onAllowance).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('subscribing starts a checkout that returns to /swap-swipe-success and goes to pay', async () => {
    routes['POST /api/v1/checkouts'] = () => json(201, { id: 'ch1', url: '/checkout/ch1' });
    const router = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe for A$10 a month' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/ch1'));
    expect(sent.find((s) => s.call === 'POST /api/v1/checkouts')?.body).toEqual({
      purchase: { kind: 'subscription' },
      returnTo: '/swap-swipe-success',
    });
  });
});
