import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Deck } from '@swapu/shared/engagement';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { addSubscription, createPost } from '../../test/factories';
import { bookTokens } from '../tokens/tokens.service';
import { newId } from '../../lib/ids';

/**
 * The deck stops dealing at the daily limit (issue 36, decision 0026): a member whose right
 * swipes for today are used up is told so by the deck itself, instead of being dealt cards whose
 * right swipes would all be refused. The limit state wins over left swipes, which stay free.
 */
let t: TestApp;
const NOW = new Date('2026-11-19T23:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const itemOf = (m: { id: string }, title = 'Item') =>
  createPost(t.db, { ownerId: m.id, title, publishedAt: new Date(NOW.getTime() - 3 * DAY), now: NOW });
const deck = async (m: TestMember, postId: string) => {
  const res = await t.app.inject({ url: `/api/v1/swipe/deck/${postId}`, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Deck>();
};
const swipe = (m: TestMember, fromPostId: string, postId: string, direction: 'left' | 'right') =>
  t.app.inject({ method: 'POST', url: '/api/v1/swipes', headers: m.headers, payload: { fromPostId, postId, direction } });

/** A member who has swiped right 25 times today, with more listings of others left to deal. */
async function atTheLimit() {
  const m = await signUpMember(t.app);
  const item = await itemOf(m, 'Road bike');
  const owner = await signUpMember(t.app);
  const items = [];
  for (let i = 0; i < 30; i++) items.push(await itemOf(owner, `Camping thing ${i}`));
  for (let i = 0; i < 25; i++) expect((await swipe(m, item.id, items[i]!.id, 'right')).statusCode).toBe(200);
  return { m, item, left: items.slice(25) };
}

describe('the deck at the daily limit', () => {
  it('deals no cards and says the limit is reached, though cards are left', async () => {
    const { m, item, left } = await atTheLimit();
    const d = await deck(m, item.id);
    expect(d.status).toBe('limit_reached');
    expect(d.items).toEqual([]);
    expect(d.allowance).toMatchObject({ used: 25, limit: 25, subscriber: false });
    // Left swipes stay free (the deck just no longer deals for them).
    expect((await swipe(m, item.id, left[0]!.id, 'left')).statusCode).toBe(200);
    expect((await deck(m, item.id)).status).toBe('limit_reached');
  });

  it('deals again once the member buys 10 more swipes with a token', async () => {
    const { m, item } = await atTheLimit();
    await t.db.transaction((tx) => bookTokens(tx, { userId: m.id, delta: 1, reason: 'purchase', sourceId: newId(), now: NOW }));
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/me/extra-swipes', headers: m.headers })).statusCode).toBe(200);
    const d = await deck(m, item.id);
    expect(d.status).toBe('dealing');
    expect(d.allowance).toMatchObject({ used: 25, limit: 35, extra: 10 });
    expect(d.items.length).toBeGreaterThan(0);
  });

  it('deals to a subscriber past 25 right swipes', async () => {
    const { m, item } = await atTheLimit();
    await addSubscription(t.db, m.id);
    const d = await deck(m, item.id);
    expect(d.status).toBe('dealing');
    expect(d.allowance).toMatchObject({ used: 25, limit: null, subscriber: true });
    expect(d.items.length).toBeGreaterThan(0);
  });

  it('says "no more cards", not the limit, when everything has been swiped below the limit', async () => {
    const m = await signUpMember(t.app);
    const item = await itemOf(m, 'Kayak');
    await itemOf(await signUpMember(t.app), 'One more thing');
    let d = await deck(m, item.id);
    expect(d.status).toBe('dealing');
    // Pass on every card there is (left swipes use no allowance).
    while (d.items.length > 0) {
      for (const card of d.items) expect((await swipe(m, item.id, card.id, 'left')).statusCode).toBe(200);
      d = await deck(m, item.id);
    }
    expect(d.status).toBe('no_more_cards');
    expect(d.allowance).toMatchObject({ used: 0, limit: 25 });
  });

  it('leaves likes from a post page free: a member at the limit can still like (favourite) a listing', async () => {
    const { m, left } = await atTheLimit();
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${left[1]!.id}/like`, headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    const allowance = await t.app.inject({ url: '/api/v1/me/swipe-allowance', headers: m.headers });
    expect(allowance.json()).toMatchObject({ used: 25, limit: 25 });
  });
});
