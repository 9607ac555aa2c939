import { z } from 'zod';

/** The admin console's users table and audit log (issue 20): requests and answers. */

export const ADMIN_USER_SORTS = ['name', 'email', 'joined', 'listings', 'swaps', 'rating', 'reports', 'role', 'status'] as const;
export type AdminUserSort = (typeof ADMIN_USER_SORTS)[number];
export const ADMIN_USER_STATUSES = ['active', 'banned', 'deleted'] as const;
export type AdminUserStatus = (typeof ADMIN_USER_STATUSES)[number];
/** 'docs' reads the documentation area (/docs) and nothing else of the console (decision 0032). */
export const USER_ROLES = ['user', 'docs', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A suspension's reason: required, shown to the member in their support thread. */
export const BAN_REASON_MAX = 500;
export const ADMIN_USERS_PAGE_SIZES = [10, 25, 50, 100] as const;

/** Search (name or email), sort and page; the CSV takes the same search and sort. */
export const AdminUserListQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  sort: z.enum(ADMIN_USER_SORTS).default('joined'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;
export const AdminUserCsvQuerySchema = AdminUserListQuerySchema.pick({ q: true, sort: true, dir: true });

export const AdminUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  joinedAt: z.string(),
  /** Published and reserved listings. */
  listings: z.number().int(),
  /** Completed swaps, on either side. */
  swaps: z.number().int(),
  /** Average stars of the reviews received (one decimal); null without reviews. */
  rating: z.number().nullable(),
  reviews: z.number().int(),
  /** Open reports against them: of the member, and of their listings. */
  reports: z.number().int(),
  role: z.enum(USER_ROLES),
  status: z.enum(ADMIN_USER_STATUSES),
  bannedReason: z.string().nullable(),
  bannedAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserListSchema = z.object({
  items: z.array(AdminUserSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserList = z.infer<typeof AdminUserListSchema>;

/**
 * Suspend (banned: true, with a reason of 1 to 500 characters, checked by the route so a missing
 * one gets its own catalogue message) or lift a suspension (the reason is optional).
 */
export const BanBodySchema = z.object({ banned: z.boolean(), reason: z.string().max(2000).optional() });
export type BanBody = z.infer<typeof BanBodySchema>;
export const BanResultSchema = z.object({ id: z.string(), banned: z.boolean() });

export const RoleBodySchema = z.object({ role: z.enum(USER_ROLES) });
export type RoleBody = z.infer<typeof RoleBodySchema>;
export const RoleResultSchema = z.object({ id: z.string(), role: z.enum(USER_ROLES) });

// The audit log ----------------------------------------------------------------------------------

export const AuditListQuerySchema = z.object({
  /** The previous page's `next`. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  action: z
    .string()
    .max(64)
    .regex(/^[a-z_.]+$/)
    .optional(),
  targetType: z
    .string()
    .max(32)
    .regex(/^[a-z_]+$/)
    .optional(),
  targetId: z.string().min(1).max(200).optional(),
});
export type AuditListQuery = z.input<typeof AuditListQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actorId: z.string(),
  actorName: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /** The target member's name today, when the target is a member. */
  targetName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({ items: z.array(AuditEntrySchema), next: z.string().nullable() });
export type AuditPage = z.infer<typeof AuditPageSchema>;
