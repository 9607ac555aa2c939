import { verify } from '@node-rs/argon2';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { newsletterSubscribers, postImages, posts, subscriptions, userIdentities, users } from '../../db/schema/index';
import type { Storage } from '../../lib/storage';
import { endSessions } from '../auth/index';
import { withdrawPoints } from '../points/index';
import { AppError, errors } from '../../lib/errors';
import { DELETED_MEMBER_NAME } from '@swapu/shared/constants';

/**
 * Deletes an account after re-authentication with its password: personal data is erased, the
 * person's listings are withdrawn, every session is revoked, and the email can no longer sign in.
 * The row stays (anonymised) so other people's history keeps its shape.
 */
export async function deleteAccount(db: Db, storage: Storage, userId: string, password: string, now: Date) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw errors.notFound();
  if (!user.passwordHash || !(await verify(user.passwordHash, password).catch(() => false))) {
    throw new AppError(400, 'password_incorrect');
  }
  const photoDirs = await db.transaction(async (tx) => {
    // Every photo of every listing of theirs goes (their listings stay, archived, as the
    // other side of past offers, but without pictures of the person's things or home).
    const photos = await tx
      .delete(postImages)
      .where(inArray(postImages.postId, tx.select({ id: posts.id }).from(posts).where(eq(posts.ownerId, userId))))
      .returning({ storageKey: postImages.storageKey });
    await tx
      .update(users)
      .set({
        email: `deleted-${user.id}@deleted.invalid`,
        passwordHash: null,
        displayName: DELETED_MEMBER_NAME,
        bio: '',
        suburb: null,
        postcode: null,
        auState: null,
        lat: null,
        lng: null,
        interests: [],
        avatarKey: null,
        bannerKey: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpRecoveryHashes: [],
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx.delete(userIdentities).where(eq(userIdentities.userId, userId));
    await tx.delete(newsletterSubscribers).where(sql`lower(${newsletterSubscribers.email}) = ${user.email.toLowerCase()}`);
    await tx.delete(posts).where(and(eq(posts.ownerId, userId), eq(posts.state, 'draft')));
    await tx
      .update(posts)
      .set({ state: 'archived', updatedAt: now })
      .where(and(eq(posts.ownerId, userId), inArray(posts.state, ['published', 'reserved'])));
    await endSessions(tx, userId, now);
    // Off every leaderboard at once, the ranks below moving up (the points ledger stays).
    await withdrawPoints(tx, userId);
    await tx
      .update(subscriptions)
      .set({ status: 'cancelled', cancelledAt: now })
      .where(and(eq(subscriptions.userId, userId), eq(subscriptions.status, 'active')));
    return photos.map((p) => `${p.storageKey}/`);
  });
  // After commit: the avatar, the banner and every listing photo leave storage (URLs answer 404).
  for (const dir of [`avatars/${userId}/`, `banners/${userId}/`, ...photoDirs]) await storage.remove(dir);
}
