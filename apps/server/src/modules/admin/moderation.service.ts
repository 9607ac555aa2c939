import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  Dispute,
  DisputeOutcome,
  FlaggedPhoto,
  ModerationKind,
  ModerationPerson,
  ModerationQueue,
  ReportedListing,
  ReportedMember,
} from '@swapu/shared/admin-moderation';
import { MODERATION_QUEUE_MAX } from '@swapu/shared/admin-moderation';
import type { OfferState } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';
import type { Tx } from '../../db/client';
import {
  messages,
  offerEvents,
  offerItems,
  offers,
  postImages,
  postReports,
  postReservations,
  posts,
  rooms,
  userReports,
  users,
} from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { AppError, errors } from '../../lib/errors';
import { rowsOf } from '../../lib/sql-rows';
import { imageVariantKeys } from '../../lib/storage';
import { accountsChanged, postChanged } from '../../lib/viewer-cache';
import { postSupport } from '../chat/support.service';
import { Notices } from '../notifications/notify';
import { complete, notifyParty, offerPostIds, recordEvent } from '../offers/offers.service';
import { media } from '../posts/post-card';
import { announceBan, banUser } from '../users/ban';
import { profileImageUrl } from '../users/users.media';
import { listAudit, recordAudit } from './audit';

/** What the moderation service needs of the app. */
export type ModerationDeps = Pick<AppContext, 'database' | 'storage' | 'hub' | 'viewers' | 'config'>;

/** How an admin closed a report (post_reports / user_reports.resolution). */
type Resolution = 'dismissed' | 'hidden' | 'warned' | 'banned';

const cover = (key: string | null) => (key ? media(imageVariantKeys(key).sm) : null);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/** The reason an admin must give (hide, remove a photo, warn, ban, resolve a dispute), trimmed; empty is refused. */
function required(reason: string | undefined): string {
  const r = (reason ?? '').trim();
  if (!r) throw new AppError(400, 'moderation_reason_required', { reason: 'moderation_reason_required' });
  return r;
}

// ---- The queue --------------------------------------------------------------------------------

async function people(db: Tx, ids: string[]): Promise<Map<string, ModerationPerson>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, displayName: users.displayName, avatarKey: users.avatarKey, banned: users.banned })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(
    rows.map((r) => [r.id, { id: r.id, displayName: r.displayName, avatarUrl: profileImageUrl(r.avatarKey), banned: r.banned }]),
  );
}

const unknownPerson = (id: string): ModerationPerson => ({ id, displayName: '', avatarUrl: null, banned: false });

/** Listings with their cover (first photo) key. */
async function items(db: Tx, ids: string[]) {
  if (ids.length === 0)
    return new Map<
      string,
      { id: string; title: string; state: string; ownerId: string; hiddenReason: string | null; imageUrl: string | null }
    >();
  const rows = await db
    .select({
      id: posts.id,
      title: posts.title,
      state: posts.state,
      ownerId: posts.ownerId,
      hiddenReason: posts.hiddenReason,
      imageKey: sql<
        string | null
      >`(select pi.storage_key from post_images pi where pi.post_id = ${posts.id} order by pi.position asc limit 1)`,
    })
    .from(posts)
    .where(inArray(posts.id, ids));
  return new Map(rows.map((r) => [r.id, { ...r, imageUrl: cover(r.imageKey) }]));
}

/** How many cards each tab has. */
async function queueCounts(db: Tx): Promise<ModerationQueue['counts']> {
  const [row] = await rowsOf<ModerationQueue['counts']>(
    db,
    sql`select
      (select count(distinct post_id) from post_reports where status = 'open')::int as listings,
      (select count(distinct reported_id) from user_reports where status = 'open')::int as members,
      (select count(*) from post_images where moderation_flag is not null and reviewed_at is null)::int as photos,
      (select count(*) from offers where state = 'disputed')::int as disputes`,
  );
  return {
    listings: Number(row?.listings ?? 0),
    members: Number(row?.members ?? 0),
    photos: Number(row?.photos ?? 0),
    disputes: Number(row?.disputes ?? 0),
  };
}

