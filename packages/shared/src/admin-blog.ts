import { z } from 'zod';
import { DOCS_SLUGS } from './docs';

/**
 * The admin console's blog (issue 20): posts written in markdown, each at /swapu-blog/post/{id}
 * and, once published, at its bare /{urlTitle} (the spec's unknown-path lookup).
 */
export const BLOG_TITLE_MAX = 160;
export const BLOG_SUMMARY_MAX = 400;
export const BLOG_BODY_MAX = 100_000;
export const BLOG_URL_TITLE_MAX = 80;
/** Lower-case letters and digits in words joined by single hyphens: "how-to-swap-safely". */
export const BLOG_URL_TITLE_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * First path segments the web app or the server already answer: a post there could never be
 * reached at its bare /{urlTitle} (the router matches paths case-insensitively, so these are
 * compared lower-cased). Kept in step with apps/web/src/app/router.tsx by a web test.
 */
export const BLOG_RESERVED_URL_TITLES: ReadonlySet<string> = new Set([
  'faq',
  'activity',
  'admin',
  'advanced-search',
  'all-categories',
  'auth',
  'carbon-calculator',
  'categories-filter',
  'categories-interests',
  'checkout',
  'chooseinterest',
  'create',
  'delivery-calculator',
  'delivery-swap',
  'demo',
  'dev',
  'discuss',
  'docs',
  'editpost',
  'email-edit',
  'email-subscription',
  'favorite',
  'forgot-password',
  'leaderboard',
  'my-delivery',
  'my-delivery-status',
  'myswapu',
  'notification',
  'offer-item',
  'offers',
  'onboarding',
  'privacy',
  'receipts',
  'reset-password',
  'review-swap',
  'search',
  'search-filter',
  'subscription',
  'suggested',
  'swap-chain-liked',
  'swap-offer',
  'swap-status',
  'swap-swipe',
  'swap-swipe-cancel',
  'swap-swipe-success',
  'swapu-blog',
  'terms-and-conditions',
  'testnewproductpage',
  'testsearchalgolia',
  'tokens',
  'user-coupon',
  'user-detail',
  'viewpost',
  'welcome-mail',
  // The server's own paths.
  'api',
  'media',
  'assets',
  'identity',
  'robots',
  'sitemap',
  // The documentation area's bare paths (/value-proposition, /risk, …) redirect into /docs.
  ...DOCS_SLUGS.filter((s) => s !== 'index'),
]);

/** Whether a urlTitle has the slug's form and is not one of the app's own paths. */
export const isValidUrlTitle = (value: string) =>
  value.length <= BLOG_URL_TITLE_MAX && BLOG_URL_TITLE_PATTERN.test(value) && !BLOG_RESERVED_URL_TITLES.has(value);

/**
 * The urlTitle a title suggests: accents dropped, lower-cased, anything else between words turned
 * into one hyphen, cut at a word boundary to fit. "Swapping in São Paulo!" → "swapping-in-sao-paulo".
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let out = '';
  for (const w of words) {
    const next = out ? `${out}-${w}` : w;
    if (next.length > BLOG_URL_TITLE_MAX) break;
    out = next;
  }
  return out || words[0]?.slice(0, BLOG_URL_TITLE_MAX) || '';
}

/** What the editor saves (create and update alike): the whole post but its cover and state. */
export const AdminBlogPostBodySchema = z.object({
  title: z.string().trim().min(1).max(BLOG_TITLE_MAX),
  urlTitle: z.string().trim().min(1).max(BLOG_URL_TITLE_MAX),
  summary: z.string().trim().max(BLOG_SUMMARY_MAX).default(''),
  body: z
    .string()
    .max(BLOG_BODY_MAX)
    .refine((s) => s.trim().length > 0, { message: 'required' }),
});
export type AdminBlogPostBody = z.input<typeof AdminBlogPostBodySchema>;
export type AdminBlogPostFields = z.output<typeof AdminBlogPostBodySchema>;

export const BLOG_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

/** One post as the console lists it (no body). */
export const AdminBlogPostSummarySchema = z.object({
  id: z.string(),
  urlTitle: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  /** draft: never published or unpublished; scheduled: a publication time still ahead (seeded posts). */
  status: z.enum(BLOG_STATUSES),
  publishedAt: z.string().nullable(),
  coverUrl: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBlogPostSummary = z.infer<typeof AdminBlogPostSummarySchema>;
export const AdminBlogPostSchema = AdminBlogPostSummarySchema.extend({ body: z.string() });
export type AdminBlogPost = z.infer<typeof AdminBlogPostSchema>;
export const AdminBlogListSchema = z.object({ items: z.array(AdminBlogPostSummarySchema) });
export type AdminBlogList = z.infer<typeof AdminBlogListSchema>;
/** The console lists the newest-edited posts first, at most this many. */
export const ADMIN_BLOG_LIST_MAX = 500;
