import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsReport } from '@swapu/shared/analytics';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminAnalytics } from './admin-analytics';
import { lastDays } from './use-admin-analytics';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
/** The ranges asked for, in order. */
const asked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((u) => u.pathname === '/api/v1/admin/analytics')
    .map((u) => `${u.searchParams.get('from')}..${u.searchParams.get('to')}`);
const askedBuckets = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://x'))
    .filter((u) => u.pathname === '/api/v1/admin/analytics')
    .map((u) => u.searchParams.get('bucket'));

const METRICS = [
  'members',
  'listings',
  'offers',
  'swaps',
  'revenue_cents',
  'subscriptions_new',
  'subscriptions_active',
  'tokens_sold',
  'co2e_kg',
  'sessions',
] as const;
const aBusiness = (bucket: 'day' | 'week' | 'month' = 'day'): AnalyticsReport['business'] => {
  const periods = bucket === 'day' ? ['2026-03-01', '2026-03-02', '2026-03-03'] : ['2026-02-23', '2026-03-02'];
  const totals = {
    members: 12,
    listings: 30,
    offers: 45,
    swaps: 7,
    revenue_cents: 123456,
    subscriptions_new: 3,
    subscriptions_active: 9,
    tokens_sold: 250,
    co2e_kg: 84.25,
    sessions: 1234,
  };
  return {
    bucket,
    periods,
    totals,
    series: Object.fromEntries(
      METRICS.map((m) => [m, periods.map((_, i) => (i === 0 ? totals[m] : 0))]),
    ) as AnalyticsReport['business']['series'],
  };
};

const steps = (names: string[], sessions: number[], patch: Partial<AnalyticsReport['funnels'][number]['steps'][number]>[] = []) =>
  names.map((step, i) => ({
    step,
    sessions: sessions[i]!,
    dropOff: i === 0 ? null : (sessions[i - 1]! - sessions[i]!) / sessions[i - 1]!,
    abandoned: 0,
    medianSecondsToNext: i < names.length - 1 ? 30 : null,
    ...patch[i],
  }));

const aReport = (patch: Partial<AnalyticsReport> = {}): AnalyticsReport => ({
  from: '2026-03-01',
  to: '2026-03-30',
  sessions: 1234,
  events: { page_view: 5678, search: 90 },
  funnels: [
    {
      name: 'listing_creation',
      steps: steps(
        ['photos', 'details', 'categories', 'value', 'size', 'location'],
        [100, 75, 60, 60, 30, 24],
        [{ abandoned: 25, medianSecondsToNext: 45 }, { medianSecondsToNext: 180 }, { medianSecondsToNext: null }],
      ),
      completed: 20,
    },
    { name: 'swap_offer', steps: steps(['items', 'cash', 'message', 'expiry', 'review'], [40, 30, 20, 10, 10]), completed: 8 },
    { name: 'onboarding', steps: steps(['welcome', 'name', 'address', 'interests', 'notifications'], [10, 9, 8, 7, 6]), completed: 5 },
  ],
  topSearches: [
    { query: 'bike', count: 12 },
    { query: 'tent', count: 3 },
  ],
  noResultSearches: [{ query: 'unicorn', count: 2 }],
  business: aBusiness(),
  ...patch,
});

