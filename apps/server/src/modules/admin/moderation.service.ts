/**
 * The admin console's moderation, split by its jobs: the queue (moderation-queue.ts), closing
 * reports and the reason every action requires (moderation-reports.ts), hiding listings
 * (moderation-listings.ts), flagged photos (moderation-photos.ts), warning and banning members
 * (moderation-members.ts) and resolving disputed swaps (moderation-disputes.ts).
 */
export { moderationQueue } from './moderation-queue';
export { type ModerationDeps, dismissPostReports, dismissUserReports } from './moderation-reports';
export { hidePost, unhidePost } from './moderation-listings';
export { approveImage, removeImage } from './moderation-photos';
export { banFromQueue, warnUser } from './moderation-members';
export { resolveDispute } from './moderation-disputes';
