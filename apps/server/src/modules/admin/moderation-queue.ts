import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  Dispute,
  FlaggedPhoto,
  ModerationKind,
  ModerationPerson,
  ModerationQueue,
  ReportedListing,
  ReportedMember,
} from '@swapu/shared/admin-moderation';
import { MODERATION_QUEUE_MAX } from '@swapu/shared/admin-moderation';
import { PRODUCT_NAME } from '@swapu/shared/constants';
import type { Tx } from '../../db/client';
import {
  messages,
  offerEvents,
  offerItems,
  offers,
  postImages,
  postReports,
  posts,
  rooms,
  userReports,
  users,
} from '../../db/schema/index';
import { rowsOf } from '../../lib/sql-rows';
import { imageVariantKeys } from '../../lib/storage';
import { media } from '../posts/index';
import { profileImageUrl } from '../members/index';

const cover = (key: string | null) => (key ? media(imageVariantKeys(key).sm) : null);
const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

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
    // A report without a reporter is SwapU's own (repeated scam warnings in chat: decision 0050).
    .leftJoin(users, eq(users.id, userReports.reporterId))
    .where(and(eq(userReports.status, 'open'), inArray(userReports.reportedId, ids)))
    .orderBy(asc(userReports.createdAt));
  const members = await people(db, ids);
  return groups.map((g) => ({
    member: members.get(g.userId) ?? unknownPerson(g.userId),
    count: Number(g.n),
    firstAt: iso(g.first),
    reports: reports
      .filter((r) => r.r.reportedId === g.userId)
      .map((r) => ({ id: r.r.id, reason: r.r.reason, reporterName: r.reporterName ?? PRODUCT_NAME, at: r.r.createdAt.toISOString() })),
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
