import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/client';
import { blogPosts, postImages, posts, subscriptions, users } from '../db/schema/index';

const HOUR = 3600_000;

/** Inserts a user; every field has a sensible default. */
export async function createUser(db: Tx, overrides: Partial<typeof users.$inferInsert> = {}) {
  const id = overrides.id ?? randomUUID();
  const [row] = await db
    .insert(users)
    .values({
      id,
      email: `user-${id.slice(0, 8)}@example.com`,
      displayName: 'Alex Citizen',
      suburb: 'Fitzroy',
      postcode: '3065',
      auState: 'VIC',
      lat: -37.8,
      lng: 144.97,
      createdAt: new Date('2025-01-01T00:00:00Z'),
      // Like every account made through the sign-up form: terms and privacy accepted.
      termsAcceptedAt: new Date('2025-01-01T00:00:00Z'),
      privacyAcceptedAt: new Date('2025-01-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * Inserts a post for `ownerId`, published 48 hours before `now` unless told otherwise, with every
 * required field filled (creating the owner when none is given).
 */
export async function createPost(db: Tx, overrides: Partial<typeof posts.$inferInsert> & { now?: Date } = {}) {
  const { now = new Date('2026-11-20T00:00:00Z'), ...rest } = overrides;
  const ownerId = rest.ownerId ?? (await createUser(db)).id;
  const state = rest.state ?? 'published';
  const [row] = await db
    .insert(posts)
    .values({
      id: randomUUID(),
      ownerId,
      state,
      title: 'Giant Talon mountain bike',
      description: 'Well looked after, new tyres last spring.',
      categories: ['bicycles'],
      keywords: ['bike', 'mtb'],
      wishCategories: ['camping-and-fishing'],
      wishKeywords: ['tent'],
      cashValueCents: 45_000,
      weightKg: 13.5,
      lengthCm: 170,
      widthCm: 60,
      heightCm: 100,
      materials: [
        { material: 'aluminium', percent: 70 },
        { material: 'rubber', percent: 20 },
      ],
      suburb: 'Fitzroy',
      postcode: '3065',
      auState: 'VIC',
      lat: -37.8,
      lng: 144.97,
      condition: 'used-good',
      openToSelling: true,
      openToSwapAnything: false,
      deliveryOption: 'person-to-person',
      createdAt: new Date(now.getTime() - 49 * HOUR),
      publishedAt: state === 'draft' ? null : new Date(now.getTime() - 48 * HOUR),
      ...rest,
    })
    .returning();
  return row!;
}

export async function addImage(db: Tx, postId: string, position = 0) {
  const id = randomUUID();
  const [row] = await db
    .insert(postImages)
    .values({ id, postId, position, storageKey: `posts/${postId}/${id}`, width: 960, height: 960 })
    .returning();
  return row!;
}

export async function addSubscription(db: Tx, userId: string, overrides: Partial<typeof subscriptions.$inferInsert> = {}) {
  const [row] = await db
    .insert(subscriptions)
    .values({
      id: randomUUID(),
      userId,
      status: 'active',
      currentPeriodEnd: new Date('2026-12-20T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createBlogPost(db: Tx, overrides: Partial<typeof blogPosts.$inferInsert> = {}) {
  const [row] = await db
    .insert(blogPosts)
    .values({
      id: randomUUID(),
      urlTitle: `post-${randomUUID().slice(0, 8)}`,
      title: 'Swapping in spring',
      summary: 'Tips.',
      body: 'Hello.',
      authorName: 'The SwapU team',
      publishedAt: new Date('2026-11-01T00:00:00Z'),
      ...overrides,
    })
    .returning();
  return row!;
}
