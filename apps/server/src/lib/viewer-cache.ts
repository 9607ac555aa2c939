import type { Hub } from './hub';
import type { AccessClaims } from './tokens';

/**
 * What the signed-in request path remembers for a moment, so a member's request does not start
 * with a database read (decision 0015).
 *
 * - An account's row (role, ban, token version, terms, subscription end, newest own listing) is
 *   kept for at most `ttlMs` (VIEWER_CACHE_MS, never more than a second): a ban, role change or
 *   subscription change elsewhere takes effect within that second on every instance, and at once
 *   on the instance that made it, which drops the entry and tells the others through the hub.
 * - What is worked out for a member (the posts they like, their own listings in early access)
 *   rides on the same entry, loaded the first time a page needs it; a like, an unlike or a
 *   publish drops the entry.
 * - A verified access token's claims are kept until the token expires: the signature of a token
 *   never changes, so checking it again proves nothing new (its version is still compared with the
 *   account's on every request).
 */

export interface AccountState {
  role: 'user' | 'docs' | 'admin';
  banned: boolean;
  deleted: boolean;
  tokenVersion: number;
  termsAccepted: boolean;
  /** The end of the subscription period that grants early access (ms), or null. */
  subscribedUntil: number | null;
  /** When the member's newest published listing went live (ms), or null. */
  newestOwnPublishedAt: number | null;
}

interface Entry {
  state: AccountState;
  expires: number;
  memos: Map<string, Promise<unknown>>;
}

/** Sets a key, first dropping the oldest entry (Maps iterate in insertion order) when full. */
function setBounded<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  if (map.size >= max) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/** More likes than this are not kept in memory: the post page asks the database instead. */
export const MAX_CACHED_LIKES = 2_000;

export class ViewerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokens = new Map<string, AccessClaims>();
  /**
   * Bumped by every forget(): a read that began before the account was forgotten may have read
   * the row from before the change (a ban on another instance whose word arrived mid-read), so
   * what it returns is used for its own request but not kept.
   */
  private generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** The account's state, from memory when it was read less than ttlMs ago. */
  async account(userId: string, load: () => Promise<AccountState | null>): Promise<AccountState | null> {
    if (this.ttlMs === 0) return load();
    const now = Date.now();
    const hit = this.entries.get(userId);
    if (hit && hit.expires > now) return hit.state;
    const generation = this.generation;
    const state = await load();
    if (generation !== this.generation) return state;
    if (state) this.put(userId, { state, expires: now + this.ttlMs, memos: new Map() });
    else this.entries.delete(userId);
    return state;
  }

  /**
   * Something worked out for the member (`slot`: the ids of the posts they like, their own cards
   * in early access), kept with the account's entry and dropped with it; read afresh without one.
   */
  memo<T>(userId: string, slot: string, load: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(userId);
    if (this.ttlMs === 0 || !hit || hit.expires <= Date.now()) return load();
    let pending = hit.memos.get(slot) as Promise<T> | undefined;
    if (!pending) {
      pending = load();
      hit.memos.set(slot, pending);
      pending.catch(() => hit.memos.delete(slot));
    }
    return pending;
  }

  /** A verified token's claims, while the token is unexpired. */
  claims(token: string, now: number): AccessClaims | undefined {
    if (this.ttlMs === 0) return undefined;
    const hit = this.tokens.get(token);
    if (!hit) return undefined;
    if (hit.expiresAt <= now) {
      this.tokens.delete(token);
      return undefined;
    }
    return hit;
  }

  rememberClaims(token: string, claims: AccessClaims): void {
    if (this.ttlMs === 0) return;
    setBounded(this.tokens, token, claims, this.maxEntries);
  }

  /** Drops what is known of these accounts (they changed); their next request reads them again. */
  forget(userIds: readonly string[]): void {
    this.generation++;
    for (const id of userIds) this.entries.delete(id);
  }

  /** Drops one thing worked out for these members (their account's entry stays). */
  forgetMemo(userIds: readonly string[], slot: string): void {
    for (const id of userIds) this.entries.get(id)?.memos.delete(slot);
  }

  clear(): void {
    this.entries.clear();
    this.tokens.clear();
  }

  private put(userId: string, entry: Entry) {
    this.entries.delete(userId);
    setBounded(this.entries, userId, entry, this.maxEntries);
  }
}

interface Changes {
  viewers: ViewerCache;
  hub: Hub | null;
}

/**
 * These accounts changed (role, ban, terms, subscription, likes, a listing published): this
 * instance forgets them at once, the others when the hub's event reaches them (and within
 * VIEWER_CACHE_MS in any case). Call it after the change committed.
 */
export function accountsChanged(ctx: Changes, userIds: string[]): void {
  ctx.viewers.forget(userIds);
  void ctx.hub?.publish({ kind: 'viewer-changed', users: userIds }).catch(() => undefined);
}

/** The memo slot of the ids of the posts a member likes. */
export const LIKES_MEMO = 'likes';

/**
 * These members liked or unliked something: what is remembered of their likes is dropped here at
 * once and on the other instances when the hub's event reaches them; their account's entry stays,
 * so their next request does not read it again. Call it after the change committed.
 */
export function likesChanged(ctx: Changes, userIds: string[]): void {
  ctx.viewers.forgetMemo(userIds, LIKES_MEMO);
  void ctx.hub?.publish({ kind: 'likes-changed', users: userIds }).catch(() => undefined);
}

/** This post changed (an edit, a state, a photo, a like): its shared renderings are dropped everywhere. */
export function postChanged(ctx: Pick<Changes, 'hub'>, postId: string): void {
  void ctx.hub?.publish({ kind: 'post-changed', users: [], id: postId }).catch(() => undefined);
}
