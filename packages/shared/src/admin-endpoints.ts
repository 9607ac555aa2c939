import type { z } from 'zod';
import type { AdminBlogList, AdminBlogPost, AdminBlogPostBody } from './admin-blog';
import type {
  DisputeResolution,
  ModerationNote,
  ModerationQuerySchema,
  ModerationQueue,
  ModerationReason,
  ModerationResult,
} from './admin-moderation';
import type {
  AdminUserCsvQuerySchema,
  AdminUserList,
  AdminUserListQuerySchema,
  AuditListQuerySchema,
  AuditPage,
  BanBody,
  BanResultSchema,
  RoleBody,
  RoleResultSchema,
} from './admin-users';
import type { AnalyticsQuerySchema, AnalyticsReport } from './analytics';
import type {
  AudienceCount,
  Campaign,
  CampaignCreateBody,
  CampaignList,
  Design,
  DesignBody,
  DesignList,
  DesignPreview,
  DesignTestResult,
  AudienceQuerySchema,
} from './campaigns';
import { to } from './endpoints';
import type { InvariantReport } from './invariants';
import type { LaunchChecks } from './launch-checks';
import type { MailDetail, MailList, MailListQuerySchema } from './mail';
import type { Coupon, CouponCreateBody, CouponDisableBody, CouponList, CouponListQuerySchema } from './money-api';

type Out<S extends z.ZodType> = z.output<S>;
type In<S extends z.ZodType> = z.input<S>;
type Nothing = void;

/**
 * The admin console's rows of the endpoint table (./endpoints.ts), in a module of their own: only
 * the console's pages import them, so a visitor's first page does not carry the console's ~50
 * routes (the home route's JavaScript budget, decision 0022). The same rules as the main table:
 * the web app calls these routes only through these rows, and apps/server/src/endpoints.test.ts
 * checks both tables against the routes the server registers.
 */
