import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { toWebVariants, type Variant } from '../../lib/images';
import type { Storage } from '../../lib/storage';

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
export const profileImageUrl = (key: string | null) => (key ? `/media/${key}/lg.webp` : null);

/** How another member appears next to what they did (offers, reviews, chats): id, name, avatar. */
export const userRef = (u: { id: string; displayName: string; avatarKey: string | null }) => ({
  id: u.id,
  displayName: u.displayName,
  avatarUrl: profileImageUrl(u.avatarKey),
});

/** Validates, strips and stores a new avatar or banner, then points the account at it. */
export async function setProfileImage(db: Tx, storage: Storage, userId: string, kind: ProfileImageKind, file: Buffer) {
  const variants = await toWebVariants(file, VARIANTS[kind]);
  const key = `${kind}s/${userId}/${newId()}`;
  for (const [name, buf] of variants) await storage.put(`${key}/${name}.webp`, buf);
  const column = kind === 'avatar' ? { avatarKey: key } : { bannerKey: key };
  await db.update(users).set(column).where(eq(users.id, userId));
  return profileImageUrl(key);
}

export async function clearProfileImage(db: Tx, userId: string, kind: ProfileImageKind) {
  await db
    .update(users)
    .set(kind === 'avatar' ? { avatarKey: null } : { bannerKey: null })
    .where(eq(users.id, userId));
}