let answer: (from: string, to: string, bucket: string | null) => Response;
const renderPage = () => renderRoutes([{ path: '/admin/analytics', Component: AdminAnalytics }], '/admin/analytics');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://x');
    if (url.pathname === '/api/v1/admin/analytics')
      return answer(url.searchParams.get('from')!, url.searchParams.get('to')!, url.searchParams.get('bucket'));
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/analytics', () => {
  // The page's first range ends today: the browser's clock stands still a moment before midnight
  // UTC, so a day never turns between the page's reading and the test's.
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2027-03-10T23:59:59.999Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks for the last 30 UTC days and shows the summary and each funnel step with its share, drop-off, abandoned count and median time', async () => {
    answer = () => json(200, aReport());
    renderPage();
    const listing = await screen.findByTestId('funnel-listing_creation');
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();

    const { from, to } = lastDays();
    expect([from, to]).toEqual(['2027-02-09', '2027-03-10']);
    expect(asked()).toEqual([`${from}..${to}`]);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe(from);
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe(to);

    expect(screen.getByTestId('summary-sessions').textContent).toBe('Sessions1,234');
    expect(screen.getByTestId('summary-pageViews').textContent).toBe('Page views5,678');
    expect(screen.getByTestId('summary-searches').textContent).toBe('Searches90');
    expect(screen.getByTestId('summary-listings').textContent).toBe('Listings published20');
    expect(screen.getByTestId('summary-offers').textContent).toBe('Offers sent8');
    expect(screen.getByTestId('summary-onboardings').textContent).toBe('Onboardings completed5');

    expect(within(listing).getByRole('heading', { level: 2 }).textContent).toBe('Listing an item');
    expect(within(listing).getByTestId('funnel-completed').textContent).toBe('20');
    const rows = within(listing).getAllByTestId('funnel-step');
    expect(rows.map((r) => within(r).getByTestId('step-drop-off').textContent)).toEqual(['—', '25%', '20%', '0%', '50%', '20%']);
    expect(rows.map((r) => within(r).getByTestId('step-sessions').textContent)).toEqual([
      '100 sessions',
      '75 sessions',
      '60 sessions',
      '60 sessions',
      '30 sessions',
      '24 sessions',
    ]);
    expect(rows[0]!.textContent).toContain('1. Photos');
    expect(rows[3]!.textContent).toContain('4. Value and wishes');
    expect(within(rows[0]!).getByTestId('step-abandoned').textContent).toBe('25');
    // "45 s", "3 min", and "—" when nobody went on; the last step has no next one.
    expect(rows.slice(0, 3).map((r) => within(r).getByTestId('step-median').textContent)).toEqual(['45 s', '3 min', '—']);
    expect(within(rows[5]!).queryByTestId('step-median')).toBeNull();
    // The bars: each step's sessions against the first step's.
    const bars = within(listing).getAllByRole('progressbar');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['100', '75', '60', '60', '30', '24']);
    expect(bars[1]!.getAttribute('aria-label')).toBe('Details: 75% of the sessions at the first step');

    const offer = screen.getByTestId('funnel-swap_offer');
    expect(
      within(offer)
        .getAllByTestId('step-drop-off')
        .map((e) => e.textContent),
    ).toEqual(['—', '25%', '33%', '50%', '0%']);
    expect(within(screen.getByTestId('funnel-onboarding')).getAllByTestId('funnel-step')[4]!.textContent).toContain('5. Notifications');

    const top = within(screen.getByTestId('top-searches')).getAllByRole('row');
    expect(top.map((r) => r.textContent)).toEqual(['SearchTimes', 'bike12', 'tent3']);
    expect(within(screen.getByTestId('no-result-searches')).getAllByRole('row')[1]!.textContent).toBe('unicorn2');
  });

  it('shows each business figure’s total (A$ for revenue, kg for CO2e, a stock at the end of the range) and asks again per week or month', async () => {
    answer = (_from, _to, bucket) => json(200, aReport({ business: aBusiness((bucket ?? 'day') as 'day') }));
    renderPage();
    const charts = await screen.findByTestId('business-charts');
    const total = (m: string) => within(within(charts).getByTestId(`metric-${m}`)).getByTestId('metric-total').textContent;
    expect(total('members')).toBe('12');
    expect(total('revenue_cents')).toBe('A$1,234.56');
    expect(total('co2e_kg')).toBe('84.3 kg');
    expect(total('tokens_sold')).toBe('250');
    expect(within(charts).getByTestId('metric-subscriptions_active').textContent).toContain('at the end');
    expect(
      within(charts)
        .getAllByRole('region')
        .map((r) => r.getAttribute('aria-label')),
    ).toEqual([
      'New members',
      'Listings published',
      'Offers made',
      'Swaps completed',
      'Revenue (incl. GST, less refunds)',
      'Active subscriptions',
      'New subscriptions',
      'Tokens sold',
      'CO2e saved',
      'Sessions',
    ]);
    expect(askedBuckets()).toEqual(['day']);
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Week' })));
    await screen.findByTestId('business-charts');
    expect(askedBuckets().at(-1)).toBe('week');
    await act(async () => fireEvent.click(screen.getByRole('radio', { name: 'Month' })));
    expect(askedBuckets().at(-1)).toBe('month');
  });

  it('shows the empty state when nobody came in the range', async () => {
    answer = () =>
      json(
        200,
        aReport({
          sessions: 0,
          events: {},
          funnels: aReport().funnels.map((f) => ({
            ...f,
            completed: 0,
            steps: f.steps.map((s) => ({ ...s, sessions: 0, dropOff: null })),
          })),
          topSearches: [],
          noResultSearches: [],
        }),
      );
    renderPage();
    const empty = await screen.findByTestId('analytics-empty');
    expect(within(empty).getByRole('heading', { level: 2 }).textContent).toBe('No analytics for these days yet');
    expect(empty.textContent).toContain('Try a wider range of days.');
    expect(screen.queryByTestId('funnel-listing_creation')).toBeNull();
  });

  it("changing a date asks for the new range; the server's 400 shows under the field in the catalogue's words", async () => {
    answer = (from, to) =>
      from > to
        ? json(400, {
            error: { code: 'data_invalid', message: 'Data invalid', fields: { to: 'The end date must not be before the start date.' } },
          })
        : json(200, aReport({ from, to }));
    renderPage();
    await screen.findByTestId('funnel-listing_creation');

    await act(async () => fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-01' } }));
    await screen.findByTestId('funnel-listing_creation');
    expect(asked().at(-1)).toBe('2026-01-01..2027-03-10');

    await act(async () => fireEvent.change(screen.getByLabelText('To'), { target: { value: '2025-12-01' } }));
    expect(asked().at(-1)).toBe('2026-01-01..2025-12-01');
    expect(await screen.findByText('Data invalid')).toBeTruthy();
    expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('From').getAttribute('aria-invalid')).not.toBe('true');
    expect(screen.queryByTestId('funnel-listing_creation')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();

    // A valid range again: the error goes and the figures come back.
    await act(async () => fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } }));
    await screen.findByTestId('funnel-listing_creation');
    expect(asked().at(-1)).toBe('2026-01-01..2026-01-31');
    expect(screen.queryByText('Data invalid')).toBeNull();
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    answer = () => json(403, { error: { code: 'permission_denied' } });
    renderPage();
    expect((await screen.findByTestId('analytics-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByLabelText('From')).toBeNull();
  });
});
