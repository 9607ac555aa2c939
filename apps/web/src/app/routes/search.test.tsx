import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_TOTAL_CAP, type SearchHit, type SearchResult } from '@swapu/shared/search';
import { initI18n } from '../../i18n/index';
import { recordAnalytics } from '../../test/analytics-recorder';
import { renderRoutes } from '../../test/render-routes';
import CategoriesFilterPage from './categories-filter';
import SearchPage from './search';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const searchCalls = () => fetchMock.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/v1/search'));

const hit = (id: string, title: string, over: Partial<SearchHit> = {}): SearchHit => ({
  id,
  title,
  cashValueCents: 12_000,
  condition: 'used-good',
  categories: ['bicycles'],
  suburb: 'Fitzroy',
  auState: 'VIC',
  openToSelling: false,
  openToSwapAnything: false,
  thumbUrl: null,
  thumbSrcSet: null,
  publishedAt: '2026-11-01T00:00:00.000Z',
  boosted: false,
  distanceKm: null,
  ...over,
});
const result = (over: Partial<SearchResult> = {}): SearchResult => ({
  items: [hit('p1', 'Red bicycle with basket'), hit('p2', 'Bicycle pump')],
  nextCursor: null,
  total: 23,
  totalExact: true,
  facets: [
    { slug: 'bicycles', count: 20 },
    { slug: 'sporting-goods', count: 3 },
  ],
  facetsExact: true,
  corrections: [],
  origin: null,
  tookMs: 4,
  ...over,
});

const renderSearch = (path: string) => renderRoutes([{ path: '/search', Component: SearchPage }], path);

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/search', () => {
  it("opened with nothing to look for says 'Search needs at least one term', offers the inputs and never asks the API", async () => {
    const router = renderSearch('/search?condition=new');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Search needs at least one term')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toBeTruthy();
    expect(searchCalls()).toEqual([]);

    // Submitting the form still empty repeats the message; with a word it searches.
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    expect(screen.getAllByText('Search needs at least one term')).toHaveLength(2);
    fetchMock.mockResolvedValue(json(200, result()));
    fireEvent.change(screen.getByRole('textbox', { name: 'Keyword' }), { target: { value: 'bike' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show results' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=bike&condition=new'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for “bike”' })).toBeTruthy();
    expect(searchCalls()).toEqual(['/api/v1/search?q=bike&condition=new']);
  });

  it('shows the count, what the typo tolerance searched for, facet counts and the cards', async () => {
    fetchMock.mockResolvedValue(json(200, result({ corrections: [{ from: 'bycicle', to: ['bicycle'] }] })));
    const router = renderSearch('/search?keyword=red%20bycicle&sort=price_asc');
    expect(await screen.findByText('23 results')).toBeTruthy();
    expect(screen.getByTestId('corrections').textContent).toContain('Showing results for “red bicycle”.');
    expect(screen.getAllByTestId('post-card').map((c) => c.querySelector('[data-user-content]')?.textContent)).toEqual([
      'Red bicycle with basket',
      'Bicycle pump',
    ]);
    expect(searchCalls()).toEqual(['/api/v1/search?q=red+bycicle&sort=price_asc']);
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('price_asc');

    const facets = screen.getByRole('navigation', { name: 'Categories in these results' });
    const bikes = within(facets).getByRole('button', { name: /Bicycles/ });
    expect(bikes.textContent).toBe('Bicycles20');
    fireEvent.click(bikes);
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=red+bycicle&category=bicycles&sort=price_asc'));
  });

  it('reports the search once its results are in, once, and the card opened with its place in the list', async () => {
    const rec = recordAnalytics();
    fetchMock.mockResolvedValue(json(200, result()));
    const router = renderRoutes(
      [
        { path: '/search', Component: SearchPage },
        { path: '*', element: <p>post</p> },
      ],
      '/search?keyword=bike&category=bicycles',
    );
    expect(await screen.findByText('23 results')).toBeTruthy();
    fireEvent.click(screen.getAllByTestId('post-card')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/viewPost/p2'));
    expect(rec.named('search', 'select_content')).toEqual([
      { name: 'search', query: 'bike', results: 23, category: 'bicycles' },
      { name: 'select_content', content_type: 'post', item_id: 'p2', position: 1 },
    ]);
    rec.stop();
  });

  it('says "500+ results" when the count is capped, without per-category counts', async () => {
    fetchMock.mockResolvedValue(json(200, result({ total: SEARCH_TOTAL_CAP, totalExact: false, facetsExact: false })));
    renderSearch('/search?category=bicycles');
    expect(await screen.findByText(`${SEARCH_TOTAL_CAP.toLocaleString('en-US')}+ results`)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Bicycles');
    const facets = screen.getByRole('navigation', { name: 'Categories in these results' });
    expect(within(facets).getByRole('button', { name: 'Bicycles' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByTestId('corrections')).toBeNull();
  });

  it('says No results when nothing matches', async () => {
    fetchMock.mockResolvedValue(json(200, result({ items: [], total: 0, facets: [] })));
    renderSearch('/search?keyword=xylophonequux');
    expect(await screen.findByRole('heading', { level: 2, name: 'No results' })).toBeTruthy();
    expect(screen.getByText('0 results')).toBeTruthy();
  });

  it("asks where to measure from when the server says 'Please enter valid address'", async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 'address_invalid', message: 'Please enter valid address' } }));
    const router = renderSearch('/search?keyword=lamp&sort=closest');
    const prompt = await screen.findByTestId('place-prompt');
    expect(within(prompt).getByRole('alert').textContent).toBe('Please enter valid address');
    expect(within(prompt).getByRole('button', { name: 'Use my location' })).toBeTruthy();
    fireEvent.change(within(prompt).getByLabelText('Suburb or postcode'), { target: { value: '3065' } });
    fireEvent.click(within(prompt).getByRole('button', { name: 'Search from here' }));
    await waitFor(() => expect(router.state.location.search).toBe('?keyword=lamp&near=3065&sort=closest'));
  });
});

describe('/categories-filter', () => {
  it('narrows the categories by name as you type and says so when none matches', async () => {
    renderRoutes([{ path: '/categories-filter', Component: CategoriesFilterPage }], '/categories-filter');
    const box = await screen.findByRole('textbox', { name: 'Category name' });
    expect(screen.getAllByTestId('category-match')).toHaveLength(37);

    fireEvent.change(box, { target: { value: 'FASH' } });
    expect(screen.getAllByTestId('category-match').map((a) => a.textContent)).toEqual([
      "Children's fashion",
      "Men's fashion",
      "Women's fashion",
    ]);

    fireEvent.change(box, { target: { value: 'bicy' } });
    expect(screen.getByRole('link', { name: 'Bicycles' }).getAttribute('href')).toBe('/search?category=bicycles');

    fireEvent.change(box, { target: { value: 'spaceships' } });
    expect(screen.queryAllByTestId('category-match')).toHaveLength(0);
    expect(screen.getByRole('alert').textContent).toBe('Sorry, we could not find any category matching your search');
  });
});
