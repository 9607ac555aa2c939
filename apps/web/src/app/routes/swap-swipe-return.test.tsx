import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import SwapSwipeReturnPage from './swap-swipe-return';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let status = 'active';

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/swap-swipe-success', Component: SwapSwipeReturnPage },
      { path: '/swap-swipe-cancel', Component: SwapSwipeReturnPage },
    ],
    path,
  );

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/v1/me/subscription'
      ? json(200, { status, currentPeriodEnd: null, priceCents: 1000 })
      : json(404, { error: { code: 'not_found' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/swap-swipe-success and /swap-swipe-cancel', () => {
  it('confirms a running subscription and leads back to Swap Swipe', async () => {
    status = 'active';
    renderAt('/swap-swipe-success?checkout=paid');
    expect(await screen.findByRole('heading', { name: "You're subscribed" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Swap Swipe' }).getAttribute('href')).toBe('/swap-swipe');
  });

  it("a cancelled checkout gets the cancel page with 'Checkout process didn't go through'", async () => {
    status = 'none';
    const router = renderAt('/swap-swipe-success?checkout=cancelled');
    expect(await screen.findByRole('heading', { name: 'No subscription this time' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe("Checkout process didn't go through");
    expect(router.state.location.pathname).toBe('/swap-swipe-cancel');
  });

  it('visited with no checkout behind it and no subscription, says there is no payment to confirm instead of a failed one', async () => {
    for (const s of ['none', 'expired']) {
      status = s;
      const router = renderAt('/swap-swipe-success');
      expect(await screen.findByRole('heading', { level: 1, name: 'No payment to confirm' })).toBeTruthy();
      expect(screen.queryByText("Checkout process didn't go through")).toBeNull();
      expect(screen.queryByRole('alert')).toBeNull();
      expect(screen.getByRole('link', { name: 'Back to Swap Swipe' }).getAttribute('href')).toBe('/swap-swipe');
      expect(screen.getByRole('link', { name: 'See the subscription' }).getAttribute('href')).toBe('/subscription');
      expect(router.state.location.pathname).toBe('/swap-swipe-success');
      cleanup();
    }
  });

  it('with no checkout but a running subscription, says the member is subscribed', async () => {
    status = 'active';
    renderAt('/swap-swipe-success');
    expect(await screen.findByRole('heading', { name: "You're subscribed" })).toBeTruthy();
  });
});
