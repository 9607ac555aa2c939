import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts, swapChainMembers } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { findAndProposeChains, proposeThroughLikes } from './chain-finder';
import { threadEngine } from './engine-runner';

let t: TestApp;
const NOW = new Date('2026-11-19T23:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const deps = () => ({ database: t.database, publicUrl: t.config.publicUrl, hub: null });
const like = (m: TestMember, postId: string) => t.app.inject({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, headers: m.headers });
async function people(values: number[]) {
  const out: Array<{ m: TestMember; item: string }> = [];
  for (const [i, v] of values.entries()) {
    const m = await signUpMember(t.app);
    const item = await createPost(t.db, {
      ownerId: m.id,
      title: `Finder item ${i}`,
      cashValueCents: v,
      publishedAt: new Date(NOW.getTime() - 3 * DAY),
      now: NOW,
    });
    out.push({ m, item: item.id });
  }
  return out;
}
/** Reserves `postId` in an ordinary accepted offer from a new member. */
async function swapAway(owner: TestMember, postId: string) {
  const buyer = await signUpMember(t.app);
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/v1/offers',
    headers: buyer.headers,
    payload: { postId, cashKind: 'none', itemIds: [(await createPost(t.db, { ownerId: buyer.id, now: NOW })).id] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const accepted = await t.app.inject({
    method: 'POST',
    url: `/api/v1/offers/${made.json<{ id: string }>().id}/transitions`,
    headers: owner.headers,
    payload: { transition: 'accept' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}
const ringsOf = async (chainIds: string[]) => {
  const rows = await t.db.select().from(swapChainMembers);
  return chainIds.map((id) =>
    rows
      .filter((r) => r.chainId === id)
      .sort((a, b) => a.position - b.position)
      .map((r) => [r.userId, r.givesPostId, r.receivesPostId]),
  );
};

describe('the chain finder', () => {
  it('proposes the ring three likes make, never a pair, a ring out of the value band, or an item still in early access', async () => {
    const [a, b, c] = await people([10_000, 10_500, 11_000]);
    // A gets B's, B gets C's, C gets A's.
    await like(a!.m, b!.item);
    await like(b!.m, c!.item);
    await like(c!.m, a!.item);
    // A mutual pair (a match, not a chain).
    const [d, e] = await people([5_000, 5_000]);
    await like(d!.m, e!.item);
    await like(e!.m, d!.item);
    // A ring where one member would receive 50 % more than they give.
    const [f, g, h] = await people([20_000, 30_000, 24_000]);
    await like(f!.m, g!.item);
    await like(g!.m, h!.item);
    await like(h!.m, f!.item);
    // A ring through an item listed an hour ago.
    const [x, y, z] = await people([7_000, 7_000, 7_000]);
    await t.db
      .update(posts)
      .set({ publishedAt: new Date(NOW.getTime() - 3_600_000) })
      .where(eq(posts.id, y!.item));
    await like(x!.m, y!.item);
    await like(y!.m, z!.item);
    await like(z!.m, x!.item);

    const run = await findAndProposeChains(deps(), NOW);
    expect(run.proposed).toHaveLength(1);
    const [ring] = await ringsOf(run.proposed);
    // Whichever member the engine starts from, the ring is A → B → C in this direction.
    const start = ring!.findIndex((r) => r[0] === a!.m.id);
    const rotated = [...ring!.slice(start), ...ring!.slice(0, start)];
    expect(rotated).toEqual([
      [a!.m.id, a!.item, b!.item],
      [b!.m.id, b!.item, c!.item],
      [c!.m.id, c!.item, a!.item],
    ]);
    // Its items are in an open chain now: the next run proposes nothing again.
    expect((await findAndProposeChains(deps(), NOW)).proposed).toHaveLength(0);
  });
});

describe('the search through new likes (the engine in its worker thread)', () => {
  const engine = threadEngine();
  afterAll(async () => {
    await engine.close();
  });
  const liked = (m: TestMember, postId: string) => ({ likerId: m.id, postId });

  it('needs a full run first, then finds the ring a new like closes, without a reserved item, and never proposes an item twice', async () => {
    const [a, b, c] = await people([9_000, 9_000, 9_000]);
    await like(a!.m, b!.item);
    await like(b!.m, c!.item);
    // No index yet: the like is not searched and a full run is asked for.
    const before = await proposeThroughLikes(deps(), NOW, [liked(b!.m, c!.item)], engine);
    expect(before).toMatchObject({ indexed: false, proposed: [] });

    // A second ring, D → E → F, whose E will be reserved by an accepted offer after the full run.
    const [d, e, f] = await people([4_000, 4_000, 4_000]);
    await like(d!.m, e!.item);
    await like(e!.m, f!.item);
    // A third, X → Y → Z, whose Y is archived after the full run (the search tries again without it).
    const [x, y, z] = await people([3_000, 3_000, 3_000]);
    await like(x!.m, y!.item);
    await like(y!.m, z!.item);
    const full = await findAndProposeChains(deps(), NOW, { engine });
    expect(full.proposed).toHaveLength(0);
    await t.db.update(posts).set({ state: 'archived' }).where(eq(posts.id, y!.item));
    await like(z!.m, x!.item);
    const archived = await proposeThroughLikes(deps(), NOW, [liked(z!.m, x!.item)], engine);
    expect(archived).toMatchObject({ indexed: true, found: 1, proposed: [] });

    // C likes A's item: the ring closes, and only the likes' search finds it.
    await like(c!.m, a!.item);
    await swapAway(e!.m, e!.item);
    await like(f!.m, d!.item);
    const run = await proposeThroughLikes(deps(), NOW, [liked(c!.m, a!.item), liked(f!.m, d!.item)], engine);
    expect(run.indexed).toBe(true);
    expect(run.proposed).toHaveLength(1);
    const [ring] = await ringsOf(run.proposed);
    expect(new Set(ring!.map((r) => r[0]))).toEqual(new Set([a!.m.id, b!.m.id, c!.m.id]));
    // The same like again: its items are in an open chain now.
    expect((await proposeThroughLikes(deps(), NOW, [liked(c!.m, a!.item)], engine)).proposed).toHaveLength(0);
  });

  it('counts likes of listings the index does not know (they wait for the next full run)', async () => {
    const [g, h] = await people([6_000, 6_000]);
    await like(g!.m, h!.item);
    const run = await proposeThroughLikes(deps(), NOW, [liked(g!.m, h!.item)], engine);
    expect(run).toMatchObject({ indexed: true, unknown: 1, proposed: [] });
  });
});
