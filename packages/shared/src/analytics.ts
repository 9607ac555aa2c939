import { z } from 'zod';
import { BUSINESS_METRICS, DASHBOARD_BUCKETS, EVENTS_PER_BATCH, FUNNELS, type FunnelName } from './analytics-events';

/**
 * Our own product analytics (issue 20; spec section 7 "Analytics events"; PRODUCT.md "Admin and
 * analytics"). The web app sends these events in batches to POST /api/v1/events; the server
 * validates them with these schemas and stores them. No personal data: a random id per browser
 * session, never an email, name, address or member id (the server keeps a salted hash of a signed-in
 * member's id), and no free text but search queries and error messages.
 */

export {
  BUSINESS_METRICS,
  DASHBOARD_BUCKETS,
  STOCK_METRICS,
  type BusinessMetric,
  type BusinessReport,
  type DashboardBucket,
  EVENTS_FLUSH_MS,
  EVENTS_PER_BATCH,
  FUNNELS,
  OFFER_STEPS,
  ONBOARDING_STEPS,
  SESSION_IDLE_MS,
  STRICTLY_NECESSARY_EVENTS,
  type FunnelName,
} from './analytics-events';
export const FUNNEL_NAMES = Object.keys(FUNNELS) as FunnelName[];

const short = (max: number) => z.string().trim().min(1).max(max);
/** An app path (no query string, no origin): /view-post/abc. */
const appPath = z
  .string()
  .max(300)
  .regex(/^\/[^?#\s]*$/, 'a path');
const count = z.number().int().min(0).max(1_000_000);
const funnel = z.enum(FUNNEL_NAMES as [FunnelName, ...FunnelName[]]);

/** Each event's properties (strict: nothing else is stored). */
export const EVENT_PROPS = {
  session_start: z.strictObject({
    /** The referring site's host only (never its path), or null. */
    referrer: z.string().max(200).nullable(),
    language: z.enum(['en-US', 'pt-PT']),
    viewport: z.enum(['phone', 'tablet', 'desktop']),
  }),
  session_end: z.strictObject({
    session_duration_seconds: count,
    reason: z.enum(['logout', 'auto_logout', 'idle', 'page_hidden']),
  }),
  page_view: z.strictObject({ title: z.string().max(200) }),
  page_navigation: z.strictObject({ from: appPath, to: appPath }),
  user_action: z.strictObject({ action: short(64), target: z.string().max(64).optional() }),
  app_error: z.strictObject({
    message: z.string().max(500),
    /** e.g. MODULE_NOT_FOUND when a locale or code chunk could not load. */
    code: z.string().max(64).optional(),
    source: z.enum(['window', 'promise', 'boundary', 'i18n', 'chunk']),
  }),
  exit_intent: z.strictObject({}),
  user_engagement: z.strictObject({ engaged_seconds: count }),
  search: z.strictObject({ query: z.string().max(200), results: count.optional(), category: z.string().max(64).optional() }),
  select_content: z.strictObject({
    content_type: z.enum(['post', 'blog_post', 'category', 'chain']),
    item_id: short(64),
    position: count.optional(),
  }),
  search_no_results: z.strictObject({ query: z.string().max(200) }),
  funnel_step: z.strictObject({ funnel, step: short(32), step_index: z.number().int().min(0).max(9) }),
  funnel_complete: z.strictObject({ funnel }),
  funnel_abandon: z.strictObject({ funnel, step: short(32), step_index: z.number().int().min(0).max(9) }),
} as const;
export type AnalyticsEventName = keyof typeof EVENT_PROPS;
export const ANALYTICS_EVENTS = Object.keys(EVENT_PROPS) as AnalyticsEventName[];
export type EventProps<N extends AnalyticsEventName> = z.infer<(typeof EVENT_PROPS)[N]>;

/** One event as the client sends it: when it happened, on which page, and its properties. */
export const AnalyticsEventSchema = z
  .strictObject({
    name: z.enum(ANALYTICS_EVENTS as [AnalyticsEventName, ...AnalyticsEventName[]]),
    at: z.iso.datetime(),
    path: appPath,
    props: z.record(z.string(), z.unknown()),
  })
  .superRefine((e, ctx) => {
    const parsed = EVENT_PROPS[e.name].safeParse(e.props);
    if (!parsed.success) ctx.addIssue({ code: 'custom', path: ['props'], message: `invalid ${e.name} properties` });
  });
export type AnalyticsEvent = z.infer<typeof AnalyticsEventSchema>;

/** A batch: the browser session's random id and up to EVENTS_PER_BATCH events. */
export const EventBatchSchema = z.strictObject({
  sessionId: z.uuid(),
  events: z.array(AnalyticsEventSchema).min(1).max(EVENTS_PER_BATCH),
});
export type EventBatch = z.infer<typeof EventBatchSchema>;

export const EventBatchResultSchema = z.object({ accepted: z.number().int() });
export type EventBatchResult = z.infer<typeof EventBatchResultSchema>;

/** GET /api/v1/admin/analytics: the days from..to (UTC, inclusive; at most a year). */
export const AnalyticsQuerySchema = z
  .strictObject({ from: z.iso.date(), to: z.iso.date(), bucket: z.enum(DASHBOARD_BUCKETS).default('day') })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'The end date must not be before the start date.' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, { path: ['to'], message: 'Choose at most a year.' });
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

export const FunnelReportSchema = z.object({
  name: z.enum(FUNNEL_NAMES as [FunnelName, ...FunnelName[]]),
  steps: z.array(
    z.object({
      step: z.string(),
      /** Browser sessions that reached the step. */
      sessions: z.number().int(),
      /** Of the sessions at the step before, the share that did not reach this one (null for the first step). */
      dropOff: z.number().nullable(),
      /** Sessions that left the flow at this step. */
      abandoned: z.number().int(),
      /** Median seconds from this step to the next (null for the last step or when none went on). */
      medianSecondsToNext: z.number().nullable(),
    }),
  ),
  completed: z.number().int(),
});

export const AnalyticsReportSchema = z.object({
  from: z.string(),
  to: z.string(),
  sessions: z.number().int(),
  /** Events of each name. */
  events: z.record(z.string(), z.number().int()),
  funnels: z.array(FunnelReportSchema),
  topSearches: z.array(z.object({ query: z.string(), count: z.number().int() })),
  noResultSearches: z.array(z.object({ query: z.string(), count: z.number().int() })),
  /** Members, listings, offers, swaps, revenue, subscriptions, tokens and CO2e (and sessions) over the range. */
  business: z.object({
    bucket: z.enum(DASHBOARD_BUCKETS),
    periods: z.array(z.string()),
    totals: z.record(z.enum([...BUSINESS_METRICS, 'sessions']), z.number()),
    series: z.record(z.enum([...BUSINESS_METRICS, 'sessions']), z.array(z.number())),
  }),
});
export type AnalyticsReport = z.infer<typeof AnalyticsReportSchema>;
