import { i18n } from '../../i18n/instance';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index';
import { formatMoney } from '../../lib/format';
import { correctedQuery, defaultSearchName, describeSearch, reasonText } from './search-text';

let t: Parameters<typeof reasonText>[0];
beforeAll(async () => {
  await initI18n('en-US');
  await i18n.loadNamespaces(['search', 'categories', 'posts']);
  t = i18n.getFixedT('en-US', ['search', 'categories', 'posts']) as typeof t;
});
const money = (c: number) => formatMoney(c, 'en-US');

describe('search text', () => {
  it('reads the query the way the typo tolerance corrected it', () => {
    expect(correctedQuery('Red  bycicle', [{ from: 'bycicle', to: ['bicycle'] }])).toBe('Red bicycle');
    expect(correctedQuery('lamp', [])).toBe('lamp');
  });

  it('names a saved search by its words, else its categories, else its place', () => {
    expect(defaultSearchName(t, { q: 'road bike', category: ['bicycles'] })).toBe('road bike');
    expect(defaultSearchName(t, { category: ['bicycles', 'camping-and-fishing'] })).toBe('Bicycles, Camping and fishing');
    expect(defaultSearchName(t, { near: 'Fitzroy', radiusKm: 5 })).toBe('Near Fitzroy');
  });

  it('sums up a saved search’s filters in a line', () => {
    expect(
      describeSearch(
        t,
        { q: 'kayak', category: ['water-sports'], radiusKm: 25, near: '3065', maxCents: 50_000, openToSelling: true },
        money,
      ),
    ).toBe('“kayak” · Water sports · up to A$500 · within 25 km of 3065 · Open to selling');
    expect(describeSearch(t, { minCents: 1_000, maxCents: 2_000, lat: -33.8, lng: 151.2 }, money)).toBe('A$10–A$20 · near your location');
  });

  it('says why an item is suggested, naming categories in words', () => {
    expect(reasonText(t, { reason: 'wish', because: 'bicycles' })).toBe('Matches your wish: Bicycles');
    expect(reasonText(t, { reason: 'wish', because: 'dual battery' })).toBe('Matches your wish: dual battery');
    expect(reasonText(t, { reason: 'interest', because: 'camping-and-fishing' })).toBe("Because you're into Camping and fishing");
    expect(reasonText(t, { reason: 'wants_yours', because: 'kitchen' })).toBe('Wants what you have');
    expect(reasonText(t, { reason: 'liked', because: 'toys' })).toBe('Like items you liked');
    expect(reasonText(t, { reason: 'nearby', because: 'Fitzroy' })).toBe('Near you in Fitzroy');
    expect(reasonText(t, { reason: 'nearby', because: null })).toBe('Near you');
  });
});
