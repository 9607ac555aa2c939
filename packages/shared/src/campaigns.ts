import { z } from 'zod';
import { AU_STATES, CATEGORIES } from './constants';

/**
 * Campaigns (issue 20): email designs written in /email-edit and sent to an audience through the
 * outbox at a throttled rate. The spec's rule (section 5): design name, mail subject and user mail
 * (the body) cannot be empty — the catalogue's email_editor_fields_required, on both sides.
 */
export const DESIGN_NAME_MAX = 120;
export const DESIGN_SUBJECT_MAX = 200;
/** The editor's HTML (before sanitising); a long newsletter is a few tens of kB. */
export const DESIGN_HTML_MAX = 200_000;

/** The editor's fields; emptiness is checked by `designFieldsMissing` so the spec's message is shown. */
export const DesignBodySchema = z.object({
  name: z.string().max(DESIGN_NAME_MAX),
  subject: z.string().max(DESIGN_SUBJECT_MAX),
  html: z.string().max(DESIGN_HTML_MAX),
});
export type DesignBody = z.infer<typeof DesignBodySchema>;

/** The fields of the spec's rule, as the API names them in `error.fields`. */
export type DesignField = 'name' | 'subject' | 'html';

/**
 * Which fields are empty: blank name or subject, or a body with no text once tags are gone (an
 * editor's empty paragraph `<p></p>` is empty). The server checks the sanitised body's text the
 * same way (and the database refuses an empty text part).
 */
export function designFieldsMissing(body: { name: string; subject: string; html: string }): DesignField[] {
  const missing: DesignField[] = [];
  if (!body.name.trim()) missing.push('name');
  if (!body.subject.trim()) missing.push('subject');
  if (!htmlHasText(body.html)) missing.push('html');
  return missing;
}

/** True when the HTML shows some text (tags, entities of spaces and whitespace do not count). */
export function htmlHasText(html: string): boolean {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;|&#160;|&#xa0;/gi, ' ')
    .trim();
  return text.length > 0;
}

export const DesignSchema = z.object({
  id: z.string(),
  name: z.string(),
  subject: z.string(),
  /** Sanitised HTML, as saved. */
  html: z.string(),
  /** The plain-text part derived from it. */
  text: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Design = z.infer<typeof DesignSchema>;

export const DesignSummarySchema = DesignSchema.pick({ id: true, name: true, subject: true, createdAt: true, updatedAt: true });
export type DesignSummary = z.infer<typeof DesignSummarySchema>;
export const DesignListSchema = z.object({ items: z.array(DesignSummarySchema) });
export type DesignList = z.infer<typeof DesignListSchema>;

export const DesignIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** What a preview shows: the mail as a recipient gets it (sanitised, in SwapU's mail layout). */
export const DesignPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type DesignPreview = z.infer<typeof DesignPreviewSchema>;
export const DesignPreviewBodySchema = z.object({
  subject: z.string().max(DESIGN_SUBJECT_MAX),
  html: z.string().max(DESIGN_HTML_MAX),
});

/** A test send goes to the signed-in admin's own address. */
export const DesignTestResultSchema = z.object({ to: z.string() });
export type DesignTestResult = z.infer<typeof DesignTestResultSchema>;

// Audiences ---------------------------------------------------------------------------------------

export const AUDIENCE_KINDS = ['everyone', 'subscribers', 'interest', 'state'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];

/**
 * Who a campaign goes to: everyone subscribed (members and newsletter subscribers), SwapU
 * subscribers (a paid subscription running), members by interest (a category) or by state.
 * Addresses that unsubscribed are never in an audience.
 */
export const AudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('everyone') }),
  z.object({ kind: z.literal('subscribers') }),
  z.object({ kind: z.literal('interest'), value: z.enum(CATEGORIES) }),
  z.object({ kind: z.literal('state'), value: z.enum(AU_STATES) }),
]);
export type Audience = z.infer<typeof AudienceSchema>;

/** The audience as a query string (the count endpoint): kind, and value for interest and state. */
export const AudienceQuerySchema = z.object({ kind: z.enum(AUDIENCE_KINDS), value: z.string().max(64).optional() });
export type AudienceQuery = z.infer<typeof AudienceQuerySchema>;
/** The audience a query names, or null when its value does not fit its kind. */
export function audienceOf(q: AudienceQuery): Audience | null {
  const parsed = AudienceSchema.safeParse(q.kind === 'interest' || q.kind === 'state' ? q : { kind: q.kind });
  return parsed.success ? parsed.data : null;
}
export const AudienceCountSchema = z.object({ count: z.number().int() });
export type AudienceCount = z.infer<typeof AudienceCountSchema>;

// Campaigns ---------------------------------------------------------------------------------------

export const CAMPAIGN_STATES = ['sending', 'sent', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CampaignCreateBodySchema = z.object({ designId: z.string().min(1).max(64), audience: AudienceSchema });
export type CampaignCreateBody = z.infer<typeof CampaignCreateBodySchema>;

/**
 * A campaign and where its mails are: `total` recipients; `pending` not yet in the outbox;
 * `queued` in the outbox; of those `sent` (delivered to the mail server) and `failed` (given
 * up); `skipped` unsubscribed before their turn.
 */
export const CampaignSchema = z.object({
  id: z.string(),
  designId: z.string().nullable(),
  name: z.string(),
  subject: z.string(),
  audience: AudienceSchema,
  state: z.enum(CAMPAIGN_STATES),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  counts: z.object({
    total: z.number().int(),
    pending: z.number().int(),
    queued: z.number().int(),
    sent: z.number().int(),
    failed: z.number().int(),
    skipped: z.number().int(),
  }),
});
export type Campaign = z.infer<typeof CampaignSchema>;
export const CampaignListSchema = z.object({ items: z.array(CampaignSchema) });
export type CampaignList = z.infer<typeof CampaignListSchema>;