/** Reported listings: open reports grouped per listing, the most reported first, then the longest waiting. */
async function reportedListings(db: Tx): Promise<ReportedListing[]> {
  const groups = await db
    .select({ postId: postReports.postId, n: count(), first: sql<Date | string>`min(${postReports.createdAt})` })
    .from(postReports)
    .where(eq(postReports.status, 'open'))
    .groupBy(postReports.postId)
    .orderBy(desc(count()), asc(sql`min(${postReports.createdAt})`))
    .limit(MODERATION_QUEUE_MAX);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.postId);
  const reports = await db
    .select({ r: postReports, reporterName: users.displayName })
    .from(postReports)
    .innerJoin(users, eq(users.id, postReports.reporterId))
    .where(and(eq(postReports.status, 'open'), inArray(postReports.postId, ids)))
    .orderBy(asc(postReports.createdAt));
  const listed = await items(db, ids);
  const owners = await people(
    db,
    [...listed.values()].map((p) => p.ownerId),
  );
  return groups.flatMap((g) => {
    const p = listed.get(g.postId);
    if (!p) return [];
    return [
      {
        post: { id: p.id, title: p.title, imageUrl: p.imageUrl, state: p.state, hiddenReason: p.hiddenReason },
        owner: owners.get(p.ownerId) ?? unknownPerson(p.ownerId),
        count: Number(g.n),
        firstAt: iso(g.first),
        reports: reports
          .filter((r) => r.r.postId === g.postId)
          .map((r) => ({
            id: r.r.id,
            reason: r.r.reason,
            details: r.r.details,
            reporterName: r.reporterName,
            at: r.r.createdAt.toISOString(),
          })),
      },
    ];
  });
}

/** Reported members: open reports grouped per member. */
async function reportedMembers(db: Tx): Promise<ReportedMember[]> {
  const groups = await db
    .select({ userId: userReports.reportedId, n: count(), first: sql<Date | string>`min(${userReports.createdAt})` })
    .from(userReports)
    .where(eq(userReports.status, 'open'))
    .groupBy(userReports.reportedId)
    .orderBy(desc(count()), asc(sql`min(${userReports.createdAt})`))
    .limit(MODERATION_QUEUE_MAX);
  if (groups.length === 0) return [];
  const ids = groups.map((g) => g.userId);
  const reports = await db
    .select({ r: userReports, reporterName: users.displayName })
    .from(userReports)
    .innerJoin(users, eq(users.id, userReports.reporterId))
    .where(and(eq(userReports.status, 'open'), inArray(userReports.reportedId, ids)))
    .orderBy(asc(userReports.createdAt));
  const members = await people(db, ids);
  return groups.map((g) => ({
    member: members.get(g.userId) ?? unknownPerson(g.userId),
    count: Number(g.n),
    firstAt: iso(g.first),
    reports: reports
      .filter((r) => r.r.reportedId === g.userId)
      .map((r) => ({ id: r.r.id, reason: r.r.reason, reporterName: r.reporterName, at: r.r.createdAt.toISOString() })),
  }));
}

/** Photos stored close to the refusal line, not yet looked at, the oldest first. */
async function flaggedPhotos(db: Tx): Promise<FlaggedPhoto[]> {
  const rows = await db
    .select({
      img: postImages,
      photoCount: sql<number>`(select count(*)::int from post_images x where x.post_id = ${postImages.postId})`,
    })
    .from(postImages)
    .where(and(isNotNull(postImages.moderationFlag), isNull(postImages.reviewedAt)))
    .orderBy(asc(postImages.createdAt), asc(postImages.id))
    .limit(MODERATION_QUEUE_MAX);
  const listed = await items(
    db,
    rows.map((r) => r.img.postId),
  );
  const owners = await people(
    db,
    [...listed.values()].map((p) => p.ownerId),
  );
  return rows.flatMap(({ img, photoCount }) => {
    const p = listed.get(img.postId);
    if (!p) return [];
    return [
      {
        id: img.id,
        imageUrl: media(imageVariantKeys(img.storageKey).g640),
        score: img.moderationScore,
        flag: img.moderationFlag!,
        at: img.createdAt.toISOString(),
        post: { id: p.id, title: p.title, imageUrl: p.imageUrl, state: p.state },
        owner: owners.get(p.ownerId) ?? unknownPerson(p.ownerId),
        photoCount: Number(photoCount),
      },
    ];
  });
}

