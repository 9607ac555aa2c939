import { z } from 'zod';
import { CATEGORIES, CONDITIONS, DELIVERY_OPTIONS, POST_STATES, POSTS_LIMIT_DEFAULT, POSTS_LIMIT_MAX } from './constants';
import { REPORT_REASONS } from './constants';
export { REPORT_REASONS };

/** The error body every API failure renders. */
export const ErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const CategorySlugSchema = z.enum(CATEGORIES);

/**
 * Query of the feed: `limit` 1–50 (default 10), an opaque cursor from the previous page, and an
 * optional category and plain keyword filter (the search issue adds ranked search).
 */
export const PostListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(POSTS_LIMIT_MAX).default(POSTS_LIMIT_DEFAULT),
  cursor: z.string().max(200).optional(),
  category: z.enum(CATEGORIES).optional(),
  q: z.string().trim().max(100).optional(),
});
export type PostListQuery = z.infer<typeof PostListQuerySchema>;

export const MaterialSchema = z.object({
  material: z.string().min(1).max(40),
  percent: z.number().int().min(1).max(100),
});
export type Material = z.infer<typeof MaterialSchema>;

export const PostImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  /** The whole photo at each width it is stored in (`srcset`), never wider than `width`. */
  srcSet: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type PostImage = z.infer<typeof PostImageSchema>;

export const PostOwnerSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  suburb: z.string().nullable(),
  auState: z.string().nullable(),
  memberSince: z.string(),
  avatarUrl: z.string().nullable(),
  /** Average review stars (1–5), null until reviewed. */
  rating: z.number().nullable(),
  reviewsCount: z.number().int(),
  swapsCompleted: z.number().int(),
});

/** A card in a feed: what a list needs, no more. */
export const PostCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  cashValueCents: z.number().int(),
  condition: z.enum(CONDITIONS),
  categories: z.array(z.string()),
  suburb: z.string().nullable(),
  auState: z.string().nullable(),
  openToSelling: z.boolean(),
  openToSwapAnything: z.boolean(),
  thumbUrl: z.string().nullable(),
  /** The square photo at 240, 480 and 720 px (`srcset`). */
  thumbSrcSet: z.string().nullable(),
  publishedAt: z.string(),
  boosted: z.boolean(),
});
export type PostCard = z.infer<typeof PostCardSchema>;

export const PostListSchema = z.object({
  items: z.array(PostCardSchema),
  nextCursor: z.string().nullable(),
});
export type PostList = z.infer<typeof PostListSchema>;

/** Every spec field of an item post (section 3). */
export const PostDetailSchema = z.object({
  id: z.string(),
  state: z.enum(POST_STATES),
  title: z.string(),
  description: z.string(),
  categories: z.array(z.string()),
  keywords: z.array(z.string()),
  wishCategories: z.array(z.string()),
  wishKeywords: z.array(z.string()),
  cashValueCents: z.number().int(),
  weightKg: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  materials: z.array(MaterialSchema),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  auState: z.string().nullable(),
  condition: z.enum(CONDITIONS),
  openToSelling: z.boolean(),
  openToSwapAnything: z.boolean(),
  deliveryOption: z.enum(DELIVERY_OPTIONS),
  images: z.array(PostImageSchema),
  owner: PostOwnerSchema,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  boostedUntil: z.string().nullable(),
  swapAssistUntil: z.string().nullable(),
  /** How many people like it, and whether the signed-in viewer is one of them. */
  likeCount: z.number().int(),
  likedByMe: z.boolean(),
});
export type PostDetail = z.infer<typeof PostDetailSchema>;

export const PostIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const CategoryCountSchema = z.object({
  slug: z.string(),
  special: z.boolean(),
  count: z.number().int(),
});
export const CategoryListSchema = z.object({ items: z.array(CategoryCountSchema) });
export type CategoryCount = z.infer<typeof CategoryCountSchema>;

