import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { pointsLedger, posts } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: '2026-11-20T00:00:00.000Z' });
});
afterAll(async () => {
  await t.close();
});

const member = () => signUpMember(t.app);
const complete = {
  title: 'Breville coffee machine',
  description: 'Works perfectly, upgrading to a bigger one.',
  categories: ['kitchen'],
  keywords: ['breville', 'coffee'],
  cashValueCents: 25000,
  weightKg: 7.5,
  lengthCm: 40,
  widthCm: 30,
  heightCm: 35,
  materials: [
    { material: 'steel', percent: 60 },
    { material: 'plastic', percent: 30 },
  ],
  location: { suburb: 'Fitzroy', postcode: '3065' },
  condition: 'used-good',
  deliveryOption: 'sendle',
};
type Member = Awaited<ReturnType<typeof member>>;
const create = (m: Member, payload: object) => t.app.inject({ method: 'POST', url: '/api/v1/posts', headers: m.headers, payload });
const patch = (m: Member, id: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/v1/posts/${id}`, headers: m.headers, payload });
const publish = (m: Member, id: string) => t.app.inject({ method: 'POST', url: `/api/v1/posts/${id}/publish`, headers: m.headers });

describe('listing an item', () => {
  it('needs an account', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/posts', payload: complete });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('You need to be logged in to use this');
  });

  it('saves a draft, publishes it, and keeps its id through edits', async () => {
    const m = await member();
    const draft = await create(m, { title: 'Breville coffee machine' });
    expect(draft.statusCode).toBe(201);
    const id = draft.json().id;
    expect(draft.json().state).toBe('draft');
    expect((await patch(m, id, complete)).statusCode).toBe(200);
    const published = await publish(m, id);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({
      id,
      state: 'published',
      publishedAt: '2026-11-20T00:00:00.000Z',
      suburb: 'Fitzroy',
      auState: 'VIC',
      cashValueCents: 25000,
    });
    const edited = await patch(m, id, { title: 'Breville Barista Express' });
    expect(edited.json()).toMatchObject({ id, title: 'Breville Barista Express', state: 'published' });
    // Guests see it once early access has passed (until then they are told when it opens).
    expect((await t.app.inject({ url: `/api/v1/posts/${id}` })).statusCode).toBe(403);
    t.clock.advance(24 * 3600_000);
    expect((await t.app.inject({ url: `/api/v1/posts/${id}` })).statusCode).toBe(200);
  });

  it.each([
    [{ cashValueCents: null }, 'Please enter cash value estimate for your item'],
    [{ weightKg: null }, 'Please enter a weight greater than zero'],
    [{ heightCm: null }, 'Please enter length, width and height greater than zero'],
    [{ categories: [] }, 'Please choose at least one category'],
  ])('refuses to publish without %j: %s', async (missing, message) => {
    const m = await member();
    const id = (await create(m, { ...complete, ...missing })).json().id;
    const res = await publish(m, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await t.db.select().from(posts).where(eq(posts.id, id)))[0]!.state).toBe('draft');
  });

  it.each([
    [{ cashValueCents: 'abc' }, 'Please enter valid cash value'],
    [{ cashValueCents: -500 }, 'Please enter valid cash value'],
    [{ cashValueCents: 12.5 }, 'Please enter valid cash value'],
    [{ weightKg: 0 }, 'Please enter a weight greater than zero'],
    [{ widthCm: -3 }, 'Please enter length, width and height greater than zero'],
    [{ materials: [{ material: 'steel', percent: null }] }, 'Please choose a material and its percentage together'],
    [{ materials: [{ material: null, percent: 40 }] }, 'Please choose a material and its percentage together'],
    [
      {
        materials: [
          { material: 'steel', percent: 70 },
          { material: 'wood', percent: 40 },
        ],
      },
      'Please choose a material and its percentage together',
    ],
    [{ location: { suburb: 'Atlantis', postcode: '3065' } }, 'Please enter valid address'],
  ])('refuses the edit %j with "%s" and changes nothing', async (bad, message) => {
    const m = await member();
    const created = (await create(m, complete)).json();
    const res = await patch(m, created.id, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const after = await t.app.inject({ url: `/api/v1/posts/${created.id}`, headers: m.headers });
    expect(after.json()).toEqual(created);
  });

  it('never lets a client set the owner, state or dates', async () => {
    const m = await member();
    const other = await member();
    const id = (await create(m, complete)).json().id;
    for (const payload of [{ ownerId: other.id }, { state: 'published' }, { publishedAt: '2020-01-01T00:00:00Z' }]) {
      const res = await patch(m, id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('data_invalid');
    }
    const [row] = await t.db.select().from(posts).where(eq(posts.id, id));
    expect(row).toMatchObject({ ownerId: m.id, state: 'draft', publishedAt: null });
  });

  it('keeps a live listing complete: an edit that would break a rule is refused', async () => {
    const m = await member();
    const id = (await create(m, complete)).json().id;
    await publish(m, id);
    const res = await patch(m, id, { categories: [] });
    expect(res.json().error.message).toBe('Please choose at least one category');
    expect((await t.db.select().from(posts).where(eq(posts.id, id)))[0]!.categories).toEqual(['kitchen']);
  });

  it('fills the dimensions from a size preset', async () => {
    const m = await member();
    const res = await create(m, { title: 'Shoes', sizePreset: 'shoebox' });
    expect(res.json()).toMatchObject({ lengthCm: 33, widthCm: 20, heightCm: 12 });
  });

  it('lets only the owner change, withdraw or delete a listing', async () => {
    const m = await member();
    const other = await member();
    const id = (await create(m, complete)).json().id;
    await publish(m, id);
    expect((await patch(other, id, { title: 'Mine now' })).json().error.message).toBe('Permission Denied');
    expect((await publish(other, id)).statusCode).toBe(403);
    const otherDelete = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: other.headers });
    expect(otherDelete.statusCode).toBe(403);
    expect((await patch(other, 'no-such-post', { title: 'x' })).statusCode).toBe(404);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/${id}/state`,
      headers: m.headers,
      payload: { state: 'archived' },
    });
    expect(withdrawn.json().state).toBe('archived');
    const mine = await t.app.inject({ url: '/api/v1/me/posts?state=archived', headers: m.headers });
    expect(mine.json().items.map((p: { id: string }) => p.id)).toEqual([id]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/posts/${id}`, headers: m.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ outcome: 'deleted' });
    expect(await t.db.select().from(posts).where(eq(posts.id, id))).toEqual([]);
  });

  it('awards listing points once, however often the item is republished', async () => {
    const m = await member();
    const id = (await create(m, complete)).json().id;
    await publish(m, id);
    await t.app.inject({ method: 'POST', url: `/api/v1/posts/${id}/state`, headers: m.headers, payload: { state: 'archived' } });
    expect((await publish(m, id)).statusCode).toBe(200);
    const rows = await t.db.select().from(pointsLedger).where(eq(pointsLedger.sourceId, id));
    expect(rows).toMatchObject([{ userId: m.id, points: 10, reason: 'listing' }]);
  });

  it('will not publish a listing without a place, nor take the place off a live one', async () => {
    const m = await member();
    // A member without a suburb starts a draft: it has no place until one is chosen.
    const { location: _l, ...rest } = complete;
    const id = (await create(m, rest)).json().id;
    const res = await publish(m, id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please enter valid address');
    expect((await patch(m, id, { location: complete.location })).statusCode).toBe(200);
    expect((await publish(m, id)).statusCode).toBe(200);
    const cleared = await patch(m, id, { location: null });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error.code).toBe('address_invalid');
  });
});
