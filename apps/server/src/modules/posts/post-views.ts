import { and, desc, eq, gt } from 'drizzle-orm';
import { z } from 'zod';
import { PostDetailSchema, PostListSchema, type PostCard, type PostList, type PostListQuery } from '@swapu/shared/api';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { Tx } from '../../db/client';
import { posts } from '../../db/schema/index';
import type { AppContext } from '../../lib/context';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import { MicroCache } from '../../lib/micro-cache';
import { LIKES_MEMO, MAX_CACHED_LIKES } from '../../lib/viewer-cache';
import { GUEST, hasOwnEarlyListing, seesEarly, type Viewer } from '../../lib/viewer';
import { cardColumns, toCard } from './post-card';
import { getPost, likedPostIds, likes, listFeed, loadPost, mayViewPost, refusePost, type PostRecord } from './posts.service';

/**
 * The feed and post pages as the request path serves them (decision 0015): viewers who see the
 * same items share one rendering for up to SHARED_CACHE_MS — guests and members without early
 * access one set, subscribers and admins another — and only what is a member's own is added per
 * request (their listings still in early access, whether they like a post). Whoever asks while a
 * rendering is being loaded waits for that load (no stampede on the database when one expires).
 */

/** Who a shared rendering is loaded as: never the member asking, so nothing of theirs is shared. */
const EVERYONE: Viewer = GUEST;
const EARLY: Viewer = { userId: null, role: 'guest', subscriber: true };

/** A member's own listings in early access (at most this many; more and their feed is read afresh). */
const MAX_OWN_EARLY = 100;

/** A post page shared by every viewer, rendered (through the route's schema) once per like state. */
interface SharedPost {
  record: PostRecord;
  json: [Buffer | undefined, Buffer | undefined];
}

type Card = PostCard & { state?: unknown };

export class PostViews {
  private readonly feeds: MicroCache<PostList>;
  private readonly feedJson: MicroCache<Buffer>;
  private readonly posts: MicroCache<SharedPost | null>;
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: AppContext) {
    const ttl = ctx.config.sharedCacheMs;
    this.feeds = new MicroCache(ttl);
    this.feedJson = new MicroCache(ttl);
    this.posts = new MicroCache(ttl);
  }

  private get db(): Tx {
    return this.ctx.database.db;
  }

  private get off(): boolean {
    return this.ctx.config.sharedCacheMs === 0;
  }

  /** A post changed: its next viewer reads it afresh. */
  forgetPost(id: string): void {
    this.posts.delete(id);
  }

  /** The home feed as JSON (a shared rendering), or as a value when it is this viewer's alone. */
  async feed(viewer: Viewer, now: Date, query: PostListQuery): Promise<PostList | Buffer> {
    if (this.off) return listFeed(this.db, viewer, now, query);
    const cls = seesEarly(viewer) ? EARLY : EVERYONE;
    if (cls === EARLY || !hasOwnEarlyListing(viewer, now)) return this.sharedFeedJson(cls, now, query);
    // Words are matched in SQL only: a member's own feed with words is read afresh.
    if (query.q) return listFeed(this.db, viewer, now, query);
    // A member with listings in early access: theirs come first (every one is newer than anything
    // the shared feed holds, which waits out early access), then the shared feed.
    const own = await this.ownEarly(viewer.userId!, now);
    if (!own) return listFeed(this.db, viewer, now, query);
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    if (after && after.publishedAt.getTime() <= now.getTime() - EARLY_ACCESS_MS) return this.sharedFeedJson(cls, now, query);
    const mine = own.filter(
      (c) => (!query.category || c.categories.includes(query.category)) && (!after || isAfter(c, after.publishedAt, after.id)),
    );
    const rest =
      mine.length > query.limit ? { items: [], nextCursor: null } : await this.sharedFeed(cls, now, { ...query, cursor: undefined });
    const items = [...mine, ...rest.items];
    const page = items.slice(0, query.limit);
    const last = page.at(-1);
    const more = items.length > query.limit || rest.nextCursor !== null;
    return { items: page, nextCursor: more && last ? encodeCursor(new Date(last.publishedAt), last.id) : null };
  }

  /** One post page as JSON (a shared rendering), or as a value when shared renderings are off. */
  async post(viewer: Viewer, now: Date, id: string): Promise<Buffer | Awaited<ReturnType<typeof getPost>>> {
    if (this.off) return getPost(this.db, viewer, now, id);
    const shared = await this.once(id, this.posts, async (): Promise<SharedPost | null> => {
      const record = await loadPost(this.db, id);
      return record ? { record, json: [undefined, undefined] } : null;
    });
    // Every change to a post drops its shared rendering before the change is answered (posts.write
    // routes, likes), so its owner sees their edit at once.
    if (!shared || !mayViewPost(viewer, shared.record, now)) throw refusePost(viewer, shared?.record ?? null, now);
    const liked = await this.likedBy(viewer, id);
    const slot = liked ? 1 : 0;
    shared.json[slot] ??= Buffer.from(JSON.stringify(z.encode(PostDetailSchema, { ...shared.record.detail, likedByMe: liked })));
    return shared.json[slot];
  }

  private sharedFeed(cls: Viewer, now: Date, query: PostListQuery): Promise<PostList> {
    const key = feedKey(cls, query);
    return this.once(key, this.feeds, () => listFeed(this.db, cls, now, query));
  }

  /** Rendered once as UTF-8 bytes: each response then writes them as they are. */
  private async sharedFeedJson(cls: Viewer, now: Date, query: PostListQuery): Promise<Buffer> {
    const key = feedKey(cls, query);
    const hit = this.feedJson.get(key);
    if (hit !== undefined) return hit;
    const json = Buffer.from(JSON.stringify(z.encode(PostListSchema, await this.sharedFeed(cls, now, query))));
    this.feedJson.set(key, json);
    return json;
  }

  /** The member's own published listings still in early access, newest first (null: too many). */
  private ownEarly(userId: string, now: Date): Promise<Card[] | null> {
    return this.ctx.viewers.memo(userId, 'own-early', async () => {
      const rows = await this.db
        .select(cardColumns)
        .from(posts)
        .where(
          and(eq(posts.ownerId, userId), eq(posts.state, 'published'), gt(posts.publishedAt, new Date(now.getTime() - EARLY_ACCESS_MS))),
        )
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(MAX_OWN_EARLY + 1);
      return rows.length > MAX_OWN_EARLY ? null : rows.map((r) => toCard(r, now));
    });
  }

  /** Does the viewer like the post? From the likes remembered with their account when few enough. */
  private async likedBy(viewer: Viewer, postId: string): Promise<boolean> {
    if (!viewer.userId) return false;
    const userId = viewer.userId;
    const set = await this.ctx.viewers.memo(userId, LIKES_MEMO, () => likedPostIds(this.db, userId, MAX_CACHED_LIKES));
    return set ? set.has(postId) : likes(this.db, userId, postId);
  }

  private once<T>(key: string, cache: MicroCache<T>, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    let pending = this.inflight.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load()
        .then((value) => {
          cache.set(key, value);
          return value;
        })
        .finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }
}

const feedKey = (cls: Viewer, q: PostListQuery) =>
  JSON.stringify([cls === EARLY ? 'early' : 'everyone', q.limit, q.category ?? '', q.q ?? '', q.cursor ?? '']);

/** Later in the feed's order (published_at, id descending) than the cursor's position. */
const isAfter = (c: Card, at: Date, id: string) => {
  const t = new Date(c.publishedAt).getTime();
  return t < at.getTime() || (t === at.getTime() && c.id < id);
};
