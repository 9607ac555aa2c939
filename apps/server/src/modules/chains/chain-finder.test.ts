import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts, swapChainMembers } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { findAndProposeChains } from './chain-finder';

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
