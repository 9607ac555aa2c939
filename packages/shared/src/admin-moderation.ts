import { z } from 'zod';

/**
 * The admin console's moderation queue (issue 20): reported listings, reported members, photos the
 * NSFW check flagged for review, and swaps in dispute; and what an admin does about each.
 */
export const MODERATION_KINDS = ['listings', 'members', 'photos', 'disputes'] as const;
export type ModerationKind = (typeof MODERATION_KINDS)[number];

/** The reason an admin gives (shown to the member for hide, warn and ban; kept in the audit log). */
export const MODERATION_REASON_MAX = 500;
/** How many cards one tab shows at most, oldest waiting first. */
export const MODERATION_QUEUE_MAX = 50;

export const ModerationQuerySchema = z.object({ kind: z.enum(MODERATION_KINDS).default('listings') });

const PersonSchema = z.object({ id: z.string(), displayName: z.string(), avatarUrl: z.string().nullable(), banned: z.boolean() });
export type ModerationPerson = z.infer<typeof PersonSchema>;

const ItemSchema = z.object({ id: z.string(), title: z.string(), imageUrl: z.string().nullable(), state: z.string() });

export const ReportedListingSchema = z.object({
  post: ItemSchema.extend({ hiddenReason: z.string().nullable() }),
  owner: PersonSchema,
  count: z.number().int(),
  firstAt: z.string(),
  reports: z.array(z.object({ id: z.string(), reason: z.string(), details: z.string(), reporterName: z.string(), at: z.string() })),
});
export type ReportedListing = z.infer<typeof ReportedListingSchema>;

export const ReportedMemberSchema = z.object({
  member: PersonSchema,
  count: z.number().int(),
  firstAt: z.string(),
  reports: z.array(z.object({ id: z.string(), reason: z.string(), reporterName: z.string(), at: z.string() })),
});
export type ReportedMember = z.infer<typeof ReportedMemberSchema>;

export const FlaggedPhotoSchema = z.object({
  id: z.string(),
  imageUrl: z.string(),
  /** The NSFW model's Porn + Hentai + Sexy, 0–1. */
  score: z.number().nullable(),
  flag: z.string(),
  at: z.string(),
  post: ItemSchema,
  owner: PersonSchema,
  /** Photos the listing has (a live listing's only photo cannot be removed: hide it instead). */
  photoCount: z.number().int(),
});
export type FlaggedPhoto = z.infer<typeof FlaggedPhotoSchema>;

export const DisputeSchema = z.object({
  offerId: z.string(),
  /** When the problem was reported. */
  at: z.string(),
  offerer: PersonSchema,
  owner: PersonSchema,
  /** The item asked for (the owner's), then the offerer's items. */
  post: ItemSchema,
  items: z.array(ItemSchema),
  cashKind: z.string(),
  cashCents: z.number().int(),
  /** Each report of the problem, by whom. */
  problems: z.array(z.object({ byId: z.string().nullable(), message: z.string(), at: z.string() })),
  /** The two parties' chat messages since the offer was made, oldest first (at most 50). */
  messages: z.array(z.object({ id: z.string(), senderId: z.string(), body: z.string(), at: z.string() })),
});
export type Dispute = z.infer<typeof DisputeSchema>;

export const ModerationQueueSchema = z.object({
  counts: z.object({ listings: z.number().int(), members: z.number().int(), photos: z.number().int(), disputes: z.number().int() }),
  /** Only the asked kind is filled; the others are empty. */
  listings: z.array(ReportedListingSchema),
  members: z.array(ReportedMemberSchema),
  photos: z.array(FlaggedPhotoSchema),
  disputes: z.array(DisputeSchema),
});
export type ModerationQueue = z.infer<typeof ModerationQueueSchema>;

const reason = z.string().trim().max(MODERATION_REASON_MAX);
/** Dismiss, unhide, approve: a note for the audit log, optional. */
export const ModerationNoteSchema = z.object({ reason: reason.default('') });
export type ModerationNote = z.infer<typeof ModerationNoteSchema>;
/** Hide, remove a photo, warn, ban: the reason is required (the server refuses an empty one with its catalogue message). */
export const ModerationReasonSchema = z.object({
  reason,
  /** Warn or ban the owner of this reported listing: its open reports are resolved too. */
  postId: z.string().min(1).max(64).optional(),
});
export type ModerationReason = z.infer<typeof ModerationReasonSchema>;

export const DISPUTE_OUTCOMES = ['complete', 'cancel'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
export const DisputeResolutionSchema = z.object({ outcome: z.enum(DISPUTE_OUTCOMES), reason });
export type DisputeResolution = z.infer<typeof DisputeResolutionSchema>;

export const ModerationIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What an action did: how many open reports it closed. */
export const ModerationResultSchema = z.object({ resolvedReports: z.number().int() });
export type ModerationResult = z.infer<typeof ModerationResultSchema>;
