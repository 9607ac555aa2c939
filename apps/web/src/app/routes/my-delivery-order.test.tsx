import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Delivery, DeliveryDraft } from '@swapu/shared/delivery-api';
import { aDelivery, aDraft } from '../../features/delivery/delivery-fixture';
import { formatTime } from '../../features/delivery/delivery-text';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import MyDeliveryOrderPage from './my-delivery-order';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined }));

let draftAnswer: () => Response;
let createAnswer: () => Response;
let checkoutAnswer: () => Response;
let delivery: Delivery;
let labelAnswer: () => Promise<Response>;

const ORDER = '/my-delivery/p1/o1/u2';
const renderPage = (path = ORDER) =>
  renderRoutes(
    [
      { path: '/my-delivery/:postId/:offerId/:receiver', Component: MyDeliveryOrderPage },
      { path: '/checkout/:id', element: <p>checkout page</p> },
    ],
    path,
  );
const field = (label: string) => screen.getByLabelText(label, { selector: 'input,textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = (name: string | RegExp) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const draftWith = (patch: Partial<DeliveryDraft> = {}) => {
  draftAnswer = () => json(200, aDraft(patch));
};

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  // The instructions field grows with its text (Mantine's autosize listens for web fonts).
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  draftWith();
  delivery = aDelivery();
  createAnswer = () => json(201, delivery);
  checkoutAnswer = () => json(201, { id: 'c1', url: '/checkout/c1' });
  labelAnswer = async () => new Response(new Blob(['%PDF-1.4']), { status: 200, headers: { 'content-type': 'application/pdf' } });
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const post = init?.method === 'POST';
    if (url === '/api/v1/deliveries/draft/p1/o1/u2') return draftAnswer();
    if (url.startsWith('/api/v1/localities')) return json(200, { items: [] });
    if (url === '/api/v1/deliveries' && post) return createAnswer();
    if (url === '/api/v1/deliveries/d1/checkout' && post) return checkoutAnswer();
    if (url === '/api/v1/deliveries/d1/cancel' && post)
      return json(200, { ...delivery, state: 'cancelled', canCancel: false, hasLabel: false });
    if (url === '/api/v1/deliveries/d1') return json(200, delivery);
    if (url.startsWith('/api/v1/deliveries/d1/label')) return labelAnswer();
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/my-delivery/:postId/:offerId/:receiver: the order form', () => {
  it('is prefilled from the draft; the other party’s email stays on file, masked', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery order' })).toBeTruthy();
    expect(await screen.findByTestId('order-item')).toBeTruthy();
    expect(field("Sender's name").value).toBe('Ana Swapper');
    expect(field("Sender's street address").value).toBe('12 King Street');
    expect(field("Sender's suburb and postcode").value).toBe('Newtown 2042');
    expect(field("Sender's email").value).toBe('ana@example.com');
    expect(field("Receiver's name").value).toBe('Ben Trader');
    expect(field("Receiver's street address").value).toBe('3/45 Smith Street');
    const email = field("Receiver's email");
    expect(email.value).toBe('b•••@example.com');
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(/We pass Ben Trader's email on file to the courier/)).toBeTruthy();
    expect(field('Item description').value).toBe('Road bike, boxed');
    expect(field('Weight (kg)').value).toBe('10');
    expect(field('Length (cm)').value).toBe('56');
    expect(field('Pickup date').value).toBe('2030-01-07');
    expect(field('Pickup date').min).toBe('2030-01-07');
  });

  it('asks for a street a courier can find before asking the server', async () => {
    renderPage();
    await screen.findByTestId('order-item');
    type("Sender's street address", 'King Street');
    await click('Get quote');
    expect(screen.getByText('Address need to be more specific so delivery can pick up your parcel.')).toBeTruthy();
    expect(field("Sender's street address").getAttribute('aria-invalid')).toBe('true');
    // The field's error and the form's are both announced.
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(
      expect.arrayContaining([
        'Address need to be more specific so delivery can pick up your parcel.',
        expect.stringContaining('There is issue with your form...'),
      ]),
    );
    expect(posted()).toEqual([]);
  });

  it('refuses a weekend pickup in the browser', async () => {
    renderPage();
    await screen.findByTestId('order-item');
    type('Pickup date', '2030-01-05');
    await click('Get quote');
    expect(screen.getByText('Please choose a business day that is not a public holiday')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("puts the server's field error under its field", async () => {
    createAnswer = () =>
      json(400, {
        error: { code: 'address_invalid', message: 'Please enter valid address', fields: { 'receiver.suburb': 'address_invalid' } },
      });
    renderPage();
    await screen.findByTestId('order-item');
    await click('Get quote');
    expect(await screen.findByText('Please enter valid address')).toBeTruthy();
    expect(field("Receiver's suburb and postcode").getAttribute('aria-invalid')).toBe('true');
    expect(field("Sender's suburb and postcode").getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.getByTestId('order-error').textContent).toContain('There is issue with your form...');
  });

  it('shows the quote, then Pay starts the checkout', async () => {
    const router = renderPage();
    await screen.findByTestId('order-item');
    type('Instructions for the courier (optional)', 'Side gate');
    await click('Get quote');
    const quote = await screen.findByTestId('delivery-quote');
    expect(posted()).toEqual([
      {
        url: '/api/v1/deliveries',
        body: {
          postId: 'p1',
          offerId: 'o1',
          receiverId: 'u2',
          // The receiver's email is on file: the server passes it on.
          sender: { name: 'Ana Swapper', street: '12 King Street', suburb: 'Newtown', postcode: '2042', email: 'ana@example.com' },
          receiver: { name: 'Ben Trader', street: '3/45 Smith Street', suburb: 'Fitzroy', postcode: '3065' },
          itemDescription: 'Road bike, boxed',
          parcel: { weightKg: 10, lengthCm: 56, widthCm: 36, heightCm: 23 },
          pickupDate: '2030-01-07',
          instructions: 'Side gate',
        },
      },
    ]);
    expect(within(quote).getByTestId('quote-price').textContent).toBe('A$21.55');
    expect(within(quote).getByTestId('quote-gst').textContent).toBe('Includes GST of A$1.96');
    expect(within(quote).getByTestId('quote-held').textContent).toBe(`Price held until ${formatTime(delivery.quoteExpiresAt, 'en-US')}`);
    expect(within(quote).getByTestId('quote-dates').textContent).toBe('Picked up Mon, 7 Jan · arrives about Thu, 10 Jan');
    await click('Pay A$21.55');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/c1'));
    expect(posted().at(-1)).toEqual({ url: '/api/v1/deliveries/d1/checkout', body: undefined });
  });

  it('offers a new quote when the price no longer holds', async () => {
    checkoutAnswer = () => json(409, { error: { code: 'quote_expired', message: 'This quote has expired.' } });
    renderPage();
    await screen.findByTestId('order-item');
    await click('Get quote');
    await screen.findByTestId('delivery-quote');
    await click('Pay A$21.55');
    expect(await screen.findByText('This quote has expired. Get a new quote to see the current price.')).toBeTruthy();
    delivery = aDelivery({ id: 'd2', priceCents: 2200 });
    await click('Get a new quote');
    await waitFor(() => expect(screen.getByTestId('quote-price').textContent).toBe('A$22'));
    expect(posted().filter((p) => p.url === '/api/v1/deliveries')).toHaveLength(2);
  });

  it("says 'There is issue with this order id' for a wrong or foreign order", async () => {
    draftAnswer = () => json(404, { error: { code: 'order_id_issue', message: 'There is issue with this order id' } });
    renderPage();
    const card = await screen.findByTestId('order-id-issue');
    expect(card.textContent).toContain('There is issue with this order id');
    expect(within(card).getByRole('link', { name: 'Back to my swaps to deliver' }).getAttribute('href')).toBe('/delivery-swap');
    expect(screen.queryByTestId('order-form')).toBeNull();
  });
});

describe('/my-delivery/:postId/:offerId/:receiver: an arranged delivery', () => {
  beforeEach(() => {
    draftWith({ deliveryId: 'd1' });
    delivery = aDelivery({
      state: 'label_created',
      trackingRef: 'SU123456',
      hasLabel: true,
      canCancel: true,
      events: [
        { state: 'booking', at: '2030-01-06T10:05:00.000Z', description: 'Payment received' },
        { state: 'label_created', at: '2030-01-06T10:06:00.000Z', description: 'Label ready to print' },
      ],
    });
  });

  it('shows the delivery instead of the form: state, parties, tracking and its timeline', async () => {
    renderPage();
    const detail = await screen.findByTestId('delivery-detail');
    expect(screen.queryByTestId('order-form')).toBeNull();
    expect(within(detail).getAllByTestId('delivery-state')[0]!.textContent).toBe('Label created');
    expect(within(detail).getByTestId('delivery-from').textContent).toContain('Newtown NSW 2042');
    expect(within(detail).getByTestId('delivery-to').textContent).toContain('Ben Trader');
    expect(within(detail).getByTestId('delivery-tracking').textContent).toBe('SU123456');
    expect(within(detail).getByTestId('delivery-price').textContent).toBe('A$21.55');
    const timeline = within(detail).getByTestId('delivery-timeline');
    expect(timeline.textContent).toContain('Payment received');
    expect(timeline.textContent).toContain('Label ready to print');
  });

  it("says 'Browser denied file download...' when the label cannot be downloaded", async () => {
    labelAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    renderPage();
    await screen.findByTestId('delivery-detail');
    await click('Download label (A4)');
    expect((await screen.findByTestId('delivery-error')).textContent).toBe('Browser denied file download...');
    expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/v1/deliveries/d1/label?size=a4')).toBe(true);
  });

  it('hands the label PDF to the browser as a download', async () => {
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:label');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    renderPage();
    await screen.findByTestId('delivery-detail');
    await click('Download label (4×6)');
    await waitFor(() => expect(clicked).toEqual(['swapu-label-SU123456-4x6.pdf']));
    expect(createObjectURL).toHaveBeenCalledOnce();
    expect(screen.queryByTestId('delivery-error')).toBeNull();
  });

  it('cancels after a confirmation and says the payment is refunded', async () => {
    renderPage();
    await screen.findByTestId('delivery-detail');
    await click('Cancel delivery');
    await click('Yes, cancel it');
    expect((await screen.findByTestId('delivery-cancelled')).textContent).toBe(
      'Delivery cancelled. The A$21.55 paid for it is being refunded.',
    );
    expect(posted().at(-1)?.url).toBe('/api/v1/deliveries/d1/cancel');
    expect(screen.queryByRole('button', { name: 'Download label (A4)' })).toBeNull();
  });
});

describe('/my-delivery/:postId/:offerId/:receiver: a quote not yet paid', () => {
  beforeEach(() => {
    draftWith({ deliveryId: 'd1', sender: { ...aDraft().sender, street: '' } });
    delivery = aDelivery({ canCancel: true, quoteExpiresAt: '2999-01-01T00:00:00.000Z' });
  });

  it('pays from the delivery, or reopens the form to change it', async () => {
    const router = renderPage(`${ORDER}?checkout=cancelled`);
    await screen.findByTestId('delivery-detail');
    expect(screen.getByText("Checkout process didn't go through")).toBeTruthy();
    await click('Change details');
    // The draft has no street for the sender: it is asked for.
    expect(field("Sender's street address").value).toBe('');
    await click('Back to my current quote');
    await click('Pay A$21.55');
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout/c1'));
  });

  it('drops an unpaid quote without talk of a refund, then offers the form again', async () => {
    renderPage();
    await screen.findByTestId('delivery-detail');
    await click('Cancel delivery');
    expect(screen.getByText('The quote is dropped. Nothing has been paid, so nothing is charged.')).toBeTruthy();
    await click('Yes, cancel it');
    expect((await screen.findByTestId('delivery-cancelled')).textContent).toBe('This quote was cancelled. Nothing was charged.');
    draftWith({ deliveryId: null });
    await click('Arrange a new delivery');
    expect(await screen.findByTestId('order-form')).toBeTruthy();
  });

  it("shows the courier's reason when a booking failed", async () => {
    delivery = aDelivery({
      state: 'failed',
      failure: 'The courier could not take this delivery. Nothing is charged: the payment is refunded.',
    });
    renderPage();
    const failure = await screen.findByTestId('delivery-failure');
    expect(failure.textContent).toContain("The courier couldn't take this order");
    expect(failure.textContent).toContain('the payment is refunded');
    expect(screen.queryByRole('button', { name: /Pay/ })).toBeNull();
  });
});
