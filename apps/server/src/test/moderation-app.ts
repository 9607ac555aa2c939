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
  const h = {
    t: undefined as unknown as TestApp,
    admin: undefined as unknown as TestMember,
    other: undefined as unknown as TestMember,
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
  beforeAll(async () => {
    h.t = await createTestApp({ now: now.toISOString() });
    h.admin = await signUpMember(h.t.app);
    h.other = await signUpMember(h.t.app);
    await h.t.db.update(users).set({ role: 'admin', displayName: 'Avery Admin' }).where(eq(users.id, h.admin.id));
  });
  afterAll(async () => {
    await h.t?.close();
  });
  return h;
}
