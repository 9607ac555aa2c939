import { hasEarlyAccess } from '../../lib/viewer';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Me, MeUpdate, PublicProfile } from '@swapu/shared/account';
import type { Tx } from '../../db/client';
import { localities, users } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { userStats, profileImageUrl } from '../members/index';

type UserRow = typeof users.$inferSelect;

const toMe = (u: UserRow, subscriber: boolean): Me => ({
  id: u.id,
  email: u.email,
  displayName: u.displayName,
  bio: u.bio,
  suburb: u.suburb,
  postcode: u.postcode,
  auState: u.auState,
  interests: u.interests,
  language: u.language === 'pt-PT' ? 'pt-PT' : 'en-US',
  role: u.role === 'admin' || u.role === 'docs' ? u.role : 'user',
  banned: u.banned,
  subscriber,
  hideOnboarding: u.hideOnboarding,
  skipTour: u.skipTour,
  messageDigest: u.messageDigest,
  emailVerified: !!u.emailVerifiedAt,
  termsAccepted: u.termsAcceptedAt !== null && u.privacyAcceptedAt !== null,
  twoFactorEnabled: !!u.totpEnabledAt,
  avatarUrl: profileImageUrl(u.avatarKey),
  bannerUrl: profileImageUrl(u.bannerKey),
  createdAt: u.createdAt.toISOString(),
});

async function liveUser(db: Tx, id: string): Promise<UserRow> {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u || u.deletedAt) throw errors.notFound();
  return u;
}

/** The caller's own account. */
export async function getMe(db: Tx, userId: string, subscriber: boolean): Promise<Me> {
  return toMe(await liveUser(db, userId), subscriber);
}

/** The owner accepts the terms and conditions and the privacy policy (an account made without them). */
export async function acceptTerms(db: Tx, userId: string, subscriber: boolean, now: Date): Promise<Me> {
  const [u] = await db
    .update(users)
    .set({
      termsAcceptedAt: sql`coalesce(${users.termsAcceptedAt}, ${now.toISOString()}::timestamptz)`,
      privacyAcceptedAt: sql`coalesce(${users.privacyAcceptedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning();
  if (!u) throw errors.notFound();
  return toMe(u, subscriber);
}

/**
 * Updates the caller's own account. The address must resolve to an Australian locality
 * ('Please enter valid address'); the name must be a plausible name ('Please enter valid name').
 */
export async function updateMe(db: Tx, userId: string, subscriber: boolean, patch: MeUpdate, now: Date): Promise<Me> {
  const set: Partial<typeof users.$inferInsert> = { updatedAt: now };
  if (patch.displayName !== undefined) set.displayName = patch.displayName;
  if (patch.bio !== undefined) set.bio = patch.bio;
  if (patch.interests !== undefined) set.interests = [...new Set(patch.interests)];
  if (patch.language !== undefined) set.language = patch.language;
  if (patch.hideOnboarding !== undefined) set.hideOnboarding = patch.hideOnboarding;
  if (patch.skipTour !== undefined) set.skipTour = patch.skipTour;
  if (patch.messageDigest !== undefined) set.messageDigest = patch.messageDigest;
  if (patch.address) {
    const [loc] = await db
      .select()
      .from(localities)
      .where(and(sql`lower(${localities.suburb}) = ${patch.address.suburb.toLowerCase()}`, eq(localities.postcode, patch.address.postcode)))
      .limit(1);
    if (!loc) throw new AppError(400, 'address_invalid', { address: 'address_invalid' });
    Object.assign(set, { suburb: loc.suburb, postcode: loc.postcode, auState: loc.auState, lat: loc.lat, lng: loc.lng });
  }
  const [u] = await db.update(users).set(set).where(eq(users.id, userId)).returning();
  if (!u) throw errors.notFound();
  return toMe(u, subscriber);
}

/** Anyone's public profile, with the rating and swaps of their completed offers. */
export async function getPublicProfile(db: Tx, id: string, now: Date): Promise<PublicProfile> {
  const u = await liveUser(db, id);
  const stats = (await userStats(db, [u.id])).get(u.id)!;
  const subscriber = await hasEarlyAccess(db, u.id, now);
  return {
    id: u.id,
    displayName: u.displayName,
    bio: u.bio,
    suburb: u.suburb,
    auState: u.auState,
    interests: u.interests,
    avatarUrl: profileImageUrl(u.avatarKey),
    bannerUrl: profileImageUrl(u.bannerKey),
    memberSince: u.createdAt.toISOString(),
    ...stats,
    subscriber,
  };
}
