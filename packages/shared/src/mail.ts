import { z } from 'zod';
export { isPasswordLongEnough, isValidEmail } from './input-rules';

/** Requests over one page of the mail viewer. */
export const MAIL_PAGE_SIZE_DEFAULT = 20;
export const MAIL_PAGE_SIZE_MAX = 100;
/** How long a password reset link stays valid. */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

/**
 * Where an outbox mail is: `held` (no SMTP configured, or too old to send), `queued` (handed to the
 * delivery queue), `retrying` (at least one attempt failed), `sent`, `failed` (given up).
 */
export const MAIL_STATUSES = ['held', 'queued', 'retrying', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** Query of the mail viewer: newest first, page by page, optionally one recipient's mail only. */
export const MailListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAIL_PAGE_SIZE_MAX).default(MAIL_PAGE_SIZE_DEFAULT),
  to: z.string().trim().toLowerCase().max(320).optional(),
});
export type MailListQuery = z.infer<typeof MailListQuerySchema>;

/** One outbox mail in a list: no bodies. */
export const MailSummarySchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  createdOn: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  status: z.enum(MAIL_STATUSES),
});
export type MailSummary = z.infer<typeof MailSummarySchema>;

export const MailListSchema = z.object({
  items: z.array(MailSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type MailList = z.infer<typeof MailListSchema>;

/** One outbox mail with its text and HTML bodies. */
export const MailDetailSchema = MailSummarySchema.extend({ text: z.string(), html: z.string() });
/** The welcome email as its reader received it (for /welcome-mail). */
export const WelcomeMailSchema = z.object({ subject: z.string(), text: z.string(), html: z.string() });
export type MailDetail = z.infer<typeof MailDetailSchema>;

/**
 * A pragmatic address check (one @, a dot in the domain, no spaces): the identity service's rule.
 * A failure is the catalogue's email_invalid.
 */

/** The email field of every public mail form: trimmed, lower-cased, and checked in the handler. */
const EmailFieldSchema = z.string().trim().toLowerCase().max(320);

/** Asks for a password reset link. The answer is the same whether or not the account exists. */
export const PasswordResetRequestSchema = z.object({ email: EmailFieldSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;
export const PasswordResetAcceptedSchema = z.object({ accepted: z.literal(true) });

/** Sets a new password with the token of a reset link. */
export const PasswordResetConfirmSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().max(200),
});
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;
export const PasswordResetDoneSchema = z.object({ reset: z.literal(true) });
/** The client-side check mirrors the server's (error code password_too_short). */

/** Subscribes an address to SwapU news, or unsubscribes it from every non-transactional mail. */
export const EmailSubscriptionSchema = z.object({ email: EmailFieldSchema, subscribe: z.boolean() });
export type EmailSubscription = z.infer<typeof EmailSubscriptionSchema>;
/**
 * 'check_inbox': if the address can take that step, a mail with the link that finishes it is on
 * its way — the same answer whether or not the address is on the list, so it reveals nothing.
 * 'subscribed': a confirmation link was opened. 'unsubscribed': done (the signed-in owner of the
 * address, or an unsubscribe link).
 */
export const EmailSubscriptionResultSchema = z.object({ email: z.string(), status: z.enum(['check_inbox', 'subscribed', 'unsubscribed']) });
/** POST /api/v1/email-subscription/confirm: the token of a confirmation mail's link. */
export const EmailSubscriptionConfirmSchema = z.object({ token: z.string().min(1).max(200) });
export type EmailSubscriptionResult = z.infer<typeof EmailSubscriptionResultSchema>;
/** How long a subscription confirmation link works. */
export const SUBSCRIPTION_CONFIRM_TTL_MS = 7 * 24 * 3600_000;
