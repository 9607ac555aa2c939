import { and, eq, gt, inArray, isNotNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { Tx } from '../db/client';
import { posts, subscriptions } from '../db/schema/index';

/** Who is asking: guests have no id. */
export interface Viewer {
  userId: string | null;
  role: 'guest' | 'user' | 'docs' | 'admin';
  /** Has an active subscription (or a cancelled one still inside its paid period). */
  subscriber: boolean;
  /** Banned accounts may sign in but only see the contact-support message. */
  banned?: boolean;
  /** False for an account created without accepting the terms (the Firebase SDK's sign-up): it may read, not write. */
  termsAccepted?: boolean;
  /** When the access token that identified this viewer lapses (ms since epoch). */
  tokenExpiresAt?: number;
  /** The account's token version the token carried (see endSessions). */
  tokenVersion?: number;
  /** When the member's newest published listing went live (ms): inside early access, their feed is their own. */
  newestOwnPublishedAt?: number | null;
}

export const GUEST: Viewer = { userId: null, role: 'guest', subscriber: false };

/** True when the user has a subscription granting early access at `now`. */
export async function hasEarlyAccess(db: Tx, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        inArray(subscriptions.status, ['active', 'cancelled']),
        gt(subscriptions.currentPeriodEnd, now),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Subscribers and admins see every published post at once; everyone else waits out early access. */
export const seesEarly = (viewer: Viewer) => viewer.role === 'admin' || viewer.subscriber;

/**
 * earlyAccessCondition in memory, for a post already read: visible to this viewer at `now`?
 * (posts.routes decides from a shared rendering with it; a test keeps the two in step.)
 */
export function publishedVisibleTo(viewer: Viewer, post: { ownerId: string; publishedAt: Date }, now: Date): boolean {
  if (seesEarly(viewer) || viewer.userId === post.ownerId) return true;
  return post.publishedAt.getTime() <= now.getTime() - EARLY_ACCESS_MS;
}

/** When a post published at `publishedAt` opens to everyone (the end of its early access). */
export const opensToEveryoneAt = (publishedAt: Date) => new Date(publishedAt.getTime() + EARLY_ACCESS_MS);

/** The member has a listing of their own still inside early access: their feed is not the shared one. */
export const hasOwnEarlyListing = (viewer: Viewer, now: Date) =>
  !!viewer.userId && viewer.newestOwnPublishedAt != null && viewer.newestOwnPublishedAt > now.getTime() - EARLY_ACCESS_MS;

/**
 * The 24-hour early-access rule (PRODUCT.md): a post published at T is visible to subscribers,
 * its owner and admins at once, and to everyone else from T + 24 h.
 */
export function earlyAccessCondition(viewer: Viewer, now: Date): SQL | undefined {
  if (seesEarly(viewer)) return undefined;
  const cutoff = new Date(now.getTime() - EARLY_ACCESS_MS);
  const old = sql`${posts.publishedAt} <= ${cutoff.toISOString()}::timestamptz`;
  return viewer.userId ? or(old, eq(posts.ownerId, viewer.userId)) : old;
}

/**
 * A post this viewer may look at in any state a post page shows: its owner and admins see every
 * state; anyone else never a draft or an archived post, nor one inside its 24 hours of early
 * access unless they subscribe. What a chat room or a message may show as its context.
 */
export function postSeenByCondition(viewer: Viewer, now: Date): SQL {
  if (viewer.role === 'admin') return sql`true`;
  const listed = and(notInArray(posts.state, ['draft', 'archived']), isNotNull(posts.publishedAt))!;
  const early = earlyAccessCondition(viewer, now);
  const open = early ? and(listed, early)! : listed;
  return viewer.userId ? or(eq(posts.ownerId, viewer.userId), open)! : open;
}

/** Published and visible to this viewer now: what every feed and search must apply. */
export function visiblePublishedCondition(viewer: Viewer, now: Date): SQL {
  const early = earlyAccessCondition(viewer, now);
  return early ? and(eq(posts.state, 'published'), early)! : eq(posts.state, 'published');
}
