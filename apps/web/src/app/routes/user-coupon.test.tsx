import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyPost } from '@swapu/shared/api';
import { aCard } from '../../features/offers/offer-fixture';
import { initI18n } from '../../i18n/index';
import { formatDateTime } from '../../lib/format';
import { renderRoutes } from '../../test/render-routes';
import UserCouponPage from './user-coupon';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

const mine = (id: string, title: string, patch: Partial<MyPost> = {}): MyPost => ({
  ...aCard({ id, title }),
  state: 'published',
  updatedAt: '2026-01-02T00:00:00.000Z',
  likeCount: 0,
  boostedUntil: null,
  swapAssistUntil: null,
  ...patch,
});
const MY_POSTS = [
  mine('p1', 'Espresso machine'),
  mine('p2', 'Old ute', { categories: ['4x4s-and-utes'] }),
  mine('p3', 'Draft lamp', { state: 'draft' }),
];
const UNTIL = '2026-02-01T10:00:00.000Z';

let redeemAnswer: () => Response;
const renderPage = () => renderRoutes([{ path: '/user-coupon', Component: UserCouponPage }], '/user-coupon');
const codeField = () => screen.getByLabelText('Coupon code') as HTMLInputElement;
const redeem = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Redeem' })));

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/me/posts') return json(200, { items: MY_POSTS });
    if (url === '/api/v1/me/coupons' && init?.method === 'POST') return redeemAnswer();
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/user-coupon', () => {
  it('asks for a code before calling the API', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Redeem a coupon' });
    await redeem();
    // Read out as it appears, and tied to the field it is about.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Enter a code');
    expect(codeField().getAttribute('aria-describedby')?.split(' ')).toContain(alert.id);
    expect(posted()).toEqual([]);
  });

  it('offers only my published items, and says what a one-item coupon granted', async () => {
    redeemAnswer = () => json(200, { type: 'month_normal', postId: 'p1', until: UNTIL });
    renderPage();
    const select = await screen.findByLabelText('Item (for a one-item coupon)', { selector: 'input' });
    await waitFor(() => expect((select as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(select);
    expect(await screen.findByRole('option', { name: 'Espresso machine', hidden: true })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Old ute (special category)', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'Draft lamp', hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Espresso machine', hidden: true }));
    fireEvent.change(codeField(), { target: { value: 'ab23-cd45' } });
    await redeem();
    const notice = await screen.findByTestId('coupon-granted');
    expect(notice.textContent).toBe(`Swap Assist for Espresso machine until ${formatDateTime(UNTIL, 'en-US')}`);
    expect(posted()).toEqual([{ url: '/api/v1/me/coupons', body: { code: 'ab23-cd45', postId: 'p1' } }]);
    expect(codeField().value).toBe('');
  });

  it('says an unlimited package covers all my items', async () => {
    redeemAnswer = () => json(200, { type: 'months_6', postId: null, until: UNTIL });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Redeem a coupon' });
    fireEvent.change(codeField(), { target: { value: 'SIXMONTHS1' } });
    await redeem();
    expect((await screen.findByTestId('coupon-granted')).textContent).toBe(
      `Swap Assist for all your items until ${formatDateTime(UNTIL, 'en-US')}`,
    );
    expect(posted()).toEqual([{ url: '/api/v1/me/coupons', body: { code: 'SIXMONTHS1' } }]);
  });

  it("shows the spec's words under the field when the code is invalid or used", async () => {
    redeemAnswer = () =>
      json(400, { error: { code: 'coupon_invalid', message: 'Code is Invalid or Has been used', fields: { code: 'coupon_invalid' } } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Redeem a coupon' });
    fireEvent.change(codeField(), { target: { value: 'USEDCODE99' } });
    await redeem();
    expect((await screen.findByRole('alert')).textContent).toBe('Code is Invalid or Has been used');
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByTestId('coupon-granted')).toBeNull();
    // The code stays, to be corrected.
    expect(codeField().value).toBe('USEDCODE99');
  });

  it('puts an item refusal under the item field', async () => {
    redeemAnswer = () => json(400, { error: { code: 'coupon_item_required', fields: { postId: 'coupon_item_required' } } });
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Redeem a coupon' });
    fireEvent.change(codeField(), { target: { value: 'ONEMONTH22' } });
    await redeem();
    expect(await screen.findByText('Choose the item this coupon is for.')).toBeTruthy();
  });
});
