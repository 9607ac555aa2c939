import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checkout } from '@swapu/shared/money-api';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import CheckoutPage from './checkout';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aCheckout = (patch: Partial<Checkout> = {}): Checkout => ({
  id: 'c1',
  kind: 'tokens',
  tokens: 50,
  postId: null,
  postTitle: null,
  months: null,
  description: 'SwapU tokens × 50',
  amountCents: 5000,
  gstCents: 455,
  provider: 'stripe',
  status: 'open',
  refundReason: null,
  shortfallTokens: 0,
  returnTo: '/tokens',
  createdAt: '2026-11-20T00:00:00.000Z',
  completedAt: null,
  ...patch,
});

let checkout: Checkout;
/** What the server answers to Pay (the local checkout): the checkout, or an error. */
let payAnswer: () => Response;
beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/checkouts/c1' && (!init?.method || init.method === 'GET')) return json(200, checkout);
    if (url === '/api/v1/checkouts/c1/pay') return payAnswer();
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await initI18n('en-US');
});

const renderCheckout = () => renderRoutes([{ path: '/checkout/:id', Component: CheckoutPage }], '/checkout/c1');

describe('the checkout page after the payment', () => {
  it('says a refunded payment was refunded, why, and what tokens were already spent, with a way to the receipts', async () => {
    checkout = aCheckout({ status: 'refunded', refundReason: 'provider_refund', shortfallTokens: 20 });
    renderCheckout();
    const note = await screen.findByTestId('checkout-refunded');
    expect(note.textContent).toContain('This payment of A$50 was refunded.');
    expect(note.textContent).toContain('This payment was refunded through our payment provider, so what it bought has been taken back.');
    expect(note.textContent).toContain('20 tokens had already been spent, so your balance stopped at 0.');
    expect(screen.getByRole('link', { name: 'See your receipts' }).getAttribute('href')).toBe('/receipts');
    expect(screen.queryByText('This checkout was cancelled. Nothing was charged.')).toBeNull();
  });

  it('says so in Portuguese too', async () => {
    await initI18n('pt-PT');
    checkout = aCheckout({
      kind: 'subscription',
      tokens: null,
      amountCents: 1000,
      gstCents: 91,
      status: 'refunded',
      refundReason: 'already_subscribed',
    });
    renderCheckout();
    const note = await screen.findByTestId('checkout-refunded');
    expect(note.textContent).toContain('Já tem uma subscrição, por isso este pagamento foi devolvido.');
    expect(note.textContent).not.toContain('tokens');
  });

  it('says a lapsed checkout has expired and a delayed payment is still being confirmed', async () => {
    checkout = aCheckout({ status: 'expired' });
    renderCheckout();
    expect(await screen.findByText('This checkout has expired. Nothing was charged: start again from where you were.')).toBeTruthy();
    cleanup();
    checkout = aCheckout({ status: 'processing' });
    renderCheckout();
    expect(
      await screen.findByText('Your bank is still confirming this payment. You get what you bought as soon as it clears.'),
    ).toBeTruthy();
  });

  it("keeps the server's reason on screen when Pay is refused and the checkout closes", async () => {
    checkout = aCheckout({ provider: 'local', kind: 'delivery', tokens: null, postTitle: 'Road bike', amountCents: 1355, gstCents: 123 });
    payAnswer = () => {
      // The refusal closes the checkout: the page reads it again afterwards.
      checkout = aCheckout({ ...checkout, status: 'cancelled' });
      return json(409, {
        error: { code: 'quote_expired', message: 'This quote has expired. Get a new quote to see the current price.' },
      });
    };
    renderCheckout();
    fireEvent.change(await screen.findByLabelText('Card number'), { target: { value: '4242 4242 4242 4242' } });
    fireEvent.click(screen.getByRole('button', { name: /^Pay/ }));
    expect((await screen.findByTestId('checkout-error')).textContent).toBe(
      'This quote has expired. Get a new quote to see the current price.',
    );
    expect(await screen.findByText('This checkout was cancelled. Nothing was charged.')).toBeTruthy();
    expect(screen.getByTestId('checkout-error').textContent).toBe('This quote has expired. Get a new quote to see the current price.');
  });
});
