import { describe, expect, it } from 'vitest';
import { SearchQuerySchema } from './search';
import { parseSearchUrl, searchApiParams, searchUrlQuery, type SearchUrlState } from './search-url';

const parse = (query: string) => parseSearchUrl(new URLSearchParams(query));

describe('the /search URL', () => {
  it('round-trips every filter and the sort through the URL', () => {
    const state: SearchUrlState = {
      q: 'red bike',
      category: ['bicycles', 'sporting-goods'],
      condition: ['new', 'used-good'],
      minCents: 1_000,
      maxCents: 25_000,
      near: 'Fitzroy 3065',
      lat: -37.7982,
      lng: 144.9784,
      radiusKm: 25,
      delivery: 'sendle',
      openToSelling: true,
      openToSwapAnything: true,
      wantsMine: true,
      sort: 'price_asc',
    };
    const query = searchUrlQuery(state);
    expect(query.startsWith('?')).toBe(true);
    expect(parse(query.slice(1))).toEqual(state);
  });

  it('uses the product’s names and dollars in the URL', () => {
    expect(searchUrlQuery({ q: 'bike', category: ['bicycles'], radiusKm: 25 })).toBe('?keyword=bike&category=bicycles&distance=25');
    expect(searchUrlQuery({ minCents: 5_000, maxCents: 12_000 })).toBe('?min=50&max=120');
  });

  it('leaves the default sort and empty values out, so an empty search is an empty query', () => {
    expect(searchUrlQuery({ sort: 'featured' })).toBe('');
    expect(searchUrlQuery({ category: [], openToSelling: false })).toBe('');
    expect(parse('')).toEqual({});
  });

  it('drops unknown or out-of-range values from a hand-edited link and keeps the rest', () => {
    expect(parse('keyword=%20lamp%20&category=bicycles,not-a-category,bicycles&distance=0&sort=cheapest&delivery=drone&min=-5')).toEqual({
      q: 'lamp',
      category: ['bicycles'],
    });
    // A position needs both coordinates.
    expect(parse('keyword=lamp&lat=-33.8')).toEqual({ q: 'lamp' });
  });

  it('translates to API parameters the server’s schema accepts', () => {
    const params = searchApiParams({
      ...parse('keyword=bike&category=bicycles,toys&min=10&distance=5&near=2000&selling=1&sort=closest'),
      limit: 20,
    });
    expect(params).toEqual({
      q: 'bike',
      category: 'bicycles,toys',
      minCents: '1000',
      near: '2000',
      radiusKm: '5',
      openToSelling: 'true',
      sort: 'closest',
      limit: '20',
    });
    const parsed = SearchQuerySchema.parse(params);
    expect(parsed).toMatchObject({
      q: 'bike',
      category: ['bicycles', 'toys'],
      minCents: 1000,
      radiusKm: 5,
      openToSelling: true,
      sort: 'closest',
    });
  });
});
