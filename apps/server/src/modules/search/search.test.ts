import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SEARCH_RANK_WINDOW, type SearchResult } from '@swapu/shared/search';
import { analyticsEvents, subscriptions } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createPost, createUser } from '../../test/factories';
import { refreshSearchTerms } from './search-terms';
import { searchTestApp, type SearchQueryParams } from './search-test-client';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3600_000;
const { env, get, ok, titles, at } = searchTestApp(NOW);

describe('keywords', () => {
  it('understands English word forms: "bicycles" finds "bicycle" and "cycling" finds "cycle"', async () => {
    await createPost(env.t.db, { title: 'Red bicycle with basket', keywords: [], description: 'Step-through frame.', now: NOW });
    await createPost(env.t.db, { title: 'Cycle trainer', keywords: [], description: 'For cycling indoors.', now: NOW });
    expect(titles(await ok({ q: 'bicycles' }))).toEqual(['Red bicycle with basket']);
    expect(titles(await ok({ q: 'cycling' }))).toEqual(['Cycle trainer']);
  });

  it('weights the title above keywords above the description', async () => {
    await createPost(env.t.db, {
      title: 'Box of books',
      keywords: [],
      description: 'Includes a guide to the zanzibar coast.',
      publishedAt: at(30),
      now: NOW,
    });
    await createPost(env.t.db, { title: 'Travel bag', keywords: ['zanzibar'], description: 'Roomy.', publishedAt: at(40), now: NOW });
    await createPost(env.t.db, { title: 'Zanzibar print', keywords: [], description: 'Framed.', publishedAt: at(50), now: NOW });
    // Oldest first in time, yet ranked title, keywords, description.
    expect(titles(await ok({ q: 'zanzibar' }))).toEqual(['Zanzibar print', 'Travel bag', 'Box of books']);
  });

  it('needs every word: "oak table" does not return an oak chair', async () => {
    await createPost(env.t.db, { title: 'Oak table', keywords: [], description: 'Seats six.', now: NOW });
    await createPost(env.t.db, { title: 'Oak chair', keywords: [], description: 'Sturdy.', now: NOW });
    expect(titles(await ok({ q: 'oak table' }))).toEqual(['Oak table']);
    expect(titles(await ok({ q: 'oak' })).sort()).toEqual(['Oak chair', 'Oak table']);
  });

  it('tolerates typos: "bycicle" finds bicycles and says so', async () => {
    await createPost(env.t.db, { title: 'Bicycle pump', keywords: [], description: 'Floor pump.', now: NOW });
    await refreshSearchTerms(env.t.db);
    const r = await ok({ q: 'bycicle' });
    expect(titles(r)).toContain('Bicycle pump');
    expect(titles(r)).toContain('Red bicycle with basket');
    expect(r.corrections).toEqual([{ from: 'bycicle', to: ['bicycle'] }]);
    // A correctly spelled, known word is not "corrected".
    expect((await ok({ q: 'bicycle' })).corrections).toEqual([]);
  });

  it('a word nobody uses finds nothing, says No results and records search_no_results', async () => {
    const r = await ok({ q: 'xylophonequux' });
    expect(r).toMatchObject({ items: [], total: 0, totalExact: true, nextCursor: null });
    const events = await env.t.db.select().from(analyticsEvents).where(eq(analyticsEvents.name, 'search_no_results'));
    expect(events.some((e) => (e.props as { q?: string }).q === 'xylophonequux')).toBe(true);
  });
});

