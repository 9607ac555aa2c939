import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

let t: TestApp;
const NOW = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

describe('notifications', () => {
  it('lists what happened newest first, and marks one or all read for their owner only', async () => {
    const [ana, ben] = [await signUpMember(t.app), await signUpMember(t.app)];
    const bike = await createPost(t.db, { ownerId: ben.id, title: 'Bike', now: NOW });
    const tent = await createPost(t.db, { ownerId: ana.id, title: 'Tent', now: NOW });
    // An offer, then a mutual like: Ben hears of both.
    await t.app.inject({ method: 'POST', url: '/api/v1/offers', headers: ana.headers, payload: { postId: bike.id, itemIds: [tent.id] } });
    t.clock.advance(1000);
    await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${tent.id}/like`, headers: ben.headers });
    await t.app.inject({ method: 'PUT', url: `/api/v1/posts/${bike.id}/like`, headers: ana.headers });

    const list = (await t.app.inject({ url: '/api/v1/notifications', headers: ben.headers })).json();
    expect(list.unread).toBe(2);
    expect(list.items.map((n: { kind: string }) => n.kind)).toEqual(['match', 'offer']);
    expect(list.items[1]).toMatchObject({ data: { event: 'created', postTitle: 'Bike' }, readAt: null });

    // Ana cannot mark Ben's notifications read.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: ana.headers,
      payload: { ids: [list.items[0].id] },
    });
    expect(other.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/v1/notifications', headers: ben.headers })).json().unread).toBe(2);

    const one = await t.app.inject({
      method: 'POST',
      url: '/api/v1/notifications/read',
      headers: ben.headers,
      payload: { ids: [list.items[0].id] },
    });
    expect(one.json()).toEqual({ unread: 1 });
    const all = await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read', headers: ben.headers, payload: {} });
    expect(all.json()).toEqual({ unread: 0 });
    expect((await t.app.inject({ url: '/api/v1/notifications' })).statusCode).toBe(401);
  });
});
