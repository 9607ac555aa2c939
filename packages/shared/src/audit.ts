/**
 * What admins do, as written to admin_audit.action (issue 20, decision 0030): the server records
 * only these, and the console names each in both languages (an unknown one shows as written).
 * Zod-free, so the web app takes it as a value.
 */
export const AUDIT_ACTIONS = [
  'user.ban',
  'user.unban',
  'user.role',
  'user.warn',
  'report.dismiss',
  'post.hide',
  'post.unhide',
  'image.remove',
  'image.approve',
  'dispute.resolve',
  'coupon.create',
  'coupon.disable',
  'coupon.enable',
  'campaign.design',
  'campaign.design_delete',
  'campaign.test',
  'campaign.send',
  'blog.create',
  'blog.update',
  'blog.publish',
  'blog.unpublish',
  'blog.delete',
  'support.reply',
  'checkout.refund',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
