import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema/index';
import type { HubEvent } from '../../lib/hub';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { Notices } from './notify';

let t: TestApp;
let heard: HubEvent[];
beforeAll(async () => {
  t = await createTestApp();
  heard = [];
  t.app.ctx.hub!.listen((e) => {
    if (e.kind === 'notification') heard.push(e);
  });
});
afterAll(async () => {
  await t.close();
});

const notice = (userId: string) => ({ userId, kind: 'offer' as const, data: { event: 'created' }, link: '/swap-offer/x' });

describe('notify', () => {
  it('writes notices in the caller’s transaction and announces each, after the commit, to its recipient', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const notices = new Notices();
    const before = heard.length;
    const ids = await t.db.transaction(async (tx) => {
      const ids = [await notices.add(tx, notice(a.id), t.clock.now()), await notices.add(tx, notice(b.id), t.clock.now())];
      // Nothing is announced while the transaction is open.
      expect(heard.length).toBe(before);
      return ids;
    });
    await notices.announce(t.app.ctx.hub);
    const stored = await t.db.select().from(notifications).where(inArray(notifications.id, ids));
    expect(stored.map((n) => n.userId).sort()).toEqual([a.id, b.id].sort());
    expect(heard.slice(before).map((e) => [e.users, e.id])).toEqual([
      [[a.id], ids[0]],
      [[b.id], ids[1]],
    ]);
    // Announced once: a second announce has nothing left.
    await notices.announce(t.app.ctx.hub);
    expect(heard.length).toBe(before + 2);
  });

  it('leaves nothing behind, stored or announced, when the change is rolled back', async () => {
    const a = await createUser(t.db);
    const notices = new Notices();
    const before = heard.length;
    await expect(
      t.db.transaction(async (tx) => {
        await notices.add(tx, notice(a.id), t.clock.now());
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, a.id))).toHaveLength(0);
    expect(heard.length).toBe(before);
  });

  it('is the only announcer: a row written without it is not announced (the database trigger is gone)', async () => {
    const a = await createUser(t.db);
    const before = heard.length;
    await t.db.insert(notifications).values({ id: 'direct-1', userId: a.id, kind: 'offer', data: {}, link: '/', createdAt: t.clock.now() });
    await new Promise((r) => setTimeout(r, 100));
    expect(heard.length).toBe(before);
  });
});