describe('what search never shows', () => {
  it('drafts, withdrawn, swapped or sold items, and new items to non-subscribers before 24 hours', async () => {
    const owner = await signUpMember(env.t.app);
    await createPost(env.t.db, { title: 'Quokka plush draft', state: 'draft', publishedAt: null, ownerId: owner.id, now: NOW });
    for (const state of ['archived', 'swapped', 'sold'] as const) {
      await createPost(env.t.db, { title: `Quokka plush ${state}`, state, ownerId: owner.id, now: NOW });
    }
    await createPost(env.t.db, { title: 'Quokka plush fresh', publishedAt: at(2), ownerId: owner.id, now: NOW });
    await createPost(env.t.db, { title: 'Quokka plush old', publishedAt: at(30), ownerId: owner.id, now: NOW });

    expect(titles(await ok({ q: 'quokka' }))).toEqual(['Quokka plush old']);
    const other = await signUpMember(env.t.app);
    expect(titles(await ok({ q: 'quokka' }, other))).toEqual(['Quokka plush old']);
    // Its owner sees their own new item at once; so does a subscriber.
    expect(titles(await ok({ q: 'quokka' }, owner)).sort()).toEqual(['Quokka plush fresh', 'Quokka plush old']);
    const subscriber = await signUpMember(env.t.app);
    await env.t.db.insert(subscriptions).values({
      id: `sub-${subscriber.id}`,
      userId: subscriber.id,
      status: 'active',
      currentPeriodEnd: new Date(NOW.getTime() + 30 * 24 * HOUR),
    });
    expect(titles(await ok({ q: 'quokka' }, subscriber)).sort()).toEqual(['Quokka plush fresh', 'Quokka plush old']);
  });
});

