import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { toWebVariants, type Variant } from '../../lib/images';
import { mediaUrl, type Storage } from '../../lib/storage';

export type ProfileImageKind = 'avatar' | 'banner';

const VARIANTS: Record<ProfileImageKind, Variant[]> = {
  avatar: [
    { name: 'lg', width: 512, height: 512 },
    { name: 'sm', width: 128, height: 128 },
  ],
  banner: [
    { name: 'lg', width: 1500, height: 500 },
    { name: 'sm', width: 750, height: 250 },
  ],
};

/** Public URL of a stored profile image (its large variant). */
export const profileImageUrl = (key: string | null) => (key ? mediaUrl(`${key}/lg.webp`) : null);

/** How another member appears next to what they did (offers, reviews, chats): id, name, avatar. */
export const userRef = (u: { id: string; displayName: string; avatarKey: string | null }) => ({
  id: u.id,
  displayName: u.displayName,
  avatarUrl: profileImageUrl(u.avatarKey),
});

/**
 * Points the account at a new image key (or none) and returns the key it replaces, reading and
 * writing under a row lock so two changes at once each see the key they replace.
 */
async function swapKey(db: Db, userId: string, kind: ProfileImageKind, key: string | null): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ avatarKey: users.avatarKey, bannerKey: users.bannerKey })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    await tx
      .update(users)
      .set(kind === 'avatar' ? { avatarKey: key } : { bannerKey: key })
      .where(eq(users.id, userId));
    return (kind === 'avatar' ? row?.avatarKey : row?.bannerKey) ?? null;
  });
}

/**
 * Validates, strips and stores a new avatar or banner, points the account at it, then removes the
 * one it replaces (its URL stops answering). New files are written before the row changes and old
 * ones removed after, so a crash leaves at worst an orphan file, never a broken image.
 */
export async function setProfileImage(db: Db, storage: Storage, userId: string, kind: ProfileImageKind, file: Buffer) {
  const variants = await toWebVariants(file, VARIANTS[kind]);
  const key = `${kind}s/${userId}/${newId()}`;
  for (const [name, buf] of variants) await storage.put(`${key}/${name}.webp`, buf);
  const replaced = await swapKey(db, userId, kind, key);
  if (replaced) await storage.remove(`${replaced}/`);
  return profileImageUrl(key);
}

/** Removes the account's avatar or banner: the row first, then the files. */
export async function clearProfileImage(db: Db, storage: Storage, userId: string, kind: ProfileImageKind) {
  const replaced = await swapKey(db, userId, kind, null);
  if (replaced) await storage.remove(`${replaced}/`);
}
