import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SEARCH_RANK_WINDOW } from '@swapu/shared/search';
import { posts } from '../../db/schema/index';
import { createPost, createUser } from '../../test/factories';
import { searchTestApp } from './search-test-client';
import { isoWeek, windowDays } from './time-lexemes';
import { recentFirst, WALK_ABOVE_WINDOWS } from './rank-windows';
import { clearExpiredBoosts, forgetSearchStats, planSearch } from './search.service';

const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3600_000;
const { env, ok, at, titles } = searchTestApp(NOW);

describe('a wide radius alone', () => {
  it('takes its 500+ and its facets from the position sample instead of counting rows', async () => {
    const owner = await createUser(env.t.db);
    // 1,600 items in Alice Springs, far from every other test's items.
    const base = {
      ownerId: owner.id,
      state: 'published',
      description: 'Desert find.',
      keywords: [] as string[],
      wishCategories: [],
      wishKeywords: [],
      cashValueCents: 1000,
      weightKg: 1,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      suburb: 'Alice Springs',
      postcode: '0870',
      auState: 'NT',
      lat: -23.698,
      lng: 133.8807,
      publishedAt: at(30),
      createdAt: at(31),
    };
    const rowsToAdd = Array.from({ length: 1600 }, (_, i) => ({
      ...base,
      id: `alice-${i}`,
      title: `Desert item ${i}`,
      categories: [i % 4 === 0 ? 'antiques' : 'tools'],
    }));
    for (let i = 0; i < rowsToAdd.length; i += 400) await env.t.db.insert(posts).values(rowsToAdd.slice(i, i + 400));
    forgetSearchStats(env.t.database);
    const r = await ok({ lat: -23.698, lng: 133.8807, radiusKm: 10 });
    expect(r).toMatchObject({ total: 500, totalExact: false, facetsExact: false });
    expect(r.facets).toEqual([
      { slug: 'tools', count: 1200 },
      { slug: 'antiques', count: 400 },
    ]);
    expect(r.items).toHaveLength(20);
    // With a word as well, the rows are counted.
    const counted = await ok({ q: 'desert', lat: -23.698, lng: 133.8807, radiusKm: 10, category: 'antiques' });
    expect(counted).toMatchObject({ total: 400, totalExact: true });
    // A filter holding most of the matches: the read stops at "500+" in it.
    const most = await ok({ q: 'desert', lat: -23.698, lng: 133.8807, radiusKm: 10, category: 'tools' });
    expect(most).toMatchObject({ total: 500, totalExact: false, facetsExact: false });
    expect(most.facets.map((f) => f.slug)).toEqual(['tools', 'antiques']);
  });
});

describe('a word the statistics say is common', () => {
  it('says "500+" without counting, with facets from the matches the page looked at', async () => {
    const owner = await createUser(env.t.db);
    const base = {
      ownerId: owner.id,
      state: 'published',
      description: 'Soft toy.',
      keywords: [] as string[],
      wishCategories: [],
      wishKeywords: [],
      cashValueCents: 1500,
      weightKg: 1,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      suburb: 'Broome',
      postcode: '6725',
      auState: 'WA',
      lat: -17.9614,
      lng: 122.2359,
      publishedAt: at(30),
      createdAt: at(31),
    };
    const rowsToAdd = Array.from({ length: 2600 }, (_, i) => ({
      ...base,
      id: `quokka-${i}`,
      title: `Quokka plush ${i}`,
      categories: [i % 2 === 0 ? 'toys' : 'baby'],
    }));
    for (let i = 0; i < rowsToAdd.length; i += 400) await env.t.db.insert(posts).values(rowsToAdd.slice(i, i + 400));
    await env.t.db.execute(sql`analyze posts`);
    forgetSearchStats(env.t.database);
    const r = await ok({ q: 'quokka' });
    expect(r).toMatchObject({ total: 500, totalExact: false, facetsExact: false });
    expect(r.facets.map((f) => f.slug).sort()).toEqual(['baby', 'toys']);
    // Estimated for all 2,600 matches (counting would have stopped at 501 rows).
    const sum = r.facets.reduce((n, f) => n + f.count, 0);
    expect(sum).toBeGreaterThan(2000);
    expect(sum).toBeLessThan(3200);
    expect(r.items).toHaveLength(20);
    // With a filter as well, the rows are counted (the estimate would not be sure).
    const counted = await ok({ q: 'quokka', category: 'toys', maxCents: 1000 });
    expect(counted).toMatchObject({ total: 0, totalExact: true });
  });
});