/** Swaps in dispute, the longest waiting first, with the problem reports and the parties' chat since the offer. */
async function disputes(db: Tx): Promise<Dispute[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(eq(offers.state, 'disputed'))
    .orderBy(asc(offers.updatedAt), asc(offers.id))
    .limit(MODERATION_QUEUE_MAX);
  if (rows.length === 0) return [];
  const ids = rows.map((o) => o.id);
  const itemRows = await db
    .select({ offerId: offerItems.offerId, postId: offerItems.postId })
    .from(offerItems)
    .where(inArray(offerItems.offerId, ids))
    .orderBy(asc(offerItems.position));
  const listed = await items(db, [...rows.map((o) => o.postId), ...itemRows.map((i) => i.postId)]);
  const parties = await people(
    db,
    rows.flatMap((o) => [o.offererId, o.ownerId]),
  );
  const problems = await db
    .select()
    .from(offerEvents)
    .where(and(inArray(offerEvents.offerId, ids), eq(offerEvents.transition, 'report_problem')))
    .orderBy(asc(offerEvents.seq));
  const out: Dispute[] = [];
  for (const o of rows) {
    const [a, b] = [o.offererId, o.ownerId].sort();
    const chat = await db
      .select({ id: messages.id, senderId: messages.senderId, body: messages.body, at: messages.createdAt })
      .from(messages)
      .innerJoin(rooms, eq(rooms.id, messages.roomId))
      .where(and(eq(rooms.userA, a!), eq(rooms.userB, b!), sql`${messages.createdAt} >= ${o.createdAt}`))
      .orderBy(desc(messages.seq))
      .limit(50);
    const item = (id: string) => {
      const p = listed.get(id);
      return { id, title: p?.title ?? '', imageUrl: p?.imageUrl ?? null, state: p?.state ?? '' };
    };
    const reported = problems.filter((e) => e.offerId === o.id);
    out.push({
      offerId: o.id,
      at: (reported.at(-1)?.createdAt ?? o.updatedAt).toISOString(),
      offerer: parties.get(o.offererId) ?? unknownPerson(o.offererId),
      owner: parties.get(o.ownerId) ?? unknownPerson(o.ownerId),
      post: item(o.postId),
      items: itemRows.filter((i) => i.offerId === o.id).map((i) => item(i.postId)),
      cashKind: o.cashKind,
      cashCents: o.cashCents,
      problems: reported.map((e) => ({ byId: e.actorId, message: e.message, at: e.createdAt.toISOString() })),
      messages: chat.reverse().map((m) => ({ id: m.id, senderId: m.senderId, body: m.body, at: m.at.toISOString() })),
    });
  }
  return out;
}

/** The queue: every tab's count, and the cards of the one asked for. */
export async function moderationQueue(db: Tx, kind: ModerationKind): Promise<ModerationQueue> {
  const counts = await queueCounts(db);
  return {
    counts,
    listings: kind === 'listings' ? await reportedListings(db) : [],
    members: kind === 'members' ? await reportedMembers(db) : [],
    photos: kind === 'photos' ? await flaggedPhotos(db) : [],
    disputes: kind === 'disputes' ? await disputes(db) : [],
  };
}

// ---- Closing reports ----------------------------------------------------------------------------

async function resolvePostReports(tx: Tx, postId: string, resolution: Resolution, adminId: string, now: Date): Promise<number> {
  const closed = await tx
    .update(postReports)
    .set({ status: 'resolved', resolution, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(postReports.postId, postId), eq(postReports.status, 'open')))
    .returning({ id: postReports.id });
  return closed.length;
}

async function resolveUserReports(tx: Tx, userId: string, resolution: Resolution, adminId: string, now: Date): Promise<number> {
  const closed = await tx
    .update(userReports)
    .set({ status: 'resolved', resolution, resolvedBy: adminId, resolvedAt: now })
    .where(and(eq(userReports.reportedId, userId), eq(userReports.status, 'open')))
    .returning({ id: userReports.id });
  return closed.length;
}

