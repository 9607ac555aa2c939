import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { AU_STATES, CATEGORIES, EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { Database } from '../client';
import {
  blogPosts,
  deliveries,
  deliveryEvents,
  goals,
  goalSteps,
  offerItems,
  offers,
  postImages,
  posts,
  reviews,
  rooms,
  subscriptions,
  swapChainMembers,
  swapChains,
  users,
} from '../schema/index';
import { localStorage } from '../../lib/storage';
import { createTestDatabase } from '../../test/database';
import { DEMO_ACCOUNTS, seedDemo } from './demo';
import { leaderboard } from '../../modules/points/points.service';
import { rowsOf } from '../../lib/sql-rows';
import { ringProblem } from '../../modules/chains/chains.service';
import { CATALOGUE } from './catalogue';
import type { ItemTemplate } from './catalogue-types';
import { CATEGORY_WORDS, namedWords, PICTURE_WORDS } from './fit-words';
import { PICTURE_KINDS } from './pictures/index';
import { pictureDescription } from './render-image';

const NOW = new Date('2026-11-20T00:00:00.000Z');
let a: Database;
let b: Database;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'swapu-seed-'));
  a = await createTestDatabase();
  b = await createTestDatabase();
  // Rendered here, not copied from the cache other data directories share.
  const seeded = await seedDemo(a.db, localStorage(dir), NOW, () => {}, { pictureCache: null });
  await seeded.laterSizes();
  await seedDemo(b.db, localStorage(path.join(dir, 'b')), NOW, () => {}, { renderImages: false });
  // Two seeds of a whole marketplace: slow when the machine is busy (CI runs two suites at once).
}, 480_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('demo seed', () => {
  it('has a swap chain found for the demo account, waiting on it, that the chain rules accept', async () => {
    const [demo] = await a.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[0]!.email));
    const [chain] = await a.db.select().from(swapChains);
    expect(chain).toMatchObject({ state: 'found' });
    expect(chain!.expiresAt.getTime()).toBeGreaterThan(NOW.getTime());
    const members = await a.db
      .select()
      .from(swapChainMembers)
      .where(eq(swapChainMembers.chainId, chain!.id))
      .orderBy(asc(swapChainMembers.position));
    expect(members.map((m) => m.userId)).toContain(demo!.id);
    expect(members.find((m) => m.userId === demo!.id)!.unlockedAt).toBeNull();
    expect(members.some((m) => m.unlockedAt)).toBe(true);
    expect(await ringProblem(a.db, members, NOW)).toBeNull();
  });

  it('has every member accept the terms and the privacy policy (none is left “terms pending”)', async () => {
    const pending = await a.db
      .select({ id: users.id })
      .from(users)
      .where(or(isNull(users.termsAcceptedAt), isNull(users.privacyAcceptedAt)));
    expect(pending).toEqual([]);
  });

  it('has at least 40 members in real suburbs across every state and territory', async () => {
    const rows = await a.db.select().from(users);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    expect(new Set(rows.map((u) => u.auState))).toEqual(new Set(AU_STATES));
    expect(rows.every((u) => u.lat !== null && u.lng !== null && u.passwordHash?.startsWith('$argon2id$'))).toBe(true);
    const emails = rows.map((u) => u.email);
    for (const demo of DEMO_ACCOUNTS) expect(emails).toContain(demo.email);
    const admin = rows.find((u) => u.email === 'admin@swapu.au');
    expect(admin?.role).toBe('admin');
  });

  it('has at least 300 published posts over every category, some younger than 24 hours', async () => {
    const published = await a.db.select().from(posts).where(eq(posts.state, 'published'));
    expect(published.length).toBeGreaterThanOrEqual(300);
    const cats = new Set(published.flatMap((p) => p.categories));
    for (const c of CATEGORIES) expect(cats, c).toContain(c);
    const young = published.filter((p) => p.publishedAt!.getTime() > NOW.getTime() - EARLY_ACCESS_MS);
    expect(young.length).toBeGreaterThan(5);
    for (const p of published) {
      expect(p.title.length).toBeGreaterThan(5);
      expect(p.description.length).toBeGreaterThan(40);
      expect(p.cashValueCents).toBeGreaterThan(0);
      expect(p.materials.reduce((s, m) => s + m.percent, 0)).toBeLessThanOrEqual(100);
    }
  });

  it('renders a real photo for every image row', async () => {
    const images = await a.db.select().from(postImages).orderBy(asc(postImages.id)).limit(5);
    expect(images.length).toBe(5);
    for (const img of images) {
      const meta = await sharp(path.join(dir, `${img.storageKey}/lg.webp`)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 960, height: 960 });
      // Every size an upload gets, so the srcset the API names is all there.
      for (const [name, width, height] of [
        ['g960', 960, 960],
        ['g640', 640, 640],
        ['sm', 480, 480],
        ['c240', 240, 240],
        ['c720', 720, 720],
      ] as const) {
        const meta = await sharp(path.join(dir, `${img.storageKey}/${name}.webp`)).metadata();
        expect([meta.width, meta.height], name).toEqual([width, height]);
      }
    }
    const withoutImage = await rowsOf<{ n: number }>(
      a.db,
      sql`select count(*)::int as n from posts p where not exists (select 1 from post_images i where i.post_id = p.id)`,
    );
    expect(withoutImage[0]!.n).toBe(0);
  });

  it('gives the subscriber an active subscription and writes a few blog posts', async () => {
    const subs = await a.db
      .select({ email: users.email })
      .from(subscriptions)
      .innerJoin(users, eq(users.id, subscriptions.userId))
      .where(and(eq(subscriptions.status, 'active'), gt(subscriptions.currentPeriodEnd, NOW)));
    expect(subs.map((s) => s.email)).toEqual(['subscriber@swapu.au']);
    expect((await a.db.select().from(blogPosts)).length).toBeGreaterThanOrEqual(3);
  });

  it('has completed, reviewed swaps, and an offer and a chat waiting for the demo account', async () => {
    const done = await a.db.select().from(offers).where(eq(offers.state, 'completed'));
    expect(done.length).toBeGreaterThanOrEqual(3);
    for (const o of done) expect(o.carbonKg).toBeGreaterThan(0);
    expect((await a.db.select().from(reviews)).length).toBe(done.length * 2);
    const [demo] = await a.db.select().from(users).where(eq(users.email, 'demo@swapu.au'));
    const waiting = await a.db
      .select()
      .from(offers)
      .where(and(eq(offers.ownerId, demo!.id), eq(offers.state, 'pending')));
    expect(waiting).toHaveLength(1);
    const chats = await a.db
      .select()
      .from(rooms)
      .where(sql`${rooms.userA} = ${demo!.id} or ${rooms.userB} = ${demo!.id}`);
    expect(chats).toHaveLength(1);
    // An accepted swap shipped by courier: the demo's item delivered, with its whole timeline.
    const shipped = await a.db.select().from(deliveries).where(eq(deliveries.senderId, demo!.id));
    expect(shipped).toHaveLength(1);
    expect(shipped[0]!.state).toBe('delivered');
    const timeline = await a.db.select().from(deliveryEvents).where(eq(deliveryEvents.deliveryId, shipped[0]!.id));
    expect(timeline.map((e) => e.state).sort()).toEqual(['booking', 'delivered', 'in_transit', 'label_created', 'shipped']);
    const [swap] = await a.db.select().from(offers).where(eq(offers.id, shipped[0]!.offerId));
    expect(swap!.state).toBe('accepted');
  });

  it('gives the demo account a goal on its profile, one step along when it took part in a completed swap', async () => {
    const [demo] = await a.db.select().from(users).where(eq(users.email, 'demo@swapu.au'));
    const mine = await a.db.select().from(goals).where(eq(goals.userId, demo!.id));
    expect(mine).toHaveLength(1);
    const goal = mine[0]!;
    expect(goal).toMatchObject({ state: 'active', showOnProfile: true });
    const steps = await a.db.select().from(goalSteps).where(eq(goalSteps.goalId, goal.id));
    const swaps = await a.db
      .select()
      .from(offers)
      .where(and(eq(offers.state, 'completed'), or(eq(offers.offererId, demo!.id), eq(offers.ownerId, demo!.id))));
    expect(steps).toHaveLength(swaps.length > 0 ? 1 : 0);
    const [start] = await a.db.select().from(posts).where(eq(posts.id, goal.startPostId));
    if (steps.length === 0) {
      expect([start!.ownerId, start!.state, goal.currentPostId]).toEqual([demo!.id, 'published', start!.id]);
      return;
    }
    // The step: from the item the demo gave in that swap to the one it received, at the received item's value.
    const step = steps[0]!;
    const [swap] = swaps.filter((o) => o.id === step.offerId);
    const offered = (await a.db.select().from(offerItems).where(eq(offerItems.offerId, swap!.id))).map((i) => i.postId);
    const [gave, got] = swap!.offererId === demo!.id ? [offered, [swap!.postId]] : [[swap!.postId], offered];
    expect(gave).toContain(step.fromPostId);
    expect(got).toContain(step.toPostId);
    expect([goal.startPostId, goal.currentPostId]).toEqual([step.fromPostId, step.toPostId]);
    const [received] = await a.db.select().from(posts).where(eq(posts.id, step.toPostId));
    expect(step.valueCents).toBe(received!.cashValueCents);
    expect(goal.goalValueCents).toBeGreaterThan(received!.cashValueCents!);
  });

  it('earns its leaderboard through real awards: people on the week’s, the month’s and the all-time boards, streaks included', async () => {
    for (const period of ['week', 'month', 'all'] as const) {
      const board = await leaderboard(a.db, period, null, NOW);
      expect(board.items.length, period).toBeGreaterThanOrEqual(period === 'week' ? 3 : 10);
      expect(board.items[0]!.rank).toBe(1);
    }
    const drift = await rowsOf<{ user_id: string }>(
      a.db,
      sql`select t.user_id from points_totals t
        where t.period = 'all' and t.points <> (select sum(l.points) from points_ledger l where l.user_id = t.user_id)`,
    );
    expect(drift).toEqual([]);
    const [streaks] = await rowsOf<{ n: number }>(a.db, sql`select count(*)::int as n from points_ledger where reason = 'streak'`);
    expect(Number(streaks!.n)).toBeGreaterThan(0);
  });

  it('lists every item under the categories its catalogue entry names, and nothing else', async () => {
    const entries = new Map<string, { home: string; t: ItemTemplate }>();
    for (const home of CATEGORIES) for (const t of CATALOGUE[home]) entries.set(t.title, { home, t });
    const rows = await a.db.select({ title: posts.title, categories: posts.categories }).from(posts);
    expect(rows).toHaveLength(entries.size);
    const wrong = rows
      .filter((p) => {
        const e = entries.get(p.title)!;
        return JSON.stringify(p.categories) !== JSON.stringify([e.home, ...(e.t.alsoIn ?? [])]);
      })
      .map((p) => `${p.title}: ${p.categories.join(', ')}`);
    expect(wrong).toEqual([]);
  });

  it('lists every item only under categories its own title or keywords name (a fridge freezer is never under Bicycles)', async () => {
    const rows = await a.db.select({ title: posts.title, keywords: posts.keywords, categories: posts.categories }).from(posts);
    const misfits = rows.flatMap((p) =>
      p.categories
        .filter((c) => !namedWords(`${p.title} ${p.keywords.join(' ')}`, CATEGORY_WORDS[c as keyof typeof CATEGORY_WORDS]).length)
        .map((c) => `${p.title} under ${c}`),
    );
    expect(misfits).toEqual([]);
  });

  it('shows every item in pictures of its own kind: each stored picture says what it shows, and that fits the item', async () => {
    const rows = await a.db
      .select({ key: postImages.storageKey, title: posts.title, keywords: posts.keywords })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId));
    expect(rows.length).toBeGreaterThan(500);
    const picture = new Map<string, string>();
    for (const home of CATEGORIES) for (const t of CATALOGUE[home]) picture.set(t.title, t.picture);
    const wrong: string[] = [];
    for (const row of rows) {
      const { exif } = await sharp(path.join(dir, `${row.key}/lg.webp`)).metadata();
      const shown = /SwapU demo picture: ([a-z0-9-]+)/.exec(exif?.toString('latin1') ?? '')?.[1];
      const kind = picture.get(row.title)!;
      if (shown !== kind) wrong.push(`${row.title}: its picture shows ${shown ?? 'nothing we can tell'}, its kind is ${kind}`);
      else if (!namedWords(`${row.title} ${row.keywords.join(' ')}`, PICTURE_WORDS[kind as keyof typeof PICTURE_WORDS]).length)
        wrong.push(`${row.title}: shown as ${kind}, which its words do not name`);
    }
    expect(wrong).toEqual([]);
    expect(pictureDescription('sewing-machine')).toBe('SwapU demo picture: sewing-machine');
    // Every kind is drawn (none without a use in the catalogue, none used without a drawing).
    expect(new Set(picture.values())).toEqual(new Set(PICTURE_KINDS));
  });

  it('is deterministic: the same seed gives the same marketplace', async () => {
    const snapshot = (db: Database) =>
      db.db
        .select({
          id: posts.id,
          title: posts.title,
          owner: posts.ownerId,
          value: posts.cashValueCents,
          at: posts.publishedAt,
          categories: posts.categories,
        })
        .from(posts)
        .orderBy(asc(posts.id));
    expect(await snapshot(b)).toEqual(await snapshot(a));
  });
});