describe('a count of a word the newest months hold 500+ of', () => {
  it('reads the newest months first and stops there at 500+, and still counts older matches exactly, month by month', async () => {
    const owner = await createUser(env.t.db);
    const base = {
      ownerId: owner.id,
      state: 'published',
      description: 'Pouch.',
      keywords: [] as string[],
      wishCategories: [],
      wishKeywords: [],
      weightKg: 1,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      suburb: 'Kalgoorlie',
      postcode: '6430',
      auState: 'WA',
      lat: -30.7489,
      lng: 121.4658,
    };
    // Cheap books from seven months back (300), from the month before last (40) and the month
    // before that (30), stored first; then 2,600 toys from yesterday.
    const book = (i: number, daysAgo: number) => ({
      ...base,
      id: `bettong-old-${i}`,
      title: `Bettong book ${i}`,
      categories: ['books'],
      cashValueCents: 500,
      publishedAt: at(daysAgo * 24),
      createdAt: at(daysAgo * 24 + 24),
    });
    const old = Array.from({ length: 370 }, (_, i) => book(i, i < 300 ? 200 : i < 340 ? 55 : 85));
    const recent = Array.from({ length: 2600 }, (_, i) => ({
      ...base,
      id: `bettong-new-${i}`,
      title: `Bettong plush ${i}`,
      categories: ['toys'],
      cashValueCents: 1500,
      publishedAt: at(30),
      createdAt: at(31),
    }));
    for (const rows of [old, recent])
      for (let i = 0; i < rows.length; i += 400) await env.t.db.insert(posts).values(rows.slice(i, i + 400));
    await env.t.db.execute(sql`analyze posts`);
    forgetSearchStats(env.t.database);
    // A filter every item passes: counted, not estimated. The read stops at 500+ among the
    // newest months' matches, so its facets hold only this month's toys (stored after the books).
    const many = await ok({ q: 'bettong', delivery: 'sendle' });
    expect(many).toMatchObject({ total: 500, totalExact: false, facetsExact: false });
    expect(many.facets.map((f) => f.slug)).toEqual(['toys']);
    // A filter only the old books pass: the newest months hold none; each month before them and
    // the rest of the table add theirs.
    const books = await ok({ q: 'bettong', maxCents: 1000 });
    expect(books).toMatchObject({ total: 370, totalExact: true, facetsExact: true, facets: [{ slug: 'books', count: 370 }] });
    expect(books.items).toHaveLength(20);
  });
});

