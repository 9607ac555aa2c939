import { desc, eq } from 'drizzle-orm';
import {
  ADMIN_BLOG_LIST_MAX,
  type AdminBlogPost,
  type AdminBlogPostFields,
  type AdminBlogPostSummary,
  type BlogStatus,
  isValidUrlTitle,
} from '@swapu/shared/admin-blog';
import type { Db, Tx } from '../../db/client';
import { blogPosts, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { toWebVariants, type Variant } from '../../lib/images';
import type { Storage } from '../../lib/storage';
import { blogCoverUrl } from '../blog/index';
import { AppError, errors } from '../../lib/errors';
import { recordAudit } from '../../lib/audit';

type Row = typeof blogPosts.$inferSelect;

/**
 * A cover is stored as two web variants cropped to the Open Graph shape (1.91:1): the large one is
 * the post's header and its link preview, the small one the console's thumbnail.
 */
const COVER_VARIANTS: Variant[] = [
  { name: 'lg', width: 1200, height: 630 },
  { name: 'sm', width: 600, height: 315 },
];

const statusOf = (r: Row, now: Date): BlogStatus => (!r.publishedAt ? 'draft' : r.publishedAt > now ? 'scheduled' : 'published');

const summaryOf = (r: Row, now: Date): AdminBlogPostSummary => ({
  id: r.id,
  urlTitle: r.urlTitle,
  title: r.title,
  summary: r.summary,
  author: r.authorName,
  status: statusOf(r, now),
  publishedAt: r.publishedAt?.toISOString() ?? null,
  coverUrl: blogCoverUrl(r.coverKey),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});
const postOf = (r: Row, now: Date): AdminBlogPost => ({ ...summaryOf(r, now), body: r.body });

/** What the audit log keeps of a post (its body only as a length: the log is not an archive). */
const auditView = (r: Row) => ({
  urlTitle: r.urlTitle,
  title: r.title,
  summary: r.summary,
  bodyLength: r.body.length,
  publishedAt: r.publishedAt?.toISOString() ?? null,
  coverKey: r.coverKey,
});

/** The unique index on url_title refused the row (PostgreSQL and PGlite both say 23505). */
function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const taken = () => new AppError(409, 'blog_url_title_taken', { urlTitle: 'taken' });

/** The editor's fields, checked beyond their zod shape: the urlTitle's form and reserved names. */
function checked(body: AdminBlogPostFields) {
  if (!isValidUrlTitle(body.urlTitle)) throw errors.badRequest('blog_url_title_invalid', { urlTitle: 'invalid' });
  return body;
}

/** Every post, drafts included, the most recently edited first. */
export async function listAdminBlogPosts(db: Tx, now: Date): Promise<AdminBlogPostSummary[]> {
  const rows = await db.select().from(blogPosts).orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id)).limit(ADMIN_BLOG_LIST_MAX);
  return rows.map((r) => summaryOf(r, now));
}

