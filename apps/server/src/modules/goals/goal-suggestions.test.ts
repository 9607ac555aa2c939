import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeckCard } from '@swapu/shared/engagement';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost } from '../../test/factories';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
const HOUR = 3_600_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const get = (m: TestMember, url: string) => t.app.inject({ url, headers: m.headers });
const suggestions = async (m: TestMember, goalId: string): Promise<DeckCard[]> => {
  const res = await get(m, `/api/v1/me/goals/${goalId}/suggestions`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
};

/** Each scene in a category and with a keyword of its own, so scenes never suggest each other's items. */
const SCENE_CATEGORIES = ['ooshies', 'antiques', 'hobbies'] as const;
let scenes = 0;

/**
 * Mia's goal starts from her collection (A$100, in the scene's category): items of others worth
 * A$110–150 whose owners wish for that category (or for a word of its title) are within reach.
 */
async function scene() {
  const category = SCENE_CATEGORIES[scenes % SCENE_CATEGORIES.length]!;
  const word = `figurines${++scenes}`;
  const [mia, ben, cat] = [await signUpMember(t.app), await signUpMember(t.app), await signUpMember(t.app)];
  const other = (title: string, cashValueCents: number, extra: Parameters<typeof createPost>[1] = {}) =>
    createPost(t.db, {
      ownerId: ben.id,
      title,
      cashValueCents,
      categories: ['toys'],
      keywords: ['toy'],
      wishCategories: [category],
      wishKeywords: [],
      now: NOW,
      ...extra,
    });
  const mine = await createPost(t.db, {
    ownerId: mia.id,
    title: `Collection of ${word}`,
    cashValueCents: 10_000,
    categories: [category],
    keywords: ['collection'],
    wishCategories: ['toys'],
    wishKeywords: [],
    now: NOW,
  });
  const goal = await t.app.inject({
    method: 'POST',
    url: '/api/v1/me/goals',
    headers: mia.headers,
    payload: { name: 'Lego set', goalItem: 'A big Lego set', goalCategory: 'toys', goalValueCents: 40_000, startPostId: mine.id },
  });
  expect(goal.statusCode, goal.body).toBe(201);
  const items = {
    atTenPercent: await other('Wooden train set', 11_000),
    atFiftyPercent: await other('Remote control car', 15_000),
    wantedByKeyword: await other('Lego castle', 12_000, { categories: ['gaming'], wishCategories: ['gaming'], wishKeywords: [word] }),
    tooCheap: await other('Yo-yo', 10_999),
    tooDear: await other('Electric scooter', 15_001),
    notWanted: await other('Board game', 12_000, { wishCategories: ['books'], wishKeywords: ['novel'] }),
    early: await other('Doll house', 12_000, { ownerId: cat.id, publishedAt: new Date(NOW.getTime() - 2 * HOUR) }),
    reserved: await other('Kite', 12_000, { state: 'reserved' }),
    miasOwn: await other('My other toy', 12_000, { ownerId: mia.id }),
  };
  return { mia, goalId: goal.json().id as string, items, word };
}

describe('goal suggestions', () => {
  it('suggests others’ items worth 10–50 % more whose owners wish for the current item, never mine, ranked by the deck’s score', async () => {
    const { mia, goalId, items, word } = await scene();
    const got = await suggestions(mia, goalId);
    expect(got.map((c) => c.id).sort()).toEqual([items.atTenPercent.id, items.atFiftyPercent.id, items.wantedByKeyword.id].sort());
    for (const card of got) {
      expect(card.cashValueCents).toBeGreaterThanOrEqual(11_000);
      expect(card.cashValueCents).toBeLessThanOrEqual(15_000);
      expect(card.reasons.some((r) => r.kind === 'wants_yours')).toBe(true);
      expect(card.ownerName).toBeTruthy();
    }
    const keyword = got.find((c) => c.id === items.wantedByKeyword.id)!;
    expect(keyword.reasons).toContainEqual({ kind: 'wants_yours', keyword: word });
    // Mia's item wishes for toys: toys whose owners wish for her category score the reciprocal swap higher.
    const byScore = [...got].sort((a, b) => b.score - a.score);
    expect(got.map((c) => c.score)).toEqual(byScore.map((c) => c.score));
    expect(got[0]!.score).toBeGreaterThan(keyword.score);
  });

  it('respects early access: a subscriber also gets items listed in the last 24 hours', async () => {
    const { mia, goalId, items } = await scene();
    expect((await suggestions(mia, goalId)).map((c) => c.id)).not.toContain(items.early.id);
    await addSubscription(t.db, mia.id);
    expect((await suggestions(mia, goalId)).map((c) => c.id)).toContain(items.early.id);
  });

  it('suggests nothing for an archived goal, and nobody else may ask', async () => {
    const { mia, goalId } = await scene();
    const stranger = await signUpMember(t.app);
    expect((await get(stranger, `/api/v1/me/goals/${goalId}/suggestions`)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/me/goals/${goalId}/suggestions` })).statusCode).toBe(401);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/me/goals/${goalId}`, headers: mia.headers, payload: { state: 'archived' } });
    expect(await suggestions(mia, goalId)).toEqual([]);
  });
});
