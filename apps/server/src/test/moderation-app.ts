import { afterAll, beforeAll, expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ModerationQueue } from '@swapu/shared/admin-moderation';
import { adminAudit, notifications, posts, users } from '../db/schema/index';
import { signUpMember, type TestMember } from './accounts';
import { createTestApp, type TestApp } from './app';
import { createPost } from './factories';

type Headers = Record<string, string>;

/**
 * Tests only (the moderation queue's test files): the app at `now` with an admin (Avery Admin) and
 * another member, made before the file's tests and closed after them, and what those tests read and
 * do. `h.t`, `h.admin` and `h.other` are set once the file's beforeAll has run.
 */
export function useModerationApp(now: Date) {
  let made: { t: TestApp; admin: TestMember; other: TestMember } | undefined;
  const ready = () => {
    if (!made) throw new Error('the moderation test app is made in beforeAll');
    return made;
  };
  const h = {
    get t() {
      return ready().t;
    },
    get admin() {
      return ready().admin;
    },
    get other() {
      return ready().other;
    },
    /** A moderation action, as the admin unless told. */
    post: (url: string, payload: object = {}, headers?: Headers) =>
      h.t.app.inject({ method: 'POST', url: `/api/v1/admin/moderation${url}`, headers: headers ?? h.admin.headers, payload }),
    queue: async (kind: string) => {
      const res = await h.t.app.inject({ url: `/api/v1/admin/moderation?kind=${kind}`, headers: h.admin.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ModerationQueue;
    },
    auditOf: (targetId: string) => h.t.db.select().from(adminAudit).where(eq(adminAudit.targetId, targetId)).orderBy(adminAudit.id),
    noticesOf: (userId: string) =>
      h.t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'moderation'))),
    postRow: async (id: string) => (await h.t.db.select().from(posts).where(eq(posts.id, id)))[0]!,
    listing: (m: TestMember, title: string, extra: Parameters<typeof createPost>[1] = {}) =>
      createPost(h.t.db, { ownerId: m.id, title, now, ...extra }),
  };
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await createTestApp({ now: now.toISOString() });
    const admin = await signUpMember(app.app);
    const other = await signUpMember(app.app);
    await app.db.update(users).set({ role: 'admin', displayName: 'Avery Admin' }).where(eq(users.id, admin.id));
    made = { t: app, admin, other };
  });
  afterAll(async () => {
    await app?.close();
  });
  return h;
}