describe('a common word looks among its newest days or weeks first', () => {
  it('takes the day path and still pages every match once, newest window first', async () => {
    const owner = await createUser(env.t.db);
    const base = {
      ownerId: owner.id,
      state: 'published',
      keywords: [] as string[],
      wishCategories: [],
      wishKeywords: [],
      categories: ['art'],
      cashValueCents: 2500,
      weightKg: 1,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      suburb: 'Hobart',
      postcode: '7000',
      auState: 'TAS',
      lat: -42.8821,
      lng: 147.3272,
    };
    // 310 in the last week, 60 older (October and before); the oldest has the word in its title.
    const recent = Array.from({ length: 310 }, (_, i) => ({
      ...base,
      id: `potoroo-r${i}`,
      title: `Print ${i}`,
      description: 'A potoroo print.',
      publishedAt: at(30 + i * 0.5),
      createdAt: at(31 + i * 0.5),
    }));
    const older = Array.from({ length: 60 }, (_, i) => ({
      ...base,
      id: `potoroo-o${i}`,
      title: i === 59 ? 'Potoroo poster' : `Old print ${i}`,
      description: 'A potoroo print.',
      publishedAt: at(24 * (40 + i)),
      createdAt: at(24 * (40 + i) + 1),
    }));
    for (const chunk of [recent, older]) await env.t.db.insert(posts).values(chunk);
    await env.t.db.execute(sql`analyze posts`);
    forgetSearchStats(env.t.database);
    const plan = await planSearch(env.t.database, { userId: null, role: 'guest', subscriber: false }, NOW, { q: 'potoroo' });
    // 310 of the word's 370 items went live in the last eight days: a few days hold two windows.
    expect(plan.daysFirst).toBeGreaterThanOrEqual(2);
    expect(plan.weeksFirst).toBe(0);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const r = await ok({ q: 'potoroo', limit: 50, cursor });
      seen.push(...r.items.map((i) => i.title));
      if (!r.nextCursor) break;
      cursor = r.nextCursor;
    }
    expect(seen).toHaveLength(370);
    expect(new Set(seen).size).toBe(370);
    // The first window is the 150 newest; the title match leads the third (oldest) window.
    expect(new Set(seen.slice(0, SEARCH_RANK_WINDOW))).toEqual(new Set(recent.slice(0, SEARCH_RANK_WINDOW).map((r) => r.title)));
    expect(seen.indexOf('Potoroo poster')).toBe(2 * SEARCH_RANK_WINDOW);
  });

  it('writes the day an item went live (UTC) into its search vector, as windows ask for it', async () => {
    const post = await createPost(env.t.db, {
      title: 'Quokka lamp',
      keywords: [],
      publishedAt: new Date('2026-11-18T23:30:00Z'),
      now: NOW,
    });
    const [row] = await env.t.db
      .select({ v: sql<string>`search_vector::text` })
      .from(posts)
      .where(eq(posts.id, post.id));
    expect(row!.v).toContain("'pd20261118'");
    expect(row!.v).toContain("'pw202647'");
    expect(windowDays(new Date('2026-11-19T08:00:00Z'), 2, NOW)).toEqual({
      days: "'pd20261119' | 'pd20261118'",
      start: new Date('2026-11-18T00:00:00Z'),
    });
    // Further back than every item is sure to hold its day lexeme: no days.
    expect(windowDays(new Date(NOW.getTime() - 30 * 24 * HOUR), 2, NOW)).toBeNull();
    expect(windowDays(new Date(NOW.getTime() - 20 * 24 * HOUR), 7, NOW)).not.toBeNull();
  });

  it('chooses days, weeks or neither from the sample and what the viewer sees', () => {
    const day = 24 * HOUR;
    const sample = (publishedMs: number[]) => ({ publishedMs: Float64Array.from(publishedMs), memo: new Map<string, unknown>() });
    // 1,000 sampled items: 100 on each of the ten days before today (at 06:00 UTC), none today.
    const spread = sample(Array.from({ length: 1000 }, (_, i) => NOW.getTime() - Math.floor(i / 100) * day - 18 * HOUR));
    // A word 1,000 items use: today and the day before hold 100 of them, four days 300: two windows.
    expect(recentFirst(1000, spread, NOW, true)).toEqual({ daysFirst: 4, weeksFirst: 0 });
    // A guest does not see the last 24 hours (yesterday's items here): one more day is asked.
    expect(recentFirst(1000, spread, NOW, false)).toEqual({ daysFirst: 5, weeksFirst: 0 });
    // A word so common that two days hold more than WALK_ABOVE_WINDOWS windows (700): weeks, walked.
    expect(recentFirst(7000, spread, NOW, true)).toEqual({ daysFirst: 0, weeksFirst: 2 });
    expect(recentFirst(5000, spread, NOW, true)).toEqual({ daysFirst: 2, weeksFirst: 0 });
    // A word too rare for two windows in a week of days, but not in two weeks: weeks.
    expect(recentFirst(400, spread, NOW, true)).toEqual({ daysFirst: 0, weeksFirst: 2 });
    // Fewer than two windows' worth in all: neither.
    expect(recentFirst(299, spread, NOW, true)).toEqual({ daysFirst: 0, weeksFirst: 0 });
    expect(WALK_ABOVE_WINDOWS * SEARCH_RANK_WINDOW).toBe(600);
  });

  it('names ISO weeks as the week lexeme does', () => {
    expect(isoWeek(new Date('2026-11-23T08:00:00Z'))).toBe('202648');
    expect(isoWeek(new Date('2027-01-01T08:00:00Z'))).toBe('202653');
    expect(isoWeek(new Date('2026-01-01T08:00:00Z'))).toBe('202601');
    expect(isoWeek(new Date('2024-12-30T08:00:00Z'))).toBe('202501');
    expect(isoWeek(new Date('2021-01-03T23:00:00Z'))).toBe('202053');
  });
});