describe('filters', () => {
  it('category (one or several), condition, value range, delivery, open to selling and to anything', async () => {
    const base = { keywords: [] as string[], description: 'Marmoset collection.', now: NOW };
    await createPost(env.t.db, {
      ...base,
      title: 'Marmoset lamp',
      categories: ['electronics'],
      condition: 'new',
      cashValueCents: 5_000,
      deliveryOption: 'sendle',
      openToSelling: false,
      openToSwapAnything: true,
    });
    await createPost(env.t.db, {
      ...base,
      title: 'Marmoset rug',
      categories: ['garden-and-home'],
      condition: 'used-fair',
      cashValueCents: 20_000,
      deliveryOption: 'person-to-person',
      openToSelling: true,
    });
    await createPost(env.t.db, {
      ...base,
      title: 'Marmoset vase',
      categories: ['garden-and-home', 'antiques'],
      condition: 'used-good',
      cashValueCents: 90_000,
      deliveryOption: 'sendle',
      openToSelling: true,
    });
    const q = 'marmoset';
    expect(titles(await ok({ q, category: 'electronics' }))).toEqual(['Marmoset lamp']);
    expect(titles(await ok({ q, category: 'electronics,antiques', sort: 'price_asc' }))).toEqual(['Marmoset lamp', 'Marmoset vase']);
    expect(titles(await ok({ q, condition: 'new,used-fair', sort: 'price_asc' }))).toEqual(['Marmoset lamp', 'Marmoset rug']);
    expect(titles(await ok({ q, minCents: 10_000, maxCents: 50_000 }))).toEqual(['Marmoset rug']);
    expect(titles(await ok({ q, delivery: 'sendle', sort: 'price_asc' }))).toEqual(['Marmoset lamp', 'Marmoset vase']);
    expect(titles(await ok({ q, openToSelling: true, sort: 'price_asc' }))).toEqual(['Marmoset rug', 'Marmoset vase']);
    expect(titles(await ok({ q, openToSwapAnything: true }))).toEqual(['Marmoset lamp']);
    // A category alone is a search.
    expect(titles(await ok({ category: 'electronics' }))).toContain('Marmoset lamp');
  });

  it('counts results and facets per category, ignoring the category filter', async () => {
    const r = await ok({ q: 'marmoset', category: 'electronics' });
    expect(r.total).toBe(1);
    expect(r.totalExact).toBe(true);
    expect(r.facets).toEqual([
      { slug: 'garden-and-home', count: 2 },
      { slug: 'antiques', count: 1 },
      { slug: 'electronics', count: 1 },
    ]);
  });

  it('distance: within a radius of a suburb, a postcode or the browser position, nearest first', async () => {
    const base = { keywords: [] as string[], description: 'Wombat figurine.', now: NOW };
    // Sydney CBD, Parramatta (~20 km), Newcastle (~120 km), Melbourne (~710 km).
    await createPost(env.t.db, {
      ...base,
      title: 'Wombat Sydney',
      suburb: 'Sydney',
      postcode: '2000',
      auState: 'NSW',
      lat: -33.8688,
      lng: 151.2093,
    });
    await createPost(env.t.db, {
      ...base,
      title: 'Wombat Parramatta',
      suburb: 'Parramatta',
      postcode: '2150',
      auState: 'NSW',
      lat: -33.815,
      lng: 151.0011,
    });
    await createPost(env.t.db, {
      ...base,
      title: 'Wombat Newcastle',
      suburb: 'Newcastle',
      postcode: '2300',
      auState: 'NSW',
      lat: -32.9283,
      lng: 151.7817,
    });
    await createPost(env.t.db, {
      ...base,
      title: 'Wombat Melbourne',
      suburb: 'Melbourne',
      postcode: '3000',
      auState: 'VIC',
      lat: -37.8136,
      lng: 144.9631,
    });
    const q = 'wombat';
    const near = await ok({ q, near: '2000', radiusKm: 50, sort: 'closest' });
    expect(titles(near)).toEqual(['Wombat Sydney', 'Wombat Parramatta']);
    expect(near.origin?.label).toMatch(/2000/);
    expect(near.items[0]!.distanceKm).toBeLessThan(2);
    expect(near.items[1]!.distanceKm).toBeGreaterThan(15);
    expect(near.items[1]!.distanceKm).toBeLessThan(25);
    // Featured's first page brings its cards in the windows' statement: the same cards as any other sort.
    const featured = await ok({ q, near: '2000', radiusKm: 50 });
    const byId = (r: SearchResult) => [...r.items].sort((a, b) => a.id.localeCompare(b.id));
    expect(byId(featured)).toEqual(byId(near));
    expect(titles(await ok({ q, lat: -33.8688, lng: 151.2093, radiusKm: 150, sort: 'closest' }))).toEqual([
      'Wombat Sydney',
      'Wombat Parramatta',
      'Wombat Newcastle',
    ]);
    expect(titles(await ok({ q, near: 'Melbourne 3000', sort: 'closest' }))[0]).toBe('Wombat Melbourne');
    // Distance alone is a search too.
    expect(titles(await ok({ lat: -32.9283, lng: 151.7817, radiusKm: 5 }))).toEqual(['Wombat Newcastle']);
  });

  it('"wants what I have": items whose wishes match my own items', async () => {
    const me = await signUpMember(env.t.app);
    await createPost(env.t.db, { ownerId: me.id, title: 'My kayak', categories: ['water-sports'], keywords: ['paddle'], now: NOW });
    await createPost(env.t.db, { title: 'Pangolin tent', wishCategories: ['water-sports'], wishKeywords: [], now: NOW });
    await createPost(env.t.db, { title: 'Pangolin stove', wishCategories: ['books'], wishKeywords: ['paddle'], now: NOW });
    await createPost(env.t.db, { title: 'Pangolin lamp', wishCategories: ['books'], wishKeywords: ['lamp'], now: NOW });
    expect(titles(await ok({ q: 'pangolin', wantsMine: true }, me)).sort()).toEqual(['Pangolin stove', 'Pangolin tent']);
    expect((await get({ q: 'pangolin', wantsMine: true })).statusCode).toBe(401);
  });
});

