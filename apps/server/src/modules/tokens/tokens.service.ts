import { and, desc, eq, sql } from 'drizzle-orm';
import { BOOST_DAYS, BOOST_TOKENS, EXTRA_SWIPES, EXTRA_SWIPES_TOKENS } from '@swapu/shared/constants';
import type { BoostResult, ExtraSwipes, TokenAccount } from '@swapu/shared/money-api';
import { swipeDay } from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { posts, swipeExtras, tokenBalances, tokenLedger } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { newId } from '../../lib/ids';

export type TokenReason = TokenAccount['entries'][number]['reason'];

/**
 * Books `delta` tokens for a member inside the caller's transaction and answers the new balance.
 * The balance changes by one conditional update (its row lock orders concurrent spends, and the
 * table's check refuses a negative balance), then the ledger gets the entry with the balance
 * after it. A spend larger than the balance is 'tokens_insufficient' and books nothing.
 */
export async function bookTokens(
  tx: Tx,
  e: { userId: string; delta: number; reason: TokenReason; sourceId: string; postId?: string | null; now: Date },
): Promise<number> {
  await tx.insert(tokenBalances).values({ userId: e.userId, balance: 0, updatedAt: e.now }).onConflictDoNothing();
  const [row] = await tx
    .update(tokenBalances)
    .set({ balance: sql`${tokenBalances.balance} + ${e.delta}`, updatedAt: e.now })
    .where(and(eq(tokenBalances.userId, e.userId), sql`${tokenBalances.balance} + ${e.delta} >= 0`))
    .returning({ balance: tokenBalances.balance });
  if (!row) throw errors.conflict('tokens_insufficient');
  await tx.insert(tokenLedger).values({
    userId: e.userId,
    delta: e.delta,
    balanceAfter: row.balance,
    reason: e.reason,
    sourceId: e.sourceId,
    postId: e.postId ?? null,
    createdAt: e.now,
  });
  return row.balance;
}

/** A member's balance and ledger, newest first. */
export async function tokenAccount(db: Db, userId: string, limit = 100): Promise<TokenAccount> {
  const [bal] = await db.select({ balance: tokenBalances.balance }).from(tokenBalances).where(eq(tokenBalances.userId, userId));
  const rows = await db
    .select({
      id: tokenLedger.id,
      delta: tokenLedger.delta,
      balanceAfter: tokenLedger.balanceAfter,
      reason: tokenLedger.reason,
      postId: tokenLedger.postId,
      postTitle: posts.title,
      createdAt: tokenLedger.createdAt,
    })
    .from(tokenLedger)
    .leftJoin(posts, eq(posts.id, tokenLedger.postId))
    .where(eq(tokenLedger.userId, userId))
    .orderBy(desc(tokenLedger.id))
    .limit(limit);
  return {
    balance: bal?.balance ?? 0,
    entries: rows.map((r) => ({ ...r, reason: r.reason as TokenReason, createdAt: r.createdAt.toISOString() })),
  };
}

/**
 * Boosts one of the member's published items for BOOST_DAYS with BOOST_TOKENS tokens. A boosted
 * item's boost is extended from its current end; otherwise it runs from now.
 */
export async function boostPost(db: Db, userId: string, postId: string, now: Date): Promise<BoostResult> {
  return db.transaction(async (tx) => {
    const [post] = await tx.select({ ownerId: posts.ownerId, state: posts.state }).from(posts).where(eq(posts.id, postId)).for('update');
    if (!post) throw errors.notFound();
    if (post.ownerId !== userId) throw errors.forbidden();
    if (post.state !== 'published') throw errors.conflict('data_invalid');
    const balance = await bookTokens(tx, { userId, delta: -BOOST_TOKENS, reason: 'boost', sourceId: newId(), postId, now });
    const nowIso = now.toISOString();
    const [row] = await tx
      .update(posts)
      .set({
        boostedUntil: sql`greatest(coalesce(${posts.boostedUntil}, ${nowIso}::timestamptz), ${nowIso}::timestamptz) + make_interval(days => ${BOOST_DAYS})`,
        updatedAt: now,
      })
      .where(eq(posts.id, postId))
      .returning({ boostedUntil: posts.boostedUntil });
    return { postId, boostedUntil: row!.boostedUntil!.toISOString(), balance };
  });
}

/** The extra right swipes bought for today, and the token balance. */
export async function extraSwipesOf(db: Tx, userId: string, now: Date): Promise<ExtraSwipes> {
  const day = swipeDay(now);
  const [[row], [bal]] = await Promise.all([
    db
      .select({ extra: swipeExtras.extra })
      .from(swipeExtras)
      .where(and(eq(swipeExtras.userId, userId), eq(swipeExtras.day, day))),
    db.select({ balance: tokenBalances.balance }).from(tokenBalances).where(eq(tokenBalances.userId, userId)),
  ]);
  return { day, extra: row?.extra ?? 0, balance: bal?.balance ?? 0 };
}

/**
 * 10 extra Swap Swipe right swipes for today (Australia/Sydney) for 1 token, in one transaction:
 * the token is spent (refused with 'tokens_insufficient' at a zero balance, and nothing is added)
 * and today's extra allowance grows by 10. The Swap Swipe deck adds it to the free allowance.
 */
export async function buyExtraSwipes(db: Db, userId: string, now: Date): Promise<ExtraSwipes> {
  return db.transaction(async (tx) => {
    const balance = await bookTokens(tx, { userId, delta: -EXTRA_SWIPES_TOKENS, reason: 'extra_swipes', sourceId: newId(), now });
    const day = swipeDay(now);
    const [row] = await tx
      .insert(swipeExtras)
      .values({ userId, day, extra: EXTRA_SWIPES, updatedAt: now })
      .onConflictDoUpdate({
        target: [swipeExtras.userId, swipeExtras.day],
        set: { extra: sql`${swipeExtras.extra} + ${EXTRA_SWIPES}`, updatedAt: now },
      })
      .returning({ extra: swipeExtras.extra });
    return { day, extra: row!.extra, balance };
  });
}