export const adminEndpoints = {
  adminMailList: to<MailList, undefined, In<typeof MailListQuerySchema>>()('GET', '/api/v1/admin/mail'),
  adminMail: to<MailDetail>()('GET', '/api/v1/admin/mail/:id'),
  // The console's blog (issue 20)
  adminBlogPosts: to<AdminBlogList>()('GET', '/api/v1/admin/blog'),
  adminBlogPost: to<AdminBlogPost>()('GET', '/api/v1/admin/blog/:id'),
  adminCreateBlogPost: to<AdminBlogPost, AdminBlogPostBody>()('POST', '/api/v1/admin/blog'),
  adminUpdateBlogPost: to<AdminBlogPost, AdminBlogPostBody>()('PUT', '/api/v1/admin/blog/:id'),
  adminPublishBlogPost: to<AdminBlogPost>()('POST', '/api/v1/admin/blog/:id/publish'),
  adminUnpublishBlogPost: to<AdminBlogPost>()('POST', '/api/v1/admin/blog/:id/unpublish'),
  adminDeleteBlogPost: to<Nothing>()('DELETE', '/api/v1/admin/blog/:id'),
  /** Multipart (field `file`), sent with upload(). */
  adminBlogCover: to<AdminBlogPost>()('POST', '/api/v1/admin/blog/:id/cover'),
  adminDeleteBlogCover: to<AdminBlogPost>()('DELETE', '/api/v1/admin/blog/:id/cover'),
  adminCreateCoupons: to<{ items: Coupon[] }, CouponCreateBody>()('POST', '/api/v1/admin/coupons'),
  adminCoupons: to<CouponList, undefined, In<typeof CouponListQuerySchema>>()('GET', '/api/v1/admin/coupons'),
  adminCouponsCsv: to<string>()('GET', '/api/v1/admin/coupons.csv'),
  adminDisableCoupon: to<Coupon, CouponDisableBody>()('PUT', '/api/v1/admin/coupons/:code/disabled'),
  adminRefund: to<{ status: 'refunded' }>()('POST', '/api/v1/admin/checkouts/:id/refund'),
  // Moderation (issue 20): the admin console's queue and its actions.
  adminModeration: to<ModerationQueue, undefined, In<typeof ModerationQuerySchema>>()('GET', '/api/v1/admin/moderation'),
  adminDismissPostReports: to<ModerationResult, ModerationNote>()('POST', '/api/v1/admin/moderation/posts/:id/dismiss'),
  adminHidePost: to<ModerationResult, ModerationReason>()('POST', '/api/v1/admin/moderation/posts/:id/hide'),
  adminUnhidePost: to<ModerationResult, ModerationNote>()('POST', '/api/v1/admin/moderation/posts/:id/unhide'),
  adminRemoveImage: to<ModerationResult, ModerationReason>()('POST', '/api/v1/admin/moderation/images/:id/remove'),
  adminApproveImage: to<ModerationResult, ModerationNote>()('POST', '/api/v1/admin/moderation/images/:id/approve'),
  adminDismissUserReports: to<ModerationResult, ModerationNote>()('POST', '/api/v1/admin/moderation/users/:id/dismiss'),
  adminWarnUser: to<ModerationResult, ModerationReason>()('POST', '/api/v1/admin/moderation/users/:id/warn'),
  adminBanFromQueue: to<ModerationResult, ModerationReason>()('POST', '/api/v1/admin/moderation/users/:id/ban'),
  adminResolveDispute: to<ModerationResult, DisputeResolution>()('POST', '/api/v1/admin/moderation/disputes/:id/resolve'),
  adminAnalytics: to<AnalyticsReport, undefined, In<typeof AnalyticsQuerySchema>>()('GET', '/api/v1/admin/analytics'),
  // The admin console's campaigns and email editor (issue 20)
  adminDesigns: to<DesignList>()('GET', '/api/v1/admin/mail-designs'),
  adminCreateDesign: to<Design, DesignBody>()('POST', '/api/v1/admin/mail-designs'),
  adminPreviewDesign: to<DesignPreview, { subject: string; html: string }>()('POST', '/api/v1/admin/mail-designs/preview'),
  adminDesign: to<Design>()('GET', '/api/v1/admin/mail-designs/:id'),
  adminUpdateDesign: to<Design, DesignBody>()('PUT', '/api/v1/admin/mail-designs/:id'),
  adminDeleteDesign: to<Nothing>()('DELETE', '/api/v1/admin/mail-designs/:id'),
  adminTestDesign: to<DesignTestResult>()('POST', '/api/v1/admin/mail-designs/:id/test'),
  adminAudienceCount: to<AudienceCount, undefined, In<typeof AudienceQuerySchema>>()('GET', '/api/v1/admin/campaigns/audience'),
  adminCampaigns: to<CampaignList>()('GET', '/api/v1/admin/campaigns'),
  adminCreateCampaign: to<Campaign, CampaignCreateBody>()('POST', '/api/v1/admin/campaigns'),
  // The admin console's users and audit log (issue 20)
  adminUsers: to<AdminUserList, undefined, In<typeof AdminUserListQuerySchema>>()('GET', '/api/v1/admin/users'),
  adminUsersCsv: to<string, undefined, In<typeof AdminUserCsvQuerySchema>>()('GET', '/api/v1/admin/users.csv'),
  adminBan: to<Out<typeof BanResultSchema>, BanBody>()('PUT', '/api/v1/admin/users/:id/ban'),
  adminRole: to<Out<typeof RoleResultSchema>, RoleBody>()('PUT', '/api/v1/admin/users/:id/role'),
  adminAudit: to<AuditPage, undefined, In<typeof AuditListQuerySchema>>()('GET', '/api/v1/admin/audit'),
  // What the console warns about the deployment (test mode, an untrusted proxy).
  adminLaunchChecks: to<LaunchChecks>()('GET', '/api/v1/admin/launch-checks'),
  // The marketplace's invariants checked now (decision 0045).
  adminInvariants: to<InvariantReport>()('GET', '/api/v1/admin/invariants'),
} as const;

export type AdminEndpoints = typeof adminEndpoints;
