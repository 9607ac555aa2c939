import { desc, eq, lte } from 'drizzle-orm';
import type { BlogPost, BlogPostSummary } from '@swapu/shared/api';
import type { Tx } from '../../db/client';
import { blogPosts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { mediaUrl } from '../../lib/storage';

/** Public URL of a post's cover (its large variant), or null. */
export const blogCoverUrl = (key: string | null) => (key ? mediaUrl(`${key}/lg.webp`) : null);

type Row = typeof blogPosts.$inferSelect;
const summary = (r: Row): BlogPostSummary => ({
  id: r.id,
  urlTitle: r.urlTitle,
  title: r.title,
  summary: r.summary,
  author: r.authorName,
  // Only published rows reach here (the queries below keep drafts out).
  publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
  coverUrl: blogCoverUrl(r.coverKey),
});

export async function listBlogPosts(db: Tx, now: Date): Promise<BlogPostSummary[]> {
  const rows = await db.select().from(blogPosts).where(lte(blogPosts.publishedAt, now)).orderBy(desc(blogPosts.publishedAt)).limit(100);
  return rows.map(summary);
}

async function one(db: Tx, now: Date, where: ReturnType<typeof eq>): Promise<BlogPost> {
  const [row] = await db.select().from(blogPosts).where(where).limit(1);
  if (!row || !row.publishedAt || row.publishedAt > now) throw errors.notFound();
  return { ...summary(row), body: row.body };
}

export const getBlogPost = (db: Tx, now: Date, id: string) => one(db, now, eq(blogPosts.id, id));
/** The spec's lookup of a Blog Post whose urlTitle equals a given value. */
export const getBlogPostByUrlTitle = (db: Tx, now: Date, urlTitle: string) => one(db, now, eq(blogPosts.urlTitle, urlTitle));
