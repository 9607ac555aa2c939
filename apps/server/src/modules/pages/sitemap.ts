import { and, count, desc, sql } from 'drizzle-orm';
import { paths } from '@swapu/shared/paths';
import { blogPosts, posts } from '../../db/schema/index';
import type { Tx } from '../../db/client';
import { GUEST, visiblePublishedCondition } from '../../lib/viewer';

/** Listings per sitemap file (the protocol allows 50,000; smaller files are quicker to regenerate). */
export const SITEMAP_PAGE_SIZE = 5000;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const urlset = (urls: { loc: string; lastmod?: Date }[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((u) => `  <url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`)
    .join('\n')}\n</urlset>\n`;

/** What a guest may see, and nothing else: published, past its 24 hours of early access. */
const guestVisible = (now: Date) => visiblePublishedCondition(GUEST, now);

/** /sitemap.xml: the index of the sitemap files (the fixed pages and blog, then the listings by page). */
export async function sitemapIndex(db: Tx, now: Date, publicUrl: string): Promise<string> {
  const [row] = await db.select({ n: count() }).from(posts).where(guestVisible(now));
  const pages = Math.max(1, Math.ceil((row?.n ?? 0) / SITEMAP_PAGE_SIZE));
  const files = [
    `${publicUrl}/sitemap-pages.xml`,
    ...Array.from({ length: pages }, (_, i) => `${publicUrl}/sitemap-posts.xml?page=${i + 1}`),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
    .map((f) => `  <sitemap><loc>${escapeXml(f)}</loc></sitemap>`)
    .join('\n')}\n</sitemapindex>\n`;
}

/** The public pages that do not change with the data, and every blog post. */
export async function sitemapPages(db: Tx, now: Date, publicUrl: string): Promise<string> {
  const fixed = [
    paths.home,
    paths.allCategories,
    paths.activity,
    paths.leaderboard,
    paths.swapSwipe,
    paths.blog,
    paths.faq,
    paths.terms,
    paths.privacy,
  ];
  const blog = await db
    .select({ id: blogPosts.id, publishedAt: blogPosts.publishedAt })
    .from(blogPosts)
    .where(sql`${blogPosts.publishedAt} <= ${now.toISOString()}::timestamptz`)
    .orderBy(desc(blogPosts.publishedAt));
  return urlset([
    ...fixed.map((p) => ({ loc: `${publicUrl}${p}` })),
    ...blog.map((b) => ({ loc: `${publicUrl}${paths.blogPost(b.id)}`, lastmod: b.publishedAt })),
  ]);
}

/** One page of listings a guest may see, newest first; null past the last page. */
export async function sitemapPosts(db: Tx, now: Date, publicUrl: string, page: number): Promise<string | null> {
  const rows = await db
    .select({ id: posts.id, updatedAt: posts.updatedAt })
    .from(posts)
    .where(and(guestVisible(now)))
    .orderBy(sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`)
    .limit(SITEMAP_PAGE_SIZE)
    .offset((page - 1) * SITEMAP_PAGE_SIZE);
  if (rows.length === 0 && page > 1) return null;
  return urlset(rows.map((r) => ({ loc: `${publicUrl}${paths.viewPost(r.id)}`, lastmod: r.updatedAt })));
}

/** /robots.txt: crawl the public pages; never the API, accounts, admin or sign-in paths. */
export function robotsTxt(publicUrl: string): string {
  const disallow = [
    '/api/',
    '/identity/',
    '/admin',
    '/auth',
    '/myswapu',
    '/offers',
    '/offer-item/',
    '/swap-offer',
    '/swap-status',
    '/review-swap',
    '/discuss',
    '/create',
    '/editPost/',
    '/favorite',
    '/notification',
    '/user-detail/',
    '/onboarding',
    '/subscription',
    '/tokens',
    '/checkout/',
    '/user-coupon',
    '/my-delivery',
    '/welcome-mail',
    '/forgot-password',
    '/email-edit',
    '/dev/',
  ];
  return `User-agent: *\n${disallow.map((p) => `Disallow: ${p}`).join('\n')}\nAllow: /\n\nSitemap: ${publicUrl}/sitemap.xml\n`;
}