/**
 * Dismisses the open reports about a listing or a member: they are closed, nothing else changes
 * (the audit log records how many, when there were any).
 */
async function dismissReports(deps: ModerationDeps, adminId: string, target: 'post' | 'user', id: string, note: string, now: Date) {
  return deps.database.db.transaction(async (tx) => {
    const table = target === 'post' ? posts : users;
    const [found] = await tx.select({ id: table.id }).from(table).where(eq(table.id, id));
    if (!found) throw errors.notFound();
    const resolved =
      target === 'post'
        ? await resolvePostReports(tx, id, 'dismissed', adminId, now)
        : await resolveUserReports(tx, id, 'dismissed', adminId, now);
    if (resolved > 0)
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'report.dismiss',
          targetType: target,
          targetId: id,
          after: { resolvedReports: resolved },
          reason: note,
        },
        now,
      );
    return { resolvedReports: resolved };
  });
}

/** Dismisses a listing's open reports. */
export const dismissPostReports = (deps: ModerationDeps, adminId: string, postId: string, note: string, now: Date) =>
  dismissReports(deps, adminId, 'post', postId, note, now);

/** Dismisses the open reports about a member. */
export const dismissUserReports = (deps: ModerationDeps, adminId: string, userId: string, note: string, now: Date) =>
  dismissReports(deps, adminId, 'user', userId, note, now);

// ---- Hiding listings ------------------------------------------------------------------------------

/**
 * Pending offers the hidden listing takes part in end: offers for it are declined, offers that
 * give it as an item are withdrawn; each gets its event (by the admin) and the other party hears
 * through the offers' own notice and mail.
 */
async function endPendingOffers(tx: Tx, deps: ModerationDeps, notices: Notices, adminId: string, postId: string, now: Date) {
  const forIt = await tx
    .update(offers)
    .set({ state: 'declined', updatedAt: now })
    .where(and(eq(offers.postId, postId), eq(offers.state, 'pending')))
    .returning();
  const givingIt = await tx
    .update(offers)
    .set({ state: 'withdrawn', updatedAt: now })
    .where(
      and(
        eq(offers.state, 'pending'),
        inArray(offers.id, tx.select({ id: offerItems.offerId }).from(offerItems).where(eq(offerItems.postId, postId))),
      ),
    )
    .returning();
  const ended: Array<{ o: typeof offers.$inferSelect; to: OfferState; tell: string }> = [
    ...forIt.map((o) => ({ o, to: 'declined' as const, tell: o.offererId })),
    ...givingIt.map((o) => ({ o, to: 'withdrawn' as const, tell: o.ownerId })),
  ];
  for (const { o, to, tell } of ended) {
    await recordEvent(tx, o.id, adminId, 'moderation_hide', 'pending', to, '', now);
    const [target] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, o.postId));
    await notifyParty(
      tx,
      notices,
      deps.config.publicUrl,
      { offerId: o.id, recipientId: tell, otherId: null, event: to === 'declined' ? 'declined' : 'withdrawn', title: target?.title ?? '' },
      now,
    );
  }
  return ended.length;
}

/**
 * Hides a listing: it is archived with the reason, its pending offers end, its open reports are
 * closed as 'hidden', and the owner is told why; it cannot be published again until an admin lifts
 * it. A listing reserved in an accepted swap (or in dispute) is refused: resolve the swap first.
 */
export async function hidePost(deps: ModerationDeps, adminId: string, postId: string, reasonIn: string, now: Date) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw errors.notFound();
    if (post.hiddenReason !== null) throw errors.conflict('listing_already_hidden');
    if (post.state === 'draft') throw errors.conflict('listing_draft');
    const [held] = await tx.select({ offerId: postReservations.offerId }).from(postReservations).where(eq(postReservations.postId, postId));
    if (post.state === 'reserved' || (held && post.state !== 'swapped' && post.state !== 'sold')) throw errors.conflict('listing_reserved');
    await tx.update(posts).set({ state: 'archived', hiddenReason: reason, hiddenAt: now, updatedAt: now }).where(eq(posts.id, postId));
    const endedOffers = await endPendingOffers(tx, deps, notices, adminId, postId, now);
    const resolved = await resolvePostReports(tx, postId, 'hidden', adminId, now);
    await notices.add(
      tx,
      { userId: post.ownerId, kind: 'moderation', data: { event: 'hidden', postTitle: post.title, reason }, link: paths.viewPost(postId) },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'post.hide',
        targetType: 'post',
        targetId: postId,
        before: { state: post.state, hiddenReason: null },
        after: { state: 'archived', hiddenReason: reason, endedOffers, resolvedReports: resolved },
        reason,
      },
      now,
    );
    return { ownerId: post.ownerId, resolvedReports: resolved };
  });
  await notices.announce(deps.hub);
  postChanged(deps, postId);
  accountsChanged(deps, [out.ownerId]);
  return { resolvedReports: out.resolvedReports };
}

