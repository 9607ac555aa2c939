import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Chain, ChainList } from '@swapu/shared/chains';
import { mailOutbox, notifications, offers, postReservations, posts, swapChains, users } from '../../db/schema/index';
import { signUpMember, type TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';
import { signAccessToken } from '../../lib/tokens';
import { lapseDue, proposeChain, ringProblem, type RingMember } from './chains.service';

let t: TestApp;
const NOW = new Date('2026-11-19T23:00:00.000Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

/** The member's headers with a token signed now (the clock may have moved past the first one's life). */
const fresh = async (m: TestMember): Promise<TestMember> => ({
  ...m,
  headers: { authorization: `Bearer ${await signAccessToken(t.config.jwtSecret, m.id, t.clock.now(), 0)}` },
});
const deps = () => ({ database: t.database, publicUrl: t.config.publicUrl, hub: null });
const like = (m: TestMember, postId: string) => t.app.inject({ method: 'PUT', url: `/api/v1/posts/${postId}/like`, headers: m.headers });
const unlock = (m: TestMember, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/chains/${id}/unlock`, headers: m.headers });
const decline = (m: TestMember, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/chains/${id}/decline`, headers: m.headers });
const myChains = async (m: TestMember) => {
  const res = await t.app.inject({ url: '/api/v1/me/chains', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ChainList>().items;
};
const mailsTo = async (email: string, template: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.template, template)));

/** `n` members in a ring, each with an item worth about A$100, each liking the next member's item. */
async function ring(n = 3, values: number[] = []) {
  const members: TestMember[] = [];
  const items: string[] = [];
  for (let i = 0; i < n; i++) {
    const m = await signUpMember(t.app);
    const item = await createPost(t.db, {
      ownerId: m.id,
      title: `Ring item ${i}`,
      cashValueCents: values[i] ?? 10_000 + i * 500,
      publishedAt: new Date(t.clock.now().getTime() - 3 * DAY),
      now: t.clock.now(),
    });
    members.push(m);
    items.push(item.id);
  }
  for (let i = 0; i < n; i++) expect((await like(members[i]!, items[(i + 1) % n]!)).statusCode).toBe(200);
  const asRing: RingMember[] = members.map((m, i) => ({ userId: m.id, givesPostId: items[i]! }));
  return { members, items, asRing };
}

describe('a found chain', () => {
  it('is proposed for a ring of likes, shown to each member with who gives what, and told to them all', async () => {
    const { members, items, asRing } = await ring();
    const id = await proposeChain(deps(), asRing, t.clock.now());
    expect(id).toBeTruthy();
    for (const [i, m] of members.entries()) {
      const [chain] = await myChains(m);
      expect(chain).toMatchObject({ id, state: 'found', reason: null, me: i, myOfferId: null });
      expect(chain!.members.map((x) => x.gives.id)).toEqual(items);
      expect(chain!.members.every((x) => !x.unlocked)).toBe(true);
      expect(new Date(chain!.expiresAt).getTime() - new Date(chain!.createdAt).getTime()).toBe(48 * 3_600_000);
      expect(await mailsTo(m.email, 'chain-found')).toHaveLength(1);
      expect(
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'chain'))),
      ).toHaveLength(1);
    }
    // How far the others' items are from the viewer: Fitzroy (Melbourne) to Newtown (Sydney).
    await t.db.update(users).set({ lat: -37.7991, lng: 144.9784 }).where(eq(users.id, members[0]!.id));
    await t.db.update(posts).set({ lat: -33.8981, lng: 151.1749 }).where(eq(posts.id, items[1]!));
    // An item without a place has no distance.
    await t.db.update(posts).set({ lat: null, lng: null }).where(eq(posts.id, items[2]!));
    const [seen] = await myChains(members[0]!);
    expect(seen!.members[0]!.distanceKm).toBeNull();
    expect(seen!.members[1]!.distanceKm).toBeGreaterThan(700);
    expect(seen!.members[1]!.distanceKm).toBeLessThan(720);
    expect(seen!.members[2]!.distanceKm).toBeNull();
    // Nobody outside the chain sees it or acts on it.
    const outsider = await signUpMember(t.app);
    expect((await t.app.inject({ url: `/api/v1/chains/${id}`, headers: outsider.headers })).statusCode).toBe(404);
    expect((await unlock(outsider, id!)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v1/chains/${id}` })).statusCode).toBe(401);
  });

  it('is refused unless every member likes what they receive, within ±30 % of what they give, with live items of their own', async () => {
    const now = t.clock.now();
    const ok = await ring();
    expect(await ringProblem(t.db, ok.asRing, now)).toBeNull();
    // The ring backwards: nobody liked what they would receive.
    expect(await ringProblem(t.db, [...ok.asRing].reverse(), now)).toBe('a member does not like what they receive');
    expect(await ringProblem(t.db, ok.asRing.slice(0, 2), now)).toBe('size');
    const swapped = [
      ok.asRing[0]!,
      { ...ok.asRing[1]!, givesPostId: ok.asRing[2]!.givesPostId },
      { ...ok.asRing[2]!, givesPostId: ok.asRing[1]!.givesPostId },
    ];
    expect(await ringProblem(t.db, swapped, now)).toBe('not their item');
    const pricey = await ring(3, [10_000, 10_000, 14_000]);
    expect(await ringProblem(t.db, pricey.asRing, now)).toBe('value band');
    const fresh = await ring();
    await t.db.update(posts).set({ publishedAt: now }).where(eq(posts.id, fresh.items[1]!));
    expect(await ringProblem(t.db, fresh.asRing, now)).toBe('item not available');
    expect(await proposeChain(deps(), fresh.asRing, now)).toBeNull();
  });

  it('never holds one item in two open chains', async () => {
    const { asRing, members, items } = await ring();
    expect(await proposeChain(deps(), asRing, t.clock.now())).toBeTruthy();
    // Another ring through the first member's item.
    const others = await ring(2);
    await like(members[0]!, others.items[0]!);
    await like(others.members[1]!, items[0]!);
    const second: RingMember[] = [asRing[0]!, ...others.asRing];
    expect(await ringProblem(t.db, second, t.clock.now())).toBeNull();
    expect(await proposeChain(deps(), second, t.clock.now())).toBeNull();
    expect((await myChains(others.members[0]!)).length).toBe(0);
  });
});

describe('unlocking', () => {
  it('turns every leg into an accepted swap with its item reserved once everyone has unlocked', async () => {
    const { members, items, asRing } = await ring();
    const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
    for (const m of members.slice(0, 2)) {
      const res = await unlock(m, id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json<Chain>().state).toBe('found');
    }
    expect(await mailsTo(members[2]!.email, 'chain-unlocked')).toHaveLength(2);
    const last = await unlock(members[2]!, id);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<Chain>()).toMatchObject({ state: 'committed' });
    const legs = await t.db.select().from(offers).where(eq(offers.chainId, id));
    expect(legs).toHaveLength(3);
    for (const [i, m] of members.entries()) {
      // Member i receives member i + 1's item from them.
      const leg = legs.find((l) => l.offererId === m.id)!;
      expect(leg).toMatchObject({ state: 'accepted', postId: items[(i + 1) % 3], ownerId: members[(i + 1) % 3]!.id });
      expect((await myChains(m))[0]!.myOfferId).toBe(leg.id);
      expect(await mailsTo(m.email, 'chain-committed')).toHaveLength(1);
      // The leg is an ordinary accepted swap: the receiver sees it among their offers.
      const seen = await t.app.inject({ url: `/api/v1/offers/${leg.id}`, headers: m.headers });
      expect(seen.statusCode, seen.body).toBe(200);
    }
    expect(await t.db.select().from(postReservations).where(inArray(postReservations.postId, items))).toHaveLength(3);
    const states = await t.db.select({ state: posts.state }).from(posts).where(inArray(posts.id, items));
    expect(states.map((s) => s.state)).toEqual(['reserved', 'reserved', 'reserved']);
    // A committed chain takes no more unlocks or declines.
    expect((await decline(members[0]!, id)).json().error.code).toBe('chain_no_longer_open');
  });

  it('moves the receiver’s goal from the item they give in the chain when their leg completes, and not the giver’s', async () => {
    const { members, items, asRing } = await ring();
    const goalFrom = async (m: TestMember, startPostId: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/me/goals',
        headers: m.headers,
        payload: {
          name: 'Trade up',
          goalItem: 'Something bigger',
          goalCategory: 'antiques',
          goalKeywords: [],
          goalValueCents: 90_000,
          startPostId,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ id: string }>().id;
    };
    const goals = [await goalFrom(members[0]!, items[0]!), await goalFrom(members[1]!, items[1]!)];
    const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
    for (const m of members) expect((await unlock(m, id)).statusCode).toBe(200);
    // Member 0 receives member 1's item in their leg; both confirm it arrived.
    const [leg] = await t.db
      .select()
      .from(offers)
      .where(and(eq(offers.chainId, id), eq(offers.offererId, members[0]!.id)));
    for (const who of [members[0]!, members[1]!]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/offers/${leg!.id}/transitions`,
        headers: who.headers,
        payload: { transition: 'confirm_receipt' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const current = async (m: TestMember, goalId: string) => {
      const res = await t.app.inject({ url: '/api/v1/me/goals', headers: m.headers });
      return res.json<{ items: Array<{ id: string; current: { id: string } }> }>().items.find((g) => g.id === goalId)!.current.id;
    };
    expect(await current(members[0]!, goals[0]!)).toBe(items[1]);
    expect(await current(members[1]!, goals[1]!)).toBe(items[1]);
  });

  it('dissolves the chain when an item was reserved elsewhere before the last unlock, taking nothing', async () => {
    const { members, items, asRing } = await ring();
    const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
    await unlock(members[0]!, id);
    await unlock(members[1]!, id);
    // Member 1's item is swapped away in an ordinary offer meanwhile.
    const buyer = await signUpMember(t.app);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/offers',
      headers: buyer.headers,
      payload: { postId: items[1], cashKind: 'none', itemIds: [(await createPost(t.db, { ownerId: buyer.id, now: t.clock.now() })).id] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/v1/offers/${made.json().id}/transitions`,
      headers: members[1]!.headers,
      payload: { transition: 'accept' },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    // The unlock is taken; the chain it completes cannot commit, so it dissolves.
    const last = await unlock(members[2]!, id);
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json<Chain>()).toMatchObject({ state: 'dissolved', reason: 'unavailable' });
    const [chain] = await t.db.select().from(swapChains).where(eq(swapChains.id, id));
    expect(chain).toMatchObject({ state: 'dissolved', reason: 'unavailable' });
    expect(await t.db.select().from(offers).where(eq(offers.chainId, id))).toHaveLength(0);
    const free = await t.db
      .select({ id: posts.id, state: posts.state })
      .from(posts)
      .where(inArray(posts.id, [items[0]!, items[2]!]));
    expect(free.map((p) => p.state)).toEqual(['published', 'published']);
    for (const m of members) expect(await mailsTo(m.email, 'chain-dissolved')).toHaveLength(1);
  });

  it('commits once when the last two unlocks arrive together, and an accepted offer racing the last unlock leaves one winner', async () => {
    for (let round = 0; round < 3; round++) {
      const { members, asRing } = await ring();
      const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
      await unlock(members[0]!, id);
      const both = await Promise.all([unlock(members[1]!, id), unlock(members[2]!, id)]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(await t.db.select().from(offers).where(eq(offers.chainId, id))).toHaveLength(3);
    }
    for (let round = 0; round < 3; round++) {
      const { members, items, asRing } = await ring();
      const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
      await unlock(members[0]!, id);
      await unlock(members[1]!, id);
      const buyer = await signUpMember(t.app);
      const made = await t.app.inject({
        method: 'POST',
        url: '/api/v1/offers',
        headers: buyer.headers,
        payload: { postId: items[2], cashKind: 'none', itemIds: [(await createPost(t.db, { ownerId: buyer.id, now: t.clock.now() })).id] },
      });
      const [offerRes, unlockRes] = await Promise.all([
        t.app.inject({
          method: 'POST',
          url: `/api/v1/offers/${made.json().id}/transitions`,
          headers: members[2]!.headers,
          payload: { transition: 'accept' },
        }),
        unlock(members[2]!, id),
      ]);
      const [chain] = await t.db.select().from(swapChains).where(eq(swapChains.id, id));
      const held = await t.db.select().from(postReservations).where(eq(postReservations.postId, items[2]!));
      expect(held).toHaveLength(1);
      if (chain!.state === 'committed') {
        expect(offerRes.statusCode).toBe(409);
        expect(unlockRes.statusCode).toBe(200);
      } else {
        expect(chain).toMatchObject({ state: 'dissolved', reason: 'unavailable' });
        expect(offerRes.statusCode).toBe(200);
        expect(await t.db.select().from(postReservations).where(inArray(postReservations.postId, items))).toHaveLength(1);
      }
    }
  });
});

describe('a chain ending', () => {
  it('dissolves when a member declines: the others hear it, and the items can join another chain', async () => {
    const { members, asRing } = await ring();
    const id = (await proposeChain(deps(), asRing, t.clock.now()))!;
    await unlock(members[0]!, id);
    const res = await decline(members[1]!, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Chain>()).toMatchObject({ state: 'dissolved', reason: 'declined' });
    expect(res.json<Chain>().members[1]!.declined).toBe(true);
    expect(await mailsTo(members[0]!.email, 'chain-dissolved')).toHaveLength(1);
    expect(await mailsTo(members[2]!.email, 'chain-dissolved')).toHaveLength(1);
    expect(await mailsTo(members[1]!.email, 'chain-dissolved')).toHaveLength(0);
    expect((await unlock(members[2]!, id)).statusCode).toBe(409);
    // Free again: the same ring can be proposed anew.
    expect(await proposeChain(deps(), asRing, t.clock.now())).toBeTruthy();
  });

  it('lapses after 48 hours: an unlock then is refused, and the sweep dissolves the rest', async () => {
    const a = await ring();
    const b = await ring();
    const first = (await proposeChain(deps(), a.asRing, t.clock.now()))!;
    const second = (await proposeChain(deps(), b.asRing, t.clock.now()))!;
    await unlock(a.members[0]!, first);
    t.clock.advance(47 * 3_600_000);
    try {
      expect((await unlock(await fresh(a.members[1]!), first)).statusCode).toBe(200);
      t.clock.advance(2 * 3_600_000);
      const late = await unlock(await fresh(a.members[2]!), first);
      expect(late.statusCode).toBe(409);
      expect((await myChains(await fresh(a.members[2]!)))[0]).toMatchObject({ state: 'dissolved', reason: 'lapsed' });
      // Shown as lapsed before the sweep too; then the sweep settles it.
      expect((await myChains(await fresh(b.members[0]!)))[0]).toMatchObject({ state: 'dissolved', reason: 'lapsed' });
      expect(await lapseDue(deps(), t.clock.now())).toContain(second);
      const rows = await t.db
        .select()
        .from(swapChains)
        .where(inArray(swapChains.id, [first, second]));
      expect(rows.map((r) => [r.state, r.reason])).toEqual([
        ['dissolved', 'lapsed'],
        ['dissolved', 'lapsed'],
      ]);
      for (const m of b.members) expect(await mailsTo(m.email, 'chain-dissolved')).toHaveLength(1);
      expect(await t.db.execute(sql`select 1 from swap_chain_members where open and chain_id in (${first}, ${second})`)).toMatchObject({
        rows: [],
      });
    } finally {
      t.clock.set(NOW);
    }
  });
});
