import { eq } from 'drizzle-orm';
import { postImages, postReports, userReports } from '../db/schema/index';
import { newId } from '../lib/ids';
import type { Case, World } from './authorization-fixtures';
import { adminOnly, ownersOffer, ownersPost } from './authorization-fixtures';
import { addImage, createUser } from './factories';

/** A listing of the owner with an open report by a stranger. */
async function reportedPost(w: World) {
  const post = await ownersPost(w);
  const reporter = await createUser(w.t.db);
  await w.t.db
    .insert(postReports)
    .values({ id: newId(), postId: post.id, reporterId: reporter.id, reason: 'scam', createdAt: w.t.clock.now() });
  return post;
}

/** A member someone reported. */
async function reportedMember(w: World) {
  const [reported, reporter] = [await createUser(w.t.db), await createUser(w.t.db)];
  await w.t.db
    .insert(userReports)
    .values({ id: newId(), reporterId: reporter.id, reportedId: reported.id, reason: 'rude', createdAt: w.t.clock.now() });
  return reported;
}

/** A flagged photo on a listing with two photos (so removing it is allowed). */
async function flaggedPhoto(w: World) {
  const post = await ownersPost(w);
  await addImage(w.t.db, post.id, 0);
  const img = await addImage(w.t.db, post.id, 1);
  await w.t.db.update(postImages).set({ moderationFlag: 'flagged', moderationScore: 0.5 }).where(eq(postImages.id, img.id));
  return img;
}

/** The authorization matrix's rows for the admin console's moderation routes (issue 20): admins only. */
export const MODERATION_CASES: Case[] = [
  { route: 'GET /api/v1/admin/moderation', request: () => ({ url: '/api/v1/admin/moderation?kind=listings' }), expect: adminOnly(200) },
  {
    route: 'POST /api/v1/admin/moderation/posts/:id/dismiss',
    request: async (w) => ({ url: `/api/v1/admin/moderation/posts/${(await reportedPost(w)).id}/dismiss`, payload: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/posts/:id/hide',
    request: async (w) => ({
      url: `/api/v1/admin/moderation/posts/${(await reportedPost(w)).id}/hide`,
      payload: { reason: 'Counterfeit.' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/posts/:id/hide',
    name: 'an unknown listing',
    request: () => ({ url: '/api/v1/admin/moderation/posts/no-such-post/hide', payload: { reason: 'Counterfeit.' } }),
    expect: adminOnly(404),
  },
  {
    route: 'POST /api/v1/admin/moderation/posts/:id/unhide',
    request: async (w) => ({
      url: `/api/v1/admin/moderation/posts/${(await ownersPost(w, { state: 'archived', hiddenReason: 'Counterfeit.', hiddenAt: w.t.clock.now() })).id}/unhide`,
      payload: {},
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/images/:id/remove',
    request: async (w) => ({ url: `/api/v1/admin/moderation/images/${(await flaggedPhoto(w)).id}/remove`, payload: { reason: 'Nudity.' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/images/:id/approve',
    request: async (w) => ({ url: `/api/v1/admin/moderation/images/${(await flaggedPhoto(w)).id}/approve`, payload: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/users/:id/dismiss',
    request: async (w) => ({ url: `/api/v1/admin/moderation/users/${(await reportedMember(w)).id}/dismiss`, payload: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/users/:id/warn',
    request: async (w) => ({ url: `/api/v1/admin/moderation/users/${(await reportedMember(w)).id}/warn`, payload: { reason: 'Be kind.' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/users/:id/ban',
    request: async (w) => ({ url: `/api/v1/admin/moderation/users/${(await reportedMember(w)).id}/ban`, payload: { reason: 'Scams.' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/v1/admin/moderation/disputes/:id/resolve',
    request: async (w) => ({
      url: `/api/v1/admin/moderation/disputes/${(await ownersOffer(w, 'disputed')).id}/resolve`,
      payload: { outcome: 'cancel', reason: 'The item never arrived.' },
    }),
    expect: adminOnly(200),
  },
];
