import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

export type MaterialRow = { material: string; percent: number };

export const posts = pgTable(
  'posts',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('draft'),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    keywords: text('keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wishCategories: text('wish_categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    wishKeywords: text('wish_keywords')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cashValueCents: integer('cash_value_cents'),
    weightKg: doublePrecision('weight_kg'),
    lengthCm: doublePrecision('length_cm'),
    widthCm: doublePrecision('width_cm'),
    heightCm: doublePrecision('height_cm'),
    sizePreset: text('size_preset'),
    materials: jsonb('materials')
      .$type<MaterialRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    suburb: text('suburb'),
    postcode: text('postcode'),
    auState: text('au_state'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    condition: text('condition').notNull().default('used-good'),
    openToSelling: boolean('open_to_selling').notNull().default(false),
    openToSwapAnything: boolean('open_to_swap_anything').notNull().default(false),
    deliveryOption: text('delivery_option').notNull().default('sendle'),
    boostedUntil: timestamp('boosted_until', { withTimezone: true }),
    swapAssistUntil: timestamp('swap_assist_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * Set when an admin hid the listing (moderation): it is archived, the owner is told this reason,
     * and it cannot be published again while it is set.
     */
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    // The feed: newest published first, keyset-paged on (published_at, id).
    index('posts_feed_idx')
      .on(t.publishedAt.desc(), t.id.desc())
      .where(sql`${t.state} = 'published'`),
    index('posts_owner_idx').on(t.ownerId, t.state),
    index('posts_categories_idx').using('gin', t.categories),
    check('posts_state_check', sql`${t.state} in ('draft', 'published', 'reserved', 'swapped', 'sold', 'archived')`),
    check('posts_condition_check', sql`${t.condition} in ('used-fair', 'used-good', 'used-like-new', 'new')`),
    check('posts_delivery_check', sql`${t.deliveryOption} in ('sendle', 'person-to-person')`),
    // A listing an admin hid stays archived until the hiding is lifted.
    check('posts_hidden_check', sql`${t.hiddenReason} is null or ${t.state} = 'archived'`),
    check('posts_cash_value_check', sql`${t.cashValueCents} is null or ${t.cashValueCents} >= 0`),
    // A published post has every required field (spec section 5), whatever the code does.
    check(
      'posts_published_complete_check',
      sql`${t.state} = 'draft' or (${t.publishedAt} is not null and ${t.cashValueCents} is not null
        and ${t.weightKg} > 0 and ${t.lengthCm} > 0 and ${t.widthCm} > 0 and ${t.heightCm} > 0
        and cardinality(${t.categories}) >= 1)`,
    ),
  ],
);

export const postImages = pgTable(
  'post_images',
  {
    id: text('id').primaryKey(),
    postId: text('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /**
     * The NSFW check's sum of its sexual classes, and 'flagged' when it came close to the refusal line
     * (decision 0007) so an admin should look; reviewedAt once one did.
     */
    moderationScore: doublePrecision('moderation_score'),
    moderationFlag: text('moderation_flag'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('post_images_post_idx').on(t.postId, t.position),
    index('post_images_flagged_idx')
      .on(t.createdAt)
      .where(sql`${t.moderationFlag} is not null and ${t.reviewedAt} is null`),
  ],
);