export const LocalityQuerySchema = z.object({
  q: z.string().trim().min(2).max(60),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export const LocalitySchema = z.object({
  id: z.number().int(),
  suburb: z.string(),
  postcode: z.string(),
  state: z.string(),
  lat: z.number(),
  lng: z.number(),
});
export type Locality = z.infer<typeof LocalitySchema>;
export const LocalityListSchema = z.object({ items: z.array(LocalitySchema) });
export type LocalityList = z.infer<typeof LocalityListSchema>;

export const BlogPostSummarySchema = z.object({
  id: z.string(),
  urlTitle: z.string(),
  title: z.string(),
  summary: z.string(),
  author: z.string(),
  publishedAt: z.string(),
  /** The cover image (also the page's link preview), if the post has one. */
  coverUrl: z.string().nullable(),
});
export const BlogPostSchema = BlogPostSummarySchema.extend({ body: z.string() });
export type BlogPostSummary = z.infer<typeof BlogPostSummarySchema>;
export type BlogPost = z.infer<typeof BlogPostSchema>;
export const BlogListSchema = z.object({ items: z.array(BlogPostSummarySchema) });
export const UrlTitleParamsSchema = z.object({ urlTitle: z.string().min(1).max(200) });
export const BlogIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** GET /api/health: alive, and which release this is (the root package.json's version, CHANGELOG.md). */
export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() });

/** PUT/DELETE /api/v1/posts/{id}/like. `matched` is true when this like completed a mutual match. */
export const LikeResultSchema = z.object({ liked: z.boolean(), matched: z.boolean(), likeCount: z.number().int() });
export type LikeResult = z.infer<typeof LikeResultSchema>;

/** A favourite on /favorite: the post's card and when it was liked. */
export const FavoriteListSchema = z.object({
  items: z.array(z.object({ likedAt: z.string(), post: PostCardSchema.extend({ state: z.enum(POST_STATES) }) })),
});
export type FavoriteList = z.infer<typeof FavoriteListSchema>;

export const ReportBodySchema = z.object({ reason: z.enum(REPORT_REASONS), details: z.string().trim().max(1000).default('') });
export type ReportBody = z.infer<typeof ReportBodySchema>;

/**
 * DELETE /api/v1/posts/{id}: 'deleted' (gone for good, with its photos), or 'archived' when it has
 * swap history (offers, a reservation, a swap or sale) that other people's records point at.
 */
export const PostDeleteResultSchema = z.object({ outcome: z.enum(['deleted', 'archived']) });
export type PostDeleteResult = z.infer<typeof PostDeleteResultSchema>;

/** GET /api/v1/me/posts: the owner's listings in every state, most recently changed first. */
export const MyPostSchema = PostCardSchema.extend({
  state: z.enum(POST_STATES),
  updatedAt: z.string(),
  likeCount: z.number().int(),
  /** When a running boost ends (null when the item is not boosted). */
  boostedUntil: z.string().nullable(),
  /** When this item's Swap Assist ends (its own or the owner's unlimited package), while it runs. */
  swapAssistUntil: z.string().nullable(),
});
export const MyPostListSchema = z.object({ items: z.array(MyPostSchema) });
export type MyPost = z.infer<typeof MyPostSchema>;

/** In-app notifications (the bell and /notification). `data` holds what the text needs. */
export const NotificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  data: z.record(z.string(), z.string()),
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type AppNotification = z.infer<typeof NotificationSchema>;
export const NotificationListSchema = z.object({
  items: z.array(NotificationSchema),
  unread: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type NotificationList = z.infer<typeof NotificationListSchema>;
export const NotificationReadSchema = z.object({ ids: z.array(z.string().min(1).max(64)).max(200).optional() });
/** What is left unread after marking some read. */
export const UnreadCountSchema = z.object({ unread: z.number().int() });
/** A report (of a listing or a person) was taken for the moderators. */
export const ReportReceivedSchema = z.object({ received: z.literal(true) });
/** The owner withdraws a listing or marks it swapped or sold. */
export const PostStateBodySchema = z.object({ state: z.enum(['archived', 'swapped', 'sold']) });
/** Every photo id of a listing once, in the new order (first is the cover). */
export const ImageOrderBodySchema = z.object({ imageIds: z.array(z.string().min(1).max(64)).max(20) });
