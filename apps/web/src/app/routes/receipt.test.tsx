import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '@swapu/shared/money-api';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import ReceiptPage from './receipt';
import ReceiptsPage from './receipts';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const aReceipt = (patch: Partial<Receipt> = {}): Receipt => ({
  id: 'r1',
  number: 'SU-000123',
  kind: 'payment',
  checkoutId: 'c1',
  description: 'SwapU tokens × 20',
  amountCents: 2000,
  gstCents: 182,
  sellerName: 'SwapU Pty Ltd',
  sellerAbn: '51 824 753 556',
  sellerAddress: '12 Smith St, Fitzroy VIC 3065',
  buyerName: 'Ana Swapper',
  buyerEmail: 'ana@example.com',
  issuedAt: '2026-03-04T05:06:07.000Z',
  testPayment: false,
  refundReason: null,
  ...patch,
});

let receipts: Receipt[] = [];
const renderAt = (path: string) =>
  renderRoutes(
    [
      { path: '/receipts', Component: ReceiptsPage },
      { path: '/receipts/:id', Component: ReceiptPage },
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
    const url = String(input);
    if (url === '/api/v1/me/receipts') return json(200, { items: receipts });
    const one = receipts.find((r) => url === `/api/v1/me/receipts/${r.id}`);
    return one ? json(200, one) : json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('receipts', () => {
  it('shows a receipt as a tax invoice with the ABN, the GST-inclusive amount and the GST in it; Print prints', async () => {
    receipts = [aReceipt()];
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAt('/receipts/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeTruthy();
    expect(screen.getByTestId('receipt-number').textContent).toBe('SU-000123');
    expect(screen.getByText('SwapU Pty Ltd')).toBeTruthy();
    expect(screen.getByTestId('receipt-abn').textContent).toBe('ABN 51 824 753 556');
    expect(screen.getByTestId('receipt-seller-address').textContent).toBe('12 Smith St, Fitzroy VIC 3065');
    expect(screen.queryByTestId('receipt-sample-seller')).toBeNull();
    expect(screen.getByText('Ana Swapper')).toBeTruthy();
    expect(screen.getByText('ana@example.com')).toBeTruthy();
    expect(screen.getByText('SwapU tokens × 20')).toBeTruthy();
    expect(screen.getByTestId('receipt-total').textContent).toBe('A$20');
    expect(screen.getByTestId('receipt-gst').textContent).toBe('Includes GST of A$1.82');
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('says on a test payment (the local provider) that no money was taken, and nothing of the kind on a real one', async () => {
    receipts = [aReceipt({ id: 'rt', testPayment: true }), aReceipt()];
    renderAt('/receipts/rt');
    expect((await screen.findByTestId('receipt-test-payment')).textContent).toBe('Test payment: no money was taken.');
    cleanup();
    renderAt('/receipts/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeTruthy();
    expect(screen.queryByTestId('receipt-test-payment')).toBeNull();
  });

  it('says a receipt with the sample seller (a demo) is not a tax invoice anyone can claim', async () => {
    receipts = [
      aReceipt({
        id: 'rs',
        sellerName: 'SwapU Pty Ltd (sample)',
        sellerAbn: '00 000 000 000',
        sellerAddress: 'Sample address, 1 Example Street, Sydney NSW 2000',
      }),
    ];
    renderAt('/receipts/rs');
    expect((await screen.findByTestId('receipt-sample-seller')).textContent).toContain('Sample seller details: this site is a demo');
    expect(screen.getByTestId('receipt-seller-address').textContent).toBe('Sample address, 1 Example Street, Sydney NSW 2000');
  });

  it('says when the ABN is not configured, and calls a refund a refund note', async () => {
    receipts = [aReceipt({ id: 'r2', kind: 'refund', sellerAbn: '' })];
    renderAt('/receipts/r2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Refund note' })).toBeTruthy();
    expect(screen.getByTestId('receipt-abn').textContent).toBe('ABN not configured');
    expect(screen.getByText('Total refunded')).toBeTruthy();
  });

  it('says on a refund note why the money went back, in en-US and pt-PT, and nothing of the kind on a tax invoice', async () => {
    receipts = [
      aReceipt({ id: 'rd', kind: 'refund', refundReason: 'dispute' }),
      aReceipt({ id: 'rs', kind: 'refund', refundReason: 'already_subscribed' }),
    ];
    renderAt('/receipts/rd');
    expect((await screen.findByTestId('receipt-refund-reason')).textContent).toBe(
      'This payment was disputed with your bank, so what it bought has been taken back.',
    );
    cleanup();
    receipts = [...receipts, aReceipt()];
    renderAt('/receipts/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tax invoice' })).toBeTruthy();
    expect(screen.queryByTestId('receipt-refund-reason')).toBeNull();
    cleanup();
    await initI18n('pt-PT');
    try {
      renderAt('/receipts/rs');
      expect((await screen.findByTestId('receipt-refund-reason')).textContent).toBe(
        'Já tem uma subscrição, por isso este pagamento foi devolvido.',
      );
    } finally {
      await initI18n('en-US');
    }
  });

  it('lists my receipts with number, description and amount, each linking to its page', async () => {
    receipts = [aReceipt(), aReceipt({ id: 'r0', number: 'SU-000100', description: 'SwapU subscription · 1 month', amountCents: 1000 })];
    renderAt('/receipts');
    const rows = await screen.findAllByTestId('receipt-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('SU-000123');
    expect(rows[0]!.textContent).toContain('SwapU tokens × 20');
    expect(rows[0]!.textContent).toContain('A$20');
    expect(rows[0]!.getAttribute('href')).toBe('/receipts/r1');
    expect(rows[1]!.textContent).toContain('A$10');
  });

  it('has an empty state', async () => {
    receipts = [];
    renderAt('/receipts');
    expect((await screen.findByTestId('receipts-empty')).textContent).toContain('No receipts yet.');
  });

  it('answers an unknown receipt with the not-found page', async () => {
    receipts = [];
    renderAt('/receipts/nope');
    expect(await screen.findByRole('heading', { level: 1, name: "We couldn't find that" })).toBeTruthy();
  });
});
