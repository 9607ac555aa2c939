import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, Shippable } from '@swapu/shared/delivery-api';
import { aDelivery, aShippable } from '../../features/delivery/delivery-fixture';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import DeliverySwapPage from './delivery-swap';
import MyDeliveryPage from './my-delivery';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const requested = () => fetchMock.mock.calls.map(([u]) => String(u));

let deliveries: Delivery[] = [];
let shippable: Shippable[] = [];
const FILTER_STATE: Record<string, string> = {
  'label-created': 'label_created',
  shipped: 'shipped',
  'in-transit': 'in_transit',
  delivered: 'delivered',
  cancelled: 'cancelled',
};

const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/my-delivery', Component: MyDeliveryPage },
      { path: '/my-delivery-status/:status', Component: MyDeliveryPage },
      { path: '/delivery-swap', Component: DeliverySwapPage },
    ],
    path,
  );

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://swapu.local');
    if (url.pathname === '/api/v1/deliveries/shippable') return json(200, { items: shippable });
    if (url.pathname === '/api/v1/deliveries') {
      const status = url.searchParams.get('status');
      return json(200, { items: status ? deliveries.filter((d) => d.state === FILTER_STATE[status]) : deliveries });
    }
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/my-delivery', () => {
  beforeEach(() => {
    deliveries = [
      aDelivery({ id: 'd1', state: 'shipped', estimatedDelivery: '2030-01-10' }),
      aDelivery({
        id: 'd2',
        postId: 'p2',
        offerId: 'o2',
        postTitle: 'Camping stove',
        state: 'cancelled',
        viewerIsSender: false,
        sender: { userId: 'u3', name: 'Cleo Giver', street: '1 High Street', suburb: 'Carlton', postcode: '3053', state: 'VIC' },
        receiver: { userId: 'u1', name: 'Ana Swapper', street: '12 King Street', suburb: 'Newtown', postcode: '2042', state: 'NSW' },
      }),
    ];
  });

  it('lists the parcels I send and receive, each linking to its order page', async () => {
    renderAt('/my-delivery');
    expect(await screen.findByRole('heading', { level: 1, name: 'My deliveries' })).toBeTruthy();
    const rows = await screen.findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Road bike');
    expect(rows[0]!.textContent).toContain('Shipped');
    expect(rows[0]!.textContent).toContain('To Ben Trader · Fitzroy');
    expect(rows[0]!.textContent).toContain('Arrives about Thu, 10 Jan');
    expect(rows[0]!.getAttribute('href')).toBe('/my-delivery/p1/o1/u2');
    expect(rows[1]!.textContent).toContain('From Cleo Giver');
    expect(rows[1]!.textContent).toContain('Cancelled');
    // An ended delivery is no longer the item's live one: the row names it.
    expect(rows[1]!.getAttribute('href')).toBe('/my-delivery/p2/o2/u1?delivery=d2');
    expect(requested()).toContain('/api/v1/deliveries');
  });

  it('filters by status through the address', async () => {
    const router = renderAt('/my-delivery');
    await screen.findAllByTestId('delivery-row');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Shipped' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-delivery-status/shipped'));
    await waitFor(() => expect(screen.getAllByTestId('delivery-row')).toHaveLength(1));
    expect(requested()).toContain('/api/v1/deliveries?status=shipped');
    expect(screen.getByRole('tab', { name: 'Shipped' }).getAttribute('aria-selected')).toBe('true');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'All' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-delivery'));
  });

  it('says when a status has no parcels', async () => {
    renderAt('/my-delivery-status/in-transit');
    expect((await screen.findByTestId('deliveries-empty')).textContent).toContain('No parcels on their way right now.');
    expect(requested()).toContain('/api/v1/deliveries?status=in-transit');
  });

  it('answers an unknown status with the not-found page', async () => {
    renderAt('/my-delivery-status/lost');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that" })).toBeTruthy();
    expect(requested()).toEqual([]);
  });
});

describe('/delivery-swap', () => {
  it('lists my swap items to ship, with their delivery if one is arranged', async () => {
    shippable = [
      aShippable(),
      aShippable({
        offerId: 'o2',
        postId: 'p2',
        postTitle: 'Camping stove',
        viewerIsSender: false,
        sender: { userId: 'u3', name: 'Cleo Giver' },
        receiver: { userId: 'u1', name: 'Ana Swapper' },
        delivery: { id: 'd2', state: 'in_transit' },
      }),
    ];
    renderAt('/delivery-swap');
    const rows = await screen.findAllByTestId('shippable-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('You send to Ben Trader');
    expect(screen.getByRole('link', { name: 'Arrange delivery' }).getAttribute('href')).toBe('/my-delivery/p1/o1/u2');
    expect(rows[1]!.textContent).toContain('Cleo Giver sends to you');
    expect(rows[1]!.textContent).toContain('In transit');
    expect(screen.getByRole('link', { name: 'View delivery' }).getAttribute('href')).toBe('/my-delivery/p2/o2/u1');
  });

  it('points to the offers when no swap is accepted yet', async () => {
    shippable = [];
    renderAt('/delivery-swap');
    const empty = await screen.findByTestId('shippable-empty');
    expect(empty.textContent).toContain('No swaps to deliver yet');
    expect(screen.getByRole('link', { name: 'See my offers' }).getAttribute('href')).toBe('/offers');
  });
});