async function rowOf(db: Tx, id: string, lock = false): Promise<Row> {
  const q = db.select().from(blogPosts).where(eq(blogPosts.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw errors.notFound();
  return row;
}

export async function getAdminBlogPost(db: Tx, id: string, now: Date): Promise<AdminBlogPost> {
  return postOf(await rowOf(db, id), now);
}

/** A new post, always a draft; the author is the admin writing it (their name at this moment). */
export async function createAdminBlogPost(db: Db, actorId: string, body: AdminBlogPostFields, now: Date): Promise<AdminBlogPost> {
  const fields = checked(body);
  try {
    return await db.transaction(async (tx) => {
      const [author] = await tx.select({ name: users.displayName }).from(users).where(eq(users.id, actorId));
      const [row] = await tx
        .insert(blogPosts)
        .values({
          id: newId(),
          ...fields,
          authorId: actorId,
          authorName: author?.name || 'SwapU',
          publishedAt: null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: blogPosts.urlTitle })
        .returning();
      if (!row) throw taken();
      await recordAudit(tx, { actorId, action: 'blog.create', targetType: 'blog', targetId: row.id, after: auditView(row) }, now);
      return postOf(row, now);
    });
  } catch (err) {
    // Two creates racing for one urlTitle: the loser's insert waits on the winner's and is refused.
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Saves the editor's fields; a published post stays published (its page shows the new text). */
export async function updateAdminBlogPost(
  db: Db,
  actorId: string,
  id: string,
  body: AdminBlogPostFields,
  now: Date,
): Promise<AdminBlogPost> {
  const fields = checked(body);
  try {
    return await db.transaction(async (tx) => {
      const before = await rowOf(tx, id, true);
      if (fields.urlTitle !== before.urlTitle) {
        const [clash] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.urlTitle, fields.urlTitle));
        if (clash) throw taken();
      }
      const [row] = await tx
        .update(blogPosts)
        .set({ ...fields, updatedAt: now })
        .where(eq(blogPosts.id, id))
        .returning();
      await recordAudit(
        tx,
        { actorId, action: 'blog.update', targetType: 'blog', targetId: id, before: auditView(before), after: auditView(row!) },
        now,
      );
      return postOf(row!, now);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * Publishing sets published_at to now: the post shows on the blog, in the sitemap and at its bare
 * /{urlTitle}. A republished post is dated anew (unpublishing cleared the old date; the audit log
 * keeps it). Publishing a published post changes nothing and writes nothing.
 */
export async function setAdminBlogPublished(db: Db, actorId: string, id: string, publish: boolean, now: Date): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const before = await rowOf(tx, id, true);
    const live = before.publishedAt !== null && before.publishedAt <= now;
    // A scheduled (future-dated) post counts as not yet published: publishing brings it forward.
    if (publish ? live : before.publishedAt === null) return postOf(before, now);
    const [row] = await tx
      .update(blogPosts)
      .set({ publishedAt: publish ? now : null, updatedAt: now })
      .where(eq(blogPosts.id, id))
      .returning();
    await recordAudit(
      tx,
      {
        actorId,
        action: publish ? 'blog.publish' : 'blog.unpublish',
        targetType: 'blog',
        targetId: id,
        before: { publishedAt: before.publishedAt?.toISOString() ?? null },
        after: { publishedAt: row!.publishedAt?.toISOString() ?? null },
      },
      now,
    );
    return postOf(row!, now);
  });
}

/** Deletes a post (and then its cover files): its URLs stop answering. */
export async function deleteAdminBlogPost(db: Db, storage: Storage, actorId: string, id: string, now: Date): Promise<void> {
  const coverKey = await db.transaction(async (tx) => {
    const before = await rowOf(tx, id, true);
    await tx.delete(blogPosts).where(eq(blogPosts.id, id));
    await recordAudit(tx, { actorId, action: 'blog.delete', targetType: 'blog', targetId: id, before: auditView(before) }, now);
    return before.coverKey;
  });
  if (coverKey) await storage.remove(`${coverKey}/`);
}

/**
 * Sets (or, with no file, removes) a post's cover. New files are written before the row changes
 * and the replaced ones removed after it commits, so a crash leaves at worst an orphan file.
 */
export async function setAdminBlogCover(
  db: Db,
  storage: Storage,
  actorId: string,
  id: string,
  file: Buffer | null,
  now: Date,
): Promise<AdminBlogPost> {
  await rowOf(db, id);
  let key: string | null = null;
  if (file) {
    const variants = await toWebVariants(file, COVER_VARIANTS);
    key = `blog/${id}/${newId()}`;
    for (const [name, buf] of variants) await storage.put(`${key}/${name}.webp`, buf);
  }
  let replaced: string | null = null;
  try {
    const post = await db.transaction(async (tx) => {
      const before = await rowOf(tx, id, true);
      replaced = before.coverKey;
      const [row] = await tx.update(blogPosts).set({ coverKey: key, updatedAt: now }).where(eq(blogPosts.id, id)).returning();
      await recordAudit(
        tx,
        {
          actorId,
          action: 'blog.update',
          targetType: 'blog',
          targetId: id,
          before: { coverKey: before.coverKey },
          after: { coverKey: key },
          reason: key ? 'cover' : 'cover removed',
        },
        now,
      );
      return postOf(row!, now);
    });
    if (replaced && replaced !== key) await storage.remove(`${replaced}/`);
    return post;
  } catch (err) {
    // The post went away meanwhile: the new files have no row to belong to.
    if (key) await storage.remove(`${key}/`);
    throw err;
  }
}
