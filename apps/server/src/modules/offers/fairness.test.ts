import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { FAIRNESS_MIN_COMPARABLES, FAIRNESS_SAMPLE_MAX } from '@swapu/shared/fairness-rules';
import type { Fairness } from '@swapu/shared/fairness';
import { offerItems, offers, posts } from '../../db/schema/index';
import { signAccessToken } from '../../lib/tokens';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost, createUser } from '../../test/factories';
import { offerFairness } from './fairness.service';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

type Member = { id: string; headers: Record<string, string> };
async function member(extra: Parameters<typeof createUser>[1] = {}): Promise<Member> {
  const u = await createUser(t.db, { termsAcceptedAt: NOW, privacyAcceptedAt: NOW, ...extra });
  return { id: u.id, headers: { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, u.id, NOW, u.tokenVersion)}` } };
}
/** A listing with its title, category and condition unique to one test: `tag` keeps tests' comparables apart. */
const listing = (ownerId: string, title: string, cents: number, extra: Parameters<typeof createPost>[1] = {}) =>
  createPost(t.db, { ownerId, title, cashValueCents: cents, categories: ['bicycles'], condition: 'used-good', now: NOW, ...extra });
/** Listings of strangers at these values (dollars), each by a member of their own. */
async function market(title: string, dollars: number[], extra: Parameters<typeof createPost>[1] = {}) {
  for (const d of dollars) await listing((await createUser(t.db)).id, title, d * 100, extra);
}
const get = (m: Member | null, url: string) => t.app.inject({ url, headers: m?.headers ?? {} });
async function offerOf(offerer: Member, owner: Member, target: string, items: string[], cashKind = 'none', cashCents = 0) {
  const id = randomUUID();
  await t.db.insert(offers).values({
    id,
    postId: target,
    offererId: offerer.id,
    ownerId: owner.id,
    proposedBy: 'offerer',
    state: 'pending',
    cashKind,
    cashCents,
    expiresAt: new Date(NOW.getTime() + 7 * DAY),
    createdAt: NOW,
    updatedAt: NOW,
  });
  if (items.length) await t.db.insert(offerItems).values(items.map((postId, position) => ({ offerId: id, postId, position })));
  return id;
}

describe('market estimates', () => {
  it('is the median stated value of comparable listings: shared category, nearby condition, two thirds of the title words', async () => {
    const [ana, ben] = [await member(), await member()];
    await market('Zorvik mountain bike', [200, 300, 400, 500, 600]);
    await market('Zorvik trail mountain bike', [700], { condition: 'used-like-new' });
    await market('Zorvik mountain bike', [800], { condition: 'used-fair', state: 'swapped' });
    // Not comparable: another category, two grades apart, one word of three, not listed, the parties' own.
    await market('Zorvik mountain bike', [9000], { categories: ['toys'] });
    await market('Zorvik mountain bike', [9000], { condition: 'new' });
    await market('Zorvik helmet', [9000]);
    await market('Zorvik mountain bike', [9000], { state: 'draft' });
    await market('Zorvik mountain bike', [9000], { state: 'archived' });
    await market('Zorvik mountain bike', [9000], { state: 'reserved' });
    await listing(ben.id, 'Zorvik mountain bike', 900_000);
    await listing(ana.id, 'Zorvik mountain bike', 900_000);
    const bike = await listing(ben.id, 'Zorvik Mountain Bike', 45_000);
    const res = await get(ana, `/api/v1/posts/${bike.id}/fairness?cashKind=only&cashCents=40000`);
    expect(res.statusCode).toBe(200);
    const f = res.json() as Fairness;
    expect(f.theirs.items).toEqual([
      { postId: bike.id, title: 'Zorvik Mountain Bike', statedCents: 45_000, estimateCents: 50_000, comparables: 7 },
    ]);
  });

  it('says "not enough data" under the threshold, and the item then counts at its stated value', async () => {
    const [ana, ben] = [await member(), await member()];
    await market('Quivel kayak', [100, 200, 300, 400].slice(0, FAIRNESS_MIN_COMPARABLES - 1));
    const kayak = await listing(ben.id, 'Quivel kayak', 30_000);
    const f = (await get(ana, `/api/v1/posts/${kayak.id}/fairness?cashKind=only&cashCents=30000`)).json() as Fairness;
    expect(f.theirs.items[0]).toMatchObject({ estimateCents: null, comparables: FAIRNESS_MIN_COMPARABLES - 1 });
    expect(f.theirs).toMatchObject({ statedCents: 30_000, marketCents: 30_000 });
    expect(f).toMatchObject({ verdict: 'fair', differenceCents: 0 });
  });

  it(`takes the median of at most ${FAIRNESS_SAMPLE_MAX} comparables`, async () => {
    const [ana, ben] = [await member(), await member()];
    const stranger = await createUser(t.db);
    await t.db.insert(posts).values(
      Array.from({ length: FAIRNESS_SAMPLE_MAX + 20 }, () => ({
        id: randomUUID(),
        ownerId: stranger.id,
        state: 'published',
        title: 'Bexlu tandem',
        categories: ['bicycles'],
        condition: 'used-good',
        cashValueCents: 12_300,
        weightKg: 1,
        lengthCm: 1,
        widthCm: 1,
        heightCm: 1,
        publishedAt: new Date(NOW.getTime() - 3 * DAY),
      })),
    );
    const tandem = await listing(ben.id, 'Bexlu tandem', 50_000);
    const f = (await get(ana, `/api/v1/posts/${tandem.id}/fairness`)).json() as Fairness;
    expect(f.theirs.items[0]).toMatchObject({ estimateCents: 12_300, comparables: FAIRNESS_SAMPLE_MAX });
  });

  it('has no estimate for a title without a word to compare', async () => {
    const [ana, ben] = [await member(), await member()];
    await market('The', [10, 20, 30, 40, 50, 60]);
    const the = await listing(ben.id, 'The', 5000);
    const f = (await get(ana, `/api/v1/posts/${the.id}/fairness`)).json() as Fairness;
    expect(f.theirs.items[0]).toMatchObject({ estimateCents: null, comparables: 0 });
  });
});

describe('the two sides and the verdict', () => {
  /** Ben's drill (market A$100) and Ana's saw (market A$60); each call adds the same market again, which keeps its medians. */
  async function deal() {
    const [ana, ben] = [await member(), await member()];
    await market('Ravendo drill', [90, 100, 110, 100, 100], { categories: ['tools'] });
    await market('Ravendo saw', [50, 60, 70, 60, 60], { categories: ['tools'] });
    const drill = await listing(ben.id, 'Ravendo drill', 15_000, { categories: ['tools'] });
    const saw = await listing(ana.id, 'Ravendo saw', 6_000, { categories: ['tools'] });
    return { ana, ben, drill, saw };
  }

  it('adds each side’s cash and compares the market totals, for each party from their side', async () => {
    const { ana, ben, drill, saw } = await deal();
    const id = await offerOf(ana, ben, drill.id, [saw.id], 'add', 1_000);
    const mine = (await get(ana, `/api/v1/offers/${id}/fairness`)).json() as Fairness;
    expect(mine.yours).toMatchObject({ party: 'offerer', cashCents: 1_000, statedCents: 7_000, marketCents: 7_000 });
    expect(mine.theirs).toMatchObject({ party: 'owner', cashCents: 0, statedCents: 15_000, marketCents: 10_000 });
    expect(mine).toMatchObject({ verdict: 'in_your_favour', differenceCents: 3_000, toleranceCents: 1_000 });
    const theirs = (await get(ben, `/api/v1/offers/${id}/fairness`)).json() as Fairness;
    expect(theirs.yours.party).toBe('owner');
    expect(theirs).toMatchObject({ verdict: 'in_their_favour', differenceCents: 3_000 });
  });

  it('puts requested cash on the owner’s side, and calls a small difference fair', async () => {
    const { ana, ben, drill, saw } = await deal();
    const id = await offerOf(ben, ana, saw.id, [drill.id], 'request', 3_500);
    const f = (await get(ben, `/api/v1/offers/${id}/fairness`)).json() as Fairness;
    expect(f.yours).toMatchObject({ party: 'offerer', marketCents: 10_000 });
    expect(f.theirs).toMatchObject({ party: 'owner', cashCents: 3_500, marketCents: 9_500 });
    expect(f).toMatchObject({ verdict: 'fair', differenceCents: 500 });
  });

  it('leaves items out of a cash-only offer', async () => {
    const { ana, drill, saw } = await deal();
    const f = (await get(ana, `/api/v1/posts/${drill.id}/fairness?cashKind=only&cashCents=9000&items=${saw.id}`)).json() as Fairness;
    expect(f.yours).toMatchObject({ items: [], cashCents: 9_000, statedCents: 9_000 });
  });

  it('reads everything in one statement', async () => {
    const { ana, ben, drill, saw } = await deal();
    const id = await offerOf(ana, ben, drill.id, [saw.id]);
    const statements: SQL[] = [];
    const db = t.db;
    const counting = new Proxy(db, {
      get: (target, key) =>
        key === 'execute'
          ? (q: SQL) => {
              statements.push(q);
              return target.execute(q);
            }
          : Reflect.get(target, key),
    });
    const viewer = { userId: ana.id, role: 'user' as const, subscriber: false };
    const f = await offerFairness(counting, viewer, id, {});
    expect(f.yours.items.map((i) => i.postId)).toEqual([saw.id]);
    expect(statements).toHaveLength(1);
  });
});

describe('who may ask, and what', () => {
  async function scene() {
    const [ana, ben, cat] = [await member(), await member(), await member()];
    const bike = await listing(ben.id, 'Vintage road bike', 30_000);
    const tent = await listing(ana.id, 'Four person tent', 20_000);
    const id = await offerOf(ana, ben, bike.id, [tent.id]);
    return { ana, ben, cat, bike, tent, id };
  }

  it('shows an offer’s meter to its two parties only', async () => {
    const { ana, ben, cat, id } = await scene();
    const admin = await member({ role: 'admin' });
    expect((await get(ana, `/api/v1/offers/${id}/fairness`)).statusCode).toBe(200);
    expect((await get(ben, `/api/v1/offers/${id}/fairness`)).statusCode).toBe(200);
    for (const who of [cat, admin]) {
      const res = await get(who, `/api/v1/offers/${id}/fairness`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    }
    expect((await get(null, `/api/v1/offers/${id}/fairness`)).statusCode).toBe(401);
    expect((await get(ana, `/api/v1/offers/${randomUUID()}/fairness`)).statusCode).toBe(404);
  });

  it('prices a counter-offer’s draft for either party, with the offerer’s items only', async () => {
    const { ana, ben, cat, id, tent } = await scene();
    const other = await listing(ana.id, 'Camping stove', 5_000);
    const f = (await get(ben, `/api/v1/offers/${id}/fairness?cashKind=add&cashCents=2000&items=${tent.id},${other.id}`)).json() as Fairness;
    expect(f.yours.party).toBe('owner');
    expect(f.theirs).toMatchObject({ cashCents: 2_000, statedCents: 27_000 });
    const bens = await listing(ben.id, 'Folding chair', 1_000);
    expect((await get(ben, `/api/v1/offers/${id}/fairness?cashKind=none&items=${bens.id}`)).statusCode).toBe(403);
    expect((await get(cat, `/api/v1/offers/${id}/fairness?cashKind=none&items=${tent.id}`)).statusCode).toBe(404);
  });

  it('prices a draft offer for the member who would make it, on items of theirs that are live', async () => {
    const { ana, ben, cat, bike, tent } = await scene();
    expect((await get(cat, `/api/v1/posts/${bike.id}/fairness?cashKind=add&cashCents=500`)).statusCode).toBe(200);
    const own = await get(ben, `/api/v1/posts/${bike.id}/fairness`);
    expect([own.statusCode, own.json().error.code]).toEqual([403, 'offer_own_post']);
    const notHers = await get(cat, `/api/v1/posts/${bike.id}/fairness?items=${tent.id}`);
    expect([notHers.statusCode, notHers.json().error.code]).toEqual([403, 'permission_denied']);
    const missing = await get(ana, `/api/v1/posts/${bike.id}/fairness?items=${randomUUID()}`);
    expect(missing.statusCode).toBe(403);
    const draft = await listing(ana.id, 'Sleeping bag', 4_000, { state: 'draft' });
    const gone = await get(ana, `/api/v1/posts/${bike.id}/fairness?items=${draft.id}`);
    expect([gone.statusCode, gone.json().error.code]).toEqual([409, 'offer_no_longer_valid']);
    const itself = await get(ana, `/api/v1/posts/${bike.id}/fairness?items=${bike.id}`);
    expect([itself.statusCode, itself.json().error.code]).toEqual([400, 'data_invalid']);
    expect((await get(ana, `/api/v1/posts/${randomUUID()}/fairness`)).statusCode).toBe(404);
    expect((await get(null, `/api/v1/posts/${bike.id}/fairness`)).statusCode).toBe(401);
  });

  it('hides a listing still in its early access from members who may not see it yet', async () => {
    const [ana, ben] = [await member(), await member()];
    const fresh = await listing(ben.id, 'Brand new canoe', 80_000, { publishedAt: new Date(NOW.getTime() - 3_600_000) });
    expect((await get(ana, `/api/v1/posts/${fresh.id}/fairness`)).statusCode).toBe(404);
  });

  it('refuses bad terms with the validation error and its fields', async () => {
    const { ana, bike } = await scene();
    for (const q of ['cashCents=-1', 'cashKind=barter', 'cashCents=12.5', `items=${['a', 'b', 'c', 'd', 'e', 'f'].join(',')}`]) {
      const res = await get(ana, `/api/v1/posts/${bike.id}/fairness?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json(), q).toEqual({ error: { code: 'data_invalid', message: 'Data invalid', fields: expect.any(Object) } });
    }
  });
});
