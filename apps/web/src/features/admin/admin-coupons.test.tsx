import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Coupon } from '@swapu/shared/money-api';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminCoupons } from './admin-coupons';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

const aCoupon = (patch: Partial<Coupon> = {}): Coupon => ({
  code: 'AB23CD45EF',
  type: 'month_normal',
  usedTimes: 0,
  maxUses: 5,
  expiresAt: null,
  createdAt: '2026-03-04T05:06:07.000Z',
  disabledAt: null,
  ...patch,
});

let list: () => Response;
const renderPage = () => renderRoutes([{ path: '/admin/coupons', Component: AdminCoupons }], '/admin/coupons');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/v1/admin/coupons?')) return list();
    if (url === '/api/v1/admin/coupons' && init?.method === 'POST') return json(201, { items: [aCoupon({ code: 'NEWCODE234' })] });
    if (url === '/api/v1/admin/coupons/AB23CD45EF/disabled' && init?.method === 'PUT') {
      const { disabled } = JSON.parse(String(init.body)) as { disabled: boolean };
      return json(200, aCoupon({ disabledAt: disabled ? '2026-03-05T00:00:00.000Z' : null }));
    }
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/coupons', () => {
  it('lists codes with type, used times as used / max and created on; generates a code', async () => {
    list = () => json(200, { items: [aCoupon({ usedTimes: 2 })], total: 1 });
    renderPage();
    const row = await screen.findByTestId('coupon-row');
    expect(row.textContent).toContain('AB23CD45EF');
    expect(row.textContent).toContain('1 month normal category');
    expect(screen.getByTestId('coupon-used').textContent).toBe('2 / 5');
    expect(fetchMock.mock.calls.map(([u]) => String(u))).toContain('/api/v1/admin/coupons?limit=20&offset=0');

    fireEvent.change(screen.getByLabelText('Max uses per code'), { target: { value: '3' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect((await screen.findByTestId('generated-code')).textContent).toBe('NEWCODE234');
    expect(posted()).toEqual([{ url: '/api/v1/admin/coupons', body: { type: 'month_normal', count: 1, maxUses: 3 } }]);
  });

  it('disables a code after a confirmation, shows it as disabled, and enables it again', async () => {
    let disabledAt: string | null = null;
    list = () => json(200, { items: [aCoupon({ disabledAt })], total: 1 });
    renderPage();
    await screen.findByTestId('coupon-row');
    expect(screen.queryByTestId('coupon-disabled')).toBeNull();
    fireEvent.click(screen.getByTestId('coupon-disable'));
    expect(
      await screen.findByText(
        'Members will no longer be able to redeem this code. The Swap Assist already granted with it stays. You can enable it again later.',
      ),
    ).toBeTruthy();
    disabledAt = '2026-03-05T00:00:00.000Z';
    await act(async () => fireEvent.click(screen.getByTestId('coupon-disable-confirm')));
    expect((await screen.findByTestId('coupon-disabled')).textContent).toBe('Disabled');
    const puts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([u, init]) => [String(u), String(init!.body)]);
    expect(puts).toEqual([['/api/v1/admin/coupons/AB23CD45EF/disabled', '{"disabled":true}']]);
    disabledAt = null;
    await act(async () => fireEvent.click(screen.getByTestId('coupon-enable')));
    await screen.findByTestId('coupon-disable');
    expect(screen.queryByTestId('coupon-disabled')).toBeNull();
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    list = () => json(403, { error: { code: 'permission_denied' } });
    renderPage();
    expect((await screen.findByTestId('coupons-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByRole('button', { name: 'Generate' })).toBeNull();
  });

  it('refuses a batch size out of range without calling the API', async () => {
    list = () => json(200, { items: [], total: 0 });
    renderPage();
    await screen.findByText('No coupons yet. Codes you generate appear here.');
    fireEvent.change(screen.getByLabelText('Number of codes'), { target: { value: '501' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Generate' })));
    expect(screen.getByText('Choose from 1 to 500 codes')).toBeTruthy();
    expect(posted()).toEqual([]);
  });
  it('downloads the CSV; a refused download says why in words and the button is ready again', async () => {
    list = () => json(200, { items: [aCoupon()], total: 1 });
    let csv = () => json(404, { error: { code: 'not_found' } });
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.startsWith('/api/v1/admin/coupons.csv')) return csv();
      if (url.startsWith('/api/v1/admin/coupons?')) return list();
      return json(404, { error: { code: 'not_found' } });
    });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    URL.createObjectURL ??= () => 'blob:x';
    URL.revokeObjectURL ??= () => undefined;
    try {
      renderPage();
      await screen.findByTestId('coupon-row');
      const button = screen.getByRole('button', { name: 'Download CSV' });
      await act(async () => fireEvent.click(button));
      expect((await screen.findByRole('alert')).textContent).toBe('Not found');
      expect(clicked).toEqual([]);
      expect(button.hasAttribute('data-loading')).toBe(false);

      csv = () => new Response('code\nAB23CD45EF\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      await act(async () => fireEvent.click(button));
      await vi.waitFor(() => expect(clicked).toEqual(['swapu-coupons.csv']));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      click.mockRestore();
    }
  });
});