describe('boosts', () => {
  it('a boost that ran out no longer leads, and clearing it drops the boosted lexeme', async () => {
    const live = await createPost(env.t.db, {
      title: 'Dugong mug',
      keywords: [],
      publishedAt: at(40),
      boostedUntil: new Date(NOW.getTime() + HOUR),
      now: NOW,
    });
    const ended = await createPost(env.t.db, {
      title: 'Dugong cup',
      keywords: [],
      publishedAt: at(30),
      boostedUntil: new Date(NOW.getTime() - HOUR),
      now: NOW,
    });
    const r = await ok({ q: 'dugong' });
    expect(r.items.map((i) => [i.title, i.boosted])).toEqual([
      ['Dugong mug', true],
      ['Dugong cup', false],
    ]);
    expect(await clearExpiredBoosts(env.t.db, NOW)).toBeGreaterThanOrEqual(1);
    const [row] = await env.t.db
      .select({ v: sql<string>`search_vector::text`, until: posts.boostedUntil })
      .from(posts)
      .where(eq(posts.id, ended.id));
    expect(row!.until).toBeNull();
    expect(row!.v).not.toContain('boosted');
    const [still] = await env.t.db
      .select({ v: sql<string>`search_vector::text` })
      .from(posts)
      .where(eq(posts.id, live.id));
    expect(still!.v).toContain("'boosted'");
  });
});

describe('words the newest months and the two before should hold a window of', () => {
  it('asks those months one at a time and still lists every match newest first', async () => {
    const owner = await createUser(env.t.db);
    const base = {
      ownerId: owner.id,
      state: 'published',
      description: 'Woven.',
      keywords: [] as string[],
      categories: ['garden-and-home'],
      wishCategories: [],
      wishKeywords: [],
      cashValueCents: 2000,
      weightKg: 1,
      lengthCm: 10,
      widthCm: 10,
      heightCm: 10,
      suburb: 'Dubbo',
      postcode: '2830',
      auState: 'NSW',
      lat: -32.2569,
      lng: 148.6011,
    };
    // 30 from the newest months, 40 from the month before them, 50 from the month before that,
    // 1,400 older; stored oldest first.
    const hoursAgo = (i: number) => (i < 30 ? 30 + i : i < 70 ? 55 * 24 + i : i < 120 ? 85 * 24 + i : 200 * 24 + i);
    const rows = Array.from({ length: 1520 }, (_, i) => ({
      ...base,
      id: `wallaroo-${String(i).padStart(4, '0')}`,
      title: `Wallaroo rug ${i}`,
      publishedAt: at(hoursAgo(i)),
      createdAt: at(hoursAgo(i) + 1),
    })).reverse();
    for (let i = 0; i < rows.length; i += 400) await env.t.db.insert(posts).values(rows.slice(i, i + 400));
    await env.t.db.execute(sql`analyze posts`);
    forgetSearchStats(env.t.database);
    const plan = await planSearch(env.t.database, { userId: null, role: 'guest', subscriber: false }, NOW, { q: 'wallaroo rug' });
    expect(plan.earlierMonths).toBe(2);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 3; page++) {
      const r = await ok({ q: 'wallaroo rug', limit: 40, cursor });
      seen.push(...titles(r));
      cursor = r.nextCursor ?? undefined;
    }
    expect(seen).toEqual(Array.from({ length: 120 }, (_, i) => `Wallaroo rug ${i}`));
  });
});
