import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { aCard, ana, anOffer, aPostDetail, ben } from '../../features/offers/offer-fixture';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import OfferItemPage from './offer-item';
import SwapOfferPage from './swap-offer';
import { recordAnalytics } from '../../test/analytics-recorder';
import { renderRoutes } from '../../test/render-routes';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/offer-item/:postId', Component: OfferItemPage },
      { path: '/swap-offer/:offerId', Component: SwapOfferPage },
      { path: '*', element: <p>elsewhere</p> },
    ],
    path,
  );
}

/** Signs in as Ana or Ben; GET /api/v1/me answers for them. */
function signIn(who: typeof ana) {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', who.id);
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/v1/me'
      ? Promise.resolve(json(200, { ...who, email: `${who.id}@example.com`, role: 'user' }))
      : fetchMock(input, init),
  );
}
const next = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next' })));
/** The offer, for any read but the fair-swap meter's, which is not there (its own tests: fair-swap-meter.test.tsx): the page goes on without it. */
const offerOrNoMeter = (input: RequestInfo | URL) =>
  String(input).includes('/fairness') ? json(404, { error: { code: 'not_found', message: 'Not found' } }) : json(200, anOffer());

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('making an offer', () => {
  const bike = aPostDetail();
  beforeEach(() => {
    signIn(ana);
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/v1/posts/p9') return json(200, bike);
      if (url === '/api/v1/me/posts?state=published')
        return json(200, { items: [aCard({ id: 'my1', title: 'Espresso machine' }), aCard({ id: 'my2', title: 'Camping tent' })] });
      if (url === '/api/v1/offers' && init?.method === 'POST') return json(201, anOffer({ id: 'o7' }));
      return json(404, { error: { code: 'not_found' } });
    });
  });

  it('says no valid offer method was chosen when neither items nor cash are picked', async () => {
    renderAt('/offer-item/p9');
    expect(await screen.findByText('Step 1 of 5')).toBeTruthy();
    await next();
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    // Not open to selling: no cash-only choice.
    expect(screen.queryByTestId('cash-only')).toBeNull();
    await next();
    expect((await screen.findByRole('alert')).textContent).toBe('No valid offer method was chosen. Please try again.');
    expect(screen.getByText('Step 2 of 5')).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it('offers an item plus cash in five steps and opens the new offer, reporting the swap-offer funnel', async () => {
    const rec = recordAnalytics();
    const router = renderAt('/offer-item/p9');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Espresso machine' }));
    expect(screen.getByTestId('offer-items-count').textContent).toBe('1 of 5 items chosen');
    await next();
    fireEvent.click(screen.getByTestId('cash-add'));
    await next();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid cash value');
    fireEvent.change(screen.getByLabelText(/Amount/, { selector: 'input' }), { target: { value: '50' } });
    await next();
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Swap my coffee machine for your bike?' } });
    await next();
    expect(screen.getByText('Step 4 of 5')).toBeTruthy();
    await next();
    const summary = screen.getByTestId('offer-summary');
    expect(within(summary).getByText('Espresso machine')).toBeTruthy();
    expect(within(summary).getByTestId('offer-summary-cash').textContent).toBe('You add A$50');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send offer' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/swap-offer/o7'));
    expect(posted()).toEqual([
      {
        url: '/api/v1/offers',
        body: {
          postId: 'p9',
          itemIds: ['my1'],
          cashKind: 'add',
          cashCents: 5000,
          message: 'Swap my coffee machine for your bike?',
          expiryDays: 7,
        },
      },
    ]);
    expect(rec.named('funnel_step', 'funnel_complete', 'funnel_abandon', 'user_action')).toEqual([
      ...['items', 'cash', 'message', 'expiry', 'review'].map((step, i) => ({
        name: 'funnel_step',
        funnel: 'swap_offer',
        step,
        step_index: i,
      })),
      { name: 'user_action', action: 'offer_make', target: 'post' },
      { name: 'funnel_complete', funnel: 'swap_offer' },
    ]);
    rec.stop();
  });

  it('starts with my item chosen when the link names it (a goal’s one-tap offer), never an item that is not mine', async () => {
    renderAt('/offer-item/p9?with=my2');
    expect((await screen.findByRole('checkbox', { name: 'Camping tent' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('checkbox', { name: 'Espresso machine' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByTestId('offer-items-count').textContent).toBe('1 of 5 items chosen');
    cleanup();
    renderAt('/offer-item/p9?with=someone-elses');
    await screen.findByRole('checkbox', { name: 'Camping tent' });
    expect(screen.getByTestId('offer-items-count').textContent).toBe('0 of 5 items chosen');
  });

  it('does not let the owner offer on their own listing', async () => {
    signIn(ben);
    renderAt('/offer-item/p9');
    expect((await screen.findByRole('alert')).textContent).toContain("This is your own listing, so you can't make an offer on it.");
    expect(screen.queryByText('Step 1 of 5')).toBeNull();
  });
});

describe('answering an offer', () => {
  beforeEach(() => signIn(ben));

  it('shows the deal in words and one button per action the server allows', async () => {
    fetchMock.mockResolvedValue(json(200, anOffer()));
    renderAt('/swap-offer/o1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Offer for “Road bike”' })).toBeTruthy();
    expect(screen.getByTestId('offer-state').textContent).toBe('Received');
    expect(screen.getByTestId('offer-cash').textContent).toBe('Ana adds A$50');
    expect(screen.getByTestId('offer-time-left').textContent).toBe('3 days left');
    const buttons = within(screen.getByTestId('offer-actions'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(buttons).toEqual(['Accept offer', 'Counter-offer', 'Suggest a change', 'Decline']);
    expect(screen.getByText('Ana made the offer')).toBeTruthy();
  });

  it('says the offer is no longer valid when accepting fails with 409', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST'
        ? json(409, { error: { code: 'offer_no_longer_valid', message: 'This offer is no longer valid' } })
        : offerOrNoMeter(input),
    );
    renderAt('/swap-offer/o1');
    const button = await screen.findByRole('button', { name: 'Accept offer' });
    await act(async () => fireEvent.click(button));
    expect((await screen.findByTestId('offer-action-error')).textContent).toBe('This offer is no longer valid');
    expect(posted()).toEqual([{ url: '/api/v1/offers/o1/transitions', body: { transition: 'accept' } }]);
  });

  it('counters with the offered items and more cash, then opens the counter-offer', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' ? json(201, anOffer({ id: 'o2', parentId: 'o1', proposedBy: 'owner', box: 'sent' })) : offerOrNoMeter(input),
    );
    const router = renderAt('/swap-offer/o1');
    const button = await screen.findByRole('button', { name: 'Counter-offer' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Counter-offer' });
    // The owner chooses among the items already offered, all still ticked.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('aria-label')),
    ).toEqual(['Espresso machine']);
    expect(within(dialog).getByRole('checkbox', { name: 'Espresso machine' }).getAttribute('aria-checked')).toBe('true');
    await next();
    expect(within(dialog).getByText('Ask Ana to add cash')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Amount/, { selector: 'input' }), { target: { value: '80' } });
    await next();
    await next();
    await next();
    expect(within(dialog).getByTestId('offer-summary-cash').textContent).toBe('You ask Ana to add A$80');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send counter-offer' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/swap-offer/o2'));
    expect(posted()).toEqual([
      {
        url: '/api/v1/offers/o1/transitions',
        body: { transition: 'counter', terms: { itemIds: ['my1'], cashKind: 'add', cashCents: 8000, message: '', expiryDays: 7 } },
      },
    ]);
  });

  it('asks for a message before suggesting a change', async () => {
    fetchMock.mockResolvedValue(json(200, anOffer()));
    renderAt('/swap-offer/o1');
    const button = await screen.findByRole('button', { name: 'Suggest a change' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Suggest a change' });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please write a message.');
    expect(posted()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText(/What would you change/), { target: { value: 'Add A$20 and it is yours' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send suggestion' })));
    await waitFor(() =>
      expect(posted()).toEqual([
        { url: '/api/v1/offers/o1/transitions', body: { transition: 'suggest_change', message: 'Add A$20 and it is yours' } },
      ]),
    );
  });

  it('offers a review once the swap is completed, and not twice', async () => {
    fetchMock.mockResolvedValue(
      json(
        200,
        anOffer({
          state: 'completed',
          box: null,
          actions: [],
          offererConfirmedAt: '2026-01-03T00:00:00Z',
          ownerConfirmedAt: '2026-01-03T00:00:00Z',
        }),
      ),
    );
    renderAt('/swap-offer/o1');
    const review = await screen.findByRole('link', { name: 'Review Ana' });
    expect(review.getAttribute('href')).toBe('/review-swap/o1');
    expect(screen.getByText('Ana confirmed receipt')).toBeTruthy();
    cleanup();
    fetchMock.mockResolvedValue(json(200, anOffer({ state: 'completed', box: null, actions: [], reviewedByMe: true })));
    renderAt('/swap-offer/o1');
    expect(await screen.findByText('You reviewed Ana. Thanks!')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Review Ana' })).toBeNull();
  });
});
