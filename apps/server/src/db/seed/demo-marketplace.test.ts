import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { CATEGORIES, CONDITIONS } from '@swapu/shared/constants';
import type { SearchResult } from '@swapu/shared/search';
import { DEMO_PASSWORD } from '../../lib/deployment';
import { rowsOf } from '../../lib/sql-rows';
import { createTestApp, type TestApp } from '../../test/app';
import { seedDemo } from './demo';

/**
 * The demo marketplace through the API, as a newcomer meets it right after the first start: its
 * photos before their later sizes are written, and the search page's counts (every category
 * chip's count is the number of results choosing that chip gives, every category tile's count the
 * number of results its page shows) for a guest and for a subscriber (who also sees the items in
 * early access).
 */
const NOW = '2026-11-20T00:00:00.000Z';
let t: TestApp;
let subscriber: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  // The photos' first size only, as a fresh start leaves them when the server becomes ready.
  await seedDemo(t.db, t.app.ctx.storage, new Date(NOW), () => {}, { pictureCache: null });
  const res = await t.app.inject({
    method: 'POST',
    url: '/identity/v1/accounts:signInWithPassword',
    payload: { email: 'subscriber@swapu.au', password: DEMO_PASSWORD, returnSecureToken: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  subscriber = { authorization: `Bearer ${res.json().idToken}` };
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const viewers = () =>
  [
    ['a guest', {}],
    ['a subscriber', subscriber],
  ] as const;

async function search(headers: Record<string, string>, query: Record<string, string>): Promise<SearchResult> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/search', query, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SearchResult;
}

/** Every result of a search, page after page (the count must be what a person can scroll through). */
async function allResults(headers: Record<string, string>, query: Record<string, string>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await search(headers, { ...query, limit: '50', ...(cursor ? { cursor } : {}) });
    ids.push(...page.items.map((i) => i.id));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return ids;
}

/** Each facet chip of `query`'s results against the results of choosing it. */
async function facetsAgree(headers: Record<string, string>, query: Record<string, string>) {
  const first = await search(headers, query);
  expect(first.facetsExact, JSON.stringify(query)).toBe(true);
  const wrong: string[] = [];
  for (const f of first.facets) {
    const chosen = await search(headers, { ...query, category: f.slug });
    if (chosen.total !== f.count) wrong.push(`${f.slug}: chip ${f.count}, results ${chosen.total}`);
  }
  return { first, wrong };
}

describe('demo marketplace: photos right after the first start', () => {
  it('shows every photo at once: its 480 px size is there, and every other size stands in with it until written', async () => {
    const rows = await rowsOf<{ key: string }>(t.db, sql`select storage_key as key from post_images order by id`);
    expect(rows.length).toBeGreaterThan(500);
    for (const { key } of rows) {
      const sm = await t.app.inject({ url: `/media/${key}/sm.webp` });
      expect(sm.statusCode, key).toBe(200);
      const meta = await sharp(sm.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], key).toEqual(['webp', 480, 480]);
    }
    const [{ key }] = rows as [{ key: string }];
    // Only the 480 px size is written yet: every other size goes straight to it, in one redirect.
    for (const size of ['lg', 'g960', 'g640', 'c240', 'c720']) {
      const res = await t.app.inject({ url: `/media/${key}/${size}.webp` });
      expect([res.statusCode, res.headers.location], size).toEqual([302, `/media/${key}/sm.webp`]);
    }
  });
});

describe('demo marketplace: search counts', () => {
  it('on a category page, each category chip counts what choosing it shows', async () => {
    // With only a category chosen, the chips count every live item (the choice itself is ignored).
    for (const [who, headers] of viewers()) {
      const { first, wrong } = await facetsAgree(headers, { category: 'bicycles' });
      expect(wrong, who).toEqual([]);
      expect(first.facets.map((f) => f.slug).sort(), who).toEqual([...CATEGORIES].sort());
    }
  });

  it('for words, a condition and "open to selling", each category chip counts what choosing it shows', async () => {
    const queries: Array<Record<string, string>> = [
      { q: 'bike' },
      { q: 'toyota' },
      { q: 'vintage' },
      { q: 'bundle' },
      ...CONDITIONS.map((condition) => ({ category: 'furniture', condition })),
      { category: 'toys', openToSelling: 'true' },
      { q: 'boots', sort: 'lowest_price' },
    ];
    for (const [who, headers] of viewers()) {
      for (const query of queries) {
        const { first, wrong } = await facetsAgree(headers, query);
        expect(wrong, `${who}, ${JSON.stringify(query)}`).toEqual([]);
        expect((await allResults(headers, query)).length, `${who}, ${JSON.stringify(query)}`).toBe(first.total);
      }
    }
  });

  it('every category tile counts the results its page shows, and they can all be scrolled through', async () => {
    for (const [who, headers] of viewers()) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/categories', headers });
      expect(res.statusCode).toBe(200);
      const tiles = (res.json() as { items: Array<{ slug: string; count: number }> }).items;
      expect(tiles.map((c) => c.slug).sort()).toEqual([...CATEGORIES].sort());
      const wrong: string[] = [];
      for (const tile of tiles) {
        const page = await search(headers, { category: tile.slug });
        const scrolled = (await allResults(headers, { category: tile.slug })).length;
        if (page.total !== tile.count || scrolled !== tile.count)
          wrong.push(`${tile.slug}: tile ${tile.count}, results ${page.total}, scrolled ${scrolled}`);
      }
      expect(wrong, who).toEqual([]);
    }
  });
});