/** States a hidden listing returns to when the hiding is lifted (what it was before); anything else stays archived. */
const RESTORABLE = new Set(['published', 'swapped', 'sold']);

/**
 * Lifts the hiding: the listing returns to the state it had when it was hidden (published, swapped
 * or sold, from the audit log's record of the hiding), or stays archived for its owner to publish.
 */
export async function unhidePost(deps: ModerationDeps, adminId: string, postId: string, note: string, now: Date) {
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const [post] = await tx.select().from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw errors.notFound();
    if (post.hiddenReason === null) throw errors.conflict('listing_not_hidden');
    const [hid] = await listAudit(tx, { limit: 1, targetType: 'post', targetId: postId, action: 'post.hide' });
    const was = typeof hid?.before?.state === 'string' ? hid.before.state : 'archived';
    const state = RESTORABLE.has(was) && post.publishedAt ? was : 'archived';
    await tx.update(posts).set({ state, hiddenReason: null, hiddenAt: null, updatedAt: now }).where(eq(posts.id, postId));
    await notices.add(
      tx,
      { userId: post.ownerId, kind: 'moderation', data: { event: 'unhidden', postTitle: post.title }, link: paths.viewPost(postId) },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'post.unhide',
        targetType: 'post',
        targetId: postId,
        before: { state: post.state, hiddenReason: post.hiddenReason },
        after: { state, hiddenReason: null },
        reason: note,
      },
      now,
    );
    return { ownerId: post.ownerId };
  });
  await notices.announce(deps.hub);
  postChanged(deps, postId);
  accountsChanged(deps, [out.ownerId]);
  return { resolvedReports: 0 };
}

// ---- Photos ---------------------------------------------------------------------------------------

/**
 * Removes a photo (its row and its stored files) and tells the owner why. The only photo of a live
 * listing is refused (image_last_photo): hide the listing instead, then remove the photo.
 */
export async function removeImage(deps: ModerationDeps, adminId: string, imageId: string, reasonIn: string, now: Date) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const removed = await deps.database.db.transaction(async (tx) => {
    const [found] = await tx.select({ postId: postImages.postId }).from(postImages).where(eq(postImages.id, imageId));
    if (!found) throw errors.notFound();
    // The listing's lock first, as every photo change takes it (posts.images.ts).
    const [post] = await tx.select().from(posts).where(eq(posts.id, found.postId)).for('update');
    const [img] = await tx.select().from(postImages).where(eq(postImages.id, imageId));
    if (!post || !img) throw errors.notFound();
    const [n] = await tx.select({ n: count() }).from(postImages).where(eq(postImages.postId, post.id));
    if (post.state === 'published' && Number(n?.n ?? 0) <= 1) throw errors.conflict('image_last_photo');
    await tx.delete(postImages).where(eq(postImages.id, imageId));
    await tx
      .update(postImages)
      .set({ position: sql`${postImages.position} - 1` })
      .where(and(eq(postImages.postId, post.id), sql`${postImages.position} > ${img.position}`));
    await tx.update(posts).set({ updatedAt: now }).where(eq(posts.id, post.id));
    await notices.add(
      tx,
      {
        userId: post.ownerId,
        kind: 'moderation',
        data: { event: 'image_removed', postTitle: post.title, reason },
        link: paths.viewPost(post.id),
      },
      now,
    );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'image.remove',
        targetType: 'image',
        targetId: imageId,
        before: { postId: post.id, storageKey: img.storageKey, moderationScore: img.moderationScore, moderationFlag: img.moderationFlag },
        after: null,
        reason,
      },
      now,
    );
    return img;
  });
  // After commit: at worst a crash leaves orphan files, never a listing pointing at missing ones.
  await deps.storage.remove(`${removed.storageKey}/`);
  await notices.announce(deps.hub);
  postChanged(deps, removed.postId);
  return { resolvedReports: 0 };
}