describe('sorts and paging', () => {
  const word = 'capybara';
  beforeAll(async () => {
    const owner = await createUser(env.t.db);
    for (let i = 0; i < 23; i++) {
      await createPost(env.t.db, {
        ownerId: owner.id,
        title: i % 3 === 0 ? `Capybara mug ${i}` : `Mug ${i}`,
        keywords: i % 3 === 1 ? [word] : [],
        description: `Ceramic, capybara design number ${i}.`,
        cashValueCents: [3000, 1000, 2000][i % 3]! + i,
        // Several share a time, so the id breaks ties.
        publishedAt: at(30 + Math.floor(i / 2)),
        openToSelling: i % 2 === 0,
        boostedUntil: i === 20 ? new Date(NOW.getTime() + 24 * HOUR) : null,
        now: NOW,
      });
    }
  });

  async function all(q: SearchQueryParams): Promise<SearchResult['items']> {
    const out: SearchResult['items'] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 20; n++) {
      const r = await ok({ ...q, limit: 4, cursor });
      out.push(...r.items);
      if (!r.nextCursor) return out;
      cursor = r.nextCursor;
    }
    throw new Error('too many pages');
  }

  it.each(['featured', 'recent', 'price_asc', 'price_desc', 'lowest_price'])('%s pages through every result once', async (sort) => {
    const items = await all({ q: word, sort });
    const expected = sort === 'lowest_price' ? 12 : 23;
    expect(items).toHaveLength(expected);
    expect(new Set(items.map((i) => i.id)).size).toBe(expected);
    const values = items.map((i) => i.cashValueCents);
    if (sort === 'price_asc' || sort === 'lowest_price') expect(values).toEqual([...values].sort((a, b) => a - b));
    if (sort === 'price_desc') expect(values).toEqual([...values].sort((a, b) => b - a));
    if (sort === 'recent') {
      const times = items.map((i) => i.publishedAt);
      expect(times).toEqual([...times].sort().reverse());
    }
    if (sort === 'lowest_price') expect(items.every((i) => i.openToSelling)).toBe(true);
  });

  it('featured puts boosted items first, then title matches, then keyword matches, then the rest', async () => {
    const items = await all({ q: word });
    expect(items[0]!.title).toBe('Mug 20');
    expect(items[0]!.boosted).toBe(true);
    const rest = items.slice(1).map((i) => i.title);
    const kind = (title: string) => (title.startsWith('Capybara') ? 0 : Number(title.split(' ')[1]) % 3 === 1 ? 1 : 2);
    expect(rest.map(kind)).toEqual([...rest.map(kind)].sort());
  });

  it(`featured ranks within windows of the ${SEARCH_RANK_WINDOW} newest matches and pages across windows without gaps`, async () => {
    const owner = await createUser(env.t.db);
    const n = SEARCH_RANK_WINDOW + 12;
    for (let i = 0; i < n; i++) {
      await createPost(env.t.db, {
        ownerId: owner.id,
        // The oldest item has the word in its title; every other only in the description.
        title: i === 0 ? 'Numbat poster' : `Poster ${i}`,
        keywords: [],
        description: 'A numbat print.',
        publishedAt: at(30 + (n - i) * 0.01),
        now: NOW,
      });
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await ok({ q: 'numbat', limit: 50, cursor });
      seen.push(...r.items.map((i) => i.title));
      if (!r.nextCursor) break;
      cursor = r.nextCursor;
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen).size).toBe(n);
    // The title match is outside the newest window, so it leads the second window, not the first.
    expect(seen.indexOf('Numbat poster')).toBe(SEARCH_RANK_WINDOW);
    expect(seen[0]).toBe(`Poster ${n - 1}`);
  });

  it('featured finds matches of every age, from the newest months to years back, boosted first, then newest first', async () => {
    const owner = await createUser(env.t.db);
    // Ages reaching each part of a rank window: this month, the month before last, five months
    // back, and more than a year back; one of the five-month-old items is boosted.
    const ages = [7 * 24, 9 * 24, 60 * 24, 62 * 24, 150 * 24, 152 * 24, 430 * 24, 500 * 24];
    for (const [i, hours] of ages.entries()) {
      await createPost(env.t.db, {
        ownerId: owner.id,
        title: `Bilby lamp ${i}`,
        keywords: [],
        description: 'A lamp.',
        publishedAt: at(hours),
        boostedUntil: i === 4 ? new Date(NOW.getTime() + 24 * HOUR) : null,
        now: NOW,
      });
    }
    const r = await ok({ q: 'bilby' });
    expect(r).toMatchObject({ total: ages.length, totalExact: true });
    expect(titles(r)).toEqual([
      'Bilby lamp 4',
      'Bilby lamp 0',
      'Bilby lamp 1',
      'Bilby lamp 2',
      'Bilby lamp 3',
      'Bilby lamp 5',
      'Bilby lamp 6',
      'Bilby lamp 7',
    ]);
    // Page by page the same order, each item once.
    const paged: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const p = await ok({ q: 'bilby', limit: 3, cursor });
      paged.push(...titles(p));
      if (!p.nextCursor) break;
      cursor = p.nextCursor;
    }
    expect(paged).toEqual(titles(r));
  });

  it('closest pages through every result once, nearest first', async () => {
    const items = await all({ q: word, sort: 'closest', near: 'Fitzroy 3065' });
    expect(items).toHaveLength(23);
    expect(new Set(items.map((i) => i.id)).size).toBe(23);
  });

  it('a cursor from another sort, or a forged one, is refused', async () => {
    const first = await ok({ q: word, limit: 4 });
    expect((await get({ q: word, limit: 4, sort: 'recent', cursor: first.nextCursor! })).statusCode).toBe(400);
    expect((await get({ q: word, cursor: 'bm90LWpzb24' })).statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify({ s: 'recent', k: ["x') or 1=1 --", 'a'] })).toString('base64url');
    expect((await get({ q: word, sort: 'recent', cursor: forged })).statusCode).toBe(400);
  });

  it('later pages carry no counts of their own', async () => {
    const first = await ok({ q: word, limit: 4 });
    expect(first.total).toBe(23);
    const second = await ok({ q: word, limit: 4, cursor: first.nextCursor! });
    expect(second.total).toBe(-1);
  });
});