/** Approves a flagged photo: an admin looked and it stays (it leaves the queue). */
export async function approveImage(deps: ModerationDeps, adminId: string, imageId: string, note: string, now: Date) {
  return deps.database.db.transaction(async (tx) => {
    const [img] = await tx.select().from(postImages).where(eq(postImages.id, imageId)).for('update');
    if (!img) throw errors.notFound();
    if (img.reviewedAt === null) {
      await tx.update(postImages).set({ reviewedAt: now }).where(eq(postImages.id, imageId));
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'image.approve',
          targetType: 'image',
          targetId: imageId,
          before: { postId: img.postId, moderationScore: img.moderationScore, moderationFlag: img.moderationFlag, reviewedAt: null },
          after: { reviewedAt: now.toISOString() },
          reason: note,
        },
        now,
      );
    }
    return { resolvedReports: 0 };
  });
}

// ---- Members --------------------------------------------------------------------------------------

/** A member other than the admin, still there; and the reported listing named with the action, which must be theirs. */
async function target(tx: Tx, adminId: string, userId: string, postId: string | undefined) {
  const [member] = await tx
    .select({ id: users.id, language: users.language, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!member || member.deletedAt) throw errors.notFound();
  if (userId === adminId) throw errors.badRequest('data_invalid', { id: 'You cannot do this to your own account.' });
  if (postId) {
    const [post] = await tx.select({ ownerId: posts.ownerId }).from(posts).where(eq(posts.id, postId));
    if (!post) throw errors.notFound();
    if (post.ownerId !== userId) throw errors.badRequest('data_invalid', { postId: 'That listing is not this member’s.' });
  }
  return member;
}

function warningText(language: string, reason: string) {
  return language.startsWith('pt')
    ? `Aviso da equipa SwapU: ${reason}\nSe voltar a acontecer, a sua conta pode ser suspensa. Responda aqui se tiver dúvidas.`
    : `A warning from the SwapU team: ${reason}\nIf it happens again your account may be suspended. Reply here if you have questions.`;
}

/**
 * Warns a member: a message from the team in their support thread with the reason, and a
 * notification; their open reports (and the named listing's) are closed as 'warned'.
 */
export async function warnUser(
  deps: ModerationDeps,
  adminId: string,
  userId: string,
  reasonIn: string,
  postId: string | undefined,
  now: Date,
) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const out = await deps.database.db.transaction(async (tx) => {
    const member = await target(tx, adminId, userId, postId);
    const message = await postSupport(tx, null, userId, adminId, true, warningText(member.language, reason), now);
    await notices.add(tx, { userId, kind: 'moderation', data: { event: 'warned', reason }, link: paths.support }, now);
    const resolved =
      (await resolveUserReports(tx, userId, 'warned', adminId, now)) +
      (postId ? await resolvePostReports(tx, postId, 'warned', adminId, now) : 0);
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'user.warn',
        targetType: 'user',
        targetId: userId,
        after: { postId: postId ?? null, resolvedReports: resolved },
        reason,
      },
      now,
    );
    return { messageId: message.id, resolvedReports: resolved };
  });
  await notices.announce(deps.hub);
  await deps.hub?.publish({ users: [userId], kind: 'support', id: out.messageId, admins: true }).catch(() => undefined);
  return { resolvedReports: out.resolvedReports };
}

/** Suspends a member through the one ban path (users/ban.ts); their open reports (and the named listing's) close as 'banned'. */
export async function banFromQueue(
  deps: ModerationDeps,
  adminId: string,
  userId: string,
  reasonIn: string,
  postId: string | undefined,
  now: Date,
) {
  const reason = required(reasonIn);
  const out = await deps.database.db.transaction(async (tx) => {
    await target(tx, adminId, userId, postId);
    const outcome = await banUser(tx, { actorId: adminId, userId, banned: true, reason }, now);
    if (!outcome) throw errors.notFound();
    const resolved =
      (await resolveUserReports(tx, userId, 'banned', adminId, now)) +
      (postId ? await resolvePostReports(tx, postId, 'banned', adminId, now) : 0);
    // Already suspended: banUser wrote nothing, but closing the reports is still an admin's change.
    if (!outcome.changed && resolved > 0)
      await recordAudit(
        tx,
        {
          actorId: adminId,
          action: 'user.ban',
          targetType: 'user',
          targetId: userId,
          after: { alreadyBanned: true, resolvedReports: resolved },
          reason,
        },
        now,
      );
    return { outcome, resolvedReports: resolved };
  });
  await announceBan(deps, out.outcome);
  return { resolvedReports: out.resolvedReports };
}

// ---- Disputes -------------------------------------------------------------------------------------

/**
 * Resolves a swap in dispute, once: the conditional update (state still 'disputed') lets exactly
 * one of two admins at once through; the other gets dispute_resolved. Complete runs the swap's own
 * completion (items swapped, carbon, points, goals) as if both had confirmed; cancel withdraws the
 * offer, releases its reservations and puts its items back on the market. Both parties are told.
 */
export async function resolveDispute(
  deps: ModerationDeps,
  adminId: string,
  offerId: string,
  outcome: DisputeOutcome,
  reasonIn: string,
  now: Date,
) {
  const reason = required(reasonIn);
  const notices = new Notices();
  const moved = await deps.database.db.transaction(async (tx) => {
    const to: OfferState = outcome === 'complete' ? 'completed' : 'withdrawn';
    const [o] = await tx
      .update(offers)
      .set(
        outcome === 'complete'
          ? {
              state: to,
              offererConfirmedAt: sql`coalesce(${offers.offererConfirmedAt}, ${now})`,
              ownerConfirmedAt: sql`coalesce(${offers.ownerConfirmedAt}, ${now})`,
              updatedAt: now,
            }
          : { state: to, updatedAt: now },
      )
      .where(and(eq(offers.id, offerId), eq(offers.state, 'disputed')))
      .returning();
    if (!o) {
      const [exists] = await tx.select({ id: offers.id }).from(offers).where(eq(offers.id, offerId));
      throw exists ? errors.conflict('dispute_resolved') : errors.notFound();
    }
    let movedPosts: string[];
    if (outcome === 'complete') movedPosts = await complete(tx, o, now, notices);
    else {
      const ids = await offerPostIds(tx, o);
      const released = await tx
        .delete(postReservations)
        .where(eq(postReservations.offerId, o.id))
        .returning({ postId: postReservations.postId });
      const back = released.map((r) => r.postId).filter((id) => ids.includes(id));
      if (back.length)
        await tx
          .update(posts)
          .set({ state: 'published', updatedAt: now })
          .where(and(inArray(posts.id, back), eq(posts.state, 'reserved')));
      movedPosts = back;
    }
    await recordEvent(tx, o.id, adminId, outcome === 'complete' ? 'admin_complete' : 'admin_cancel', 'disputed', to, reason, now);
    const [post] = await tx.select({ title: posts.title }).from(posts).where(eq(posts.id, o.postId));
    for (const userId of [o.offererId, o.ownerId])
      await notices.add(
        tx,
        {
          userId,
          kind: 'moderation',
          data: { event: outcome === 'complete' ? 'dispute_completed' : 'dispute_cancelled', postTitle: post?.title ?? '', reason },
          link: paths.swapOffer(o.id),
        },
        now,
      );
    await recordAudit(
      tx,
      {
        actorId: adminId,
        action: 'dispute.resolve',
        targetType: 'offer',
        targetId: o.id,
        before: { state: 'disputed' },
        after: { state: to, outcome, posts: movedPosts },
        reason,
      },
      now,
    );
    return { posts: movedPosts, parties: [o.offererId, o.ownerId] };
  });
  await notices.announce(deps.hub);
  for (const id of moved.posts) postChanged(deps, id);
  accountsChanged(deps, moved.parties);
  return { resolvedReports: 0 };
}