describe('bad input', () => {
  it('measures from a position given to any precision, even a denormal one, without an error', async () => {
    const owner = await createUser(env.t.db);
    await createPost(env.t.db, { ownerId: owner.id, title: 'Equator kayak', lat: 0, lng: 0, now: NOW });
    const r = await ok({ q: 'kayak', lat: 3.5e-323, lng: 6.4e-323, radiusKm: 50 });
    expect(titles(r)).toContain('Equator kayak');
    expect(r.origin).toMatchObject({ lat: 0, lng: 0 });
    expect((await get({ q: 'kayak', lat: 1e-300, lng: -1e-300, sort: 'closest' })).statusCode).toBe(200);
  });

  it("an empty query with no category: 'Search needs at least one term'", async () => {
    for (const q of [{}, { q: '   ' }, { q: 'the and' }, { condition: 'new' }]) {
      const res = await get(q);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'search_term_required', message: 'Search needs at least one term' });
    }
  });

  it('unknown values, ranges and places are 400s', async () => {
    const cases: [SearchQueryParams, string][] = [
      [{ q: 'mug', category: 'not-a-category' }, 'data_invalid'],
      [{ q: 'mug', sort: 'cheapest' }, 'data_invalid'],
      [{ q: 'mug', limit: 500 }, 'data_invalid'],
      [{ q: 'mug', radiusKm: 0, near: '2000' }, 'data_invalid'],
      [{ q: 'mug', minCents: 500, maxCents: 100 }, 'data_invalid'],
      [{ q: 'mug', lat: -33.8 }, 'data_invalid'],
      [{ q: 'mug', near: 'Atlantis 9999' }, 'address_invalid'],
      [{ q: 'mug', radiusKm: 10 }, 'address_invalid'],
      [{ q: 'mug', sort: 'closest' }, 'address_invalid'],
    ];
    for (const [q, code] of cases) {
      const res = await get(q);
      expect(res.statusCode, JSON.stringify(q)).toBe(400);
      expect(res.json().error.code, JSON.stringify(q)).toBe(code);
    }
    expect((await get({ q: 'mug', near: 'Atlantis 9999' })).json().error.message).toBe('Please enter valid address');
  });
});

describe('suggest', () => {
  it('completes the last word from live titles and keywords, most used first', async () => {
    await refreshSearchTerms(env.t.db);
    const res = await env.t.app.inject({ method: 'GET', url: '/api/v1/search/suggest?q=red%20bicy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().completions[0]).toBe('red bicycle');
    const cat = await env.t.app.inject({ method: 'GET', url: '/api/v1/search/suggest?q=bicy' });
    expect(cat.json().categories).toContain('bicycles');
  });
});
