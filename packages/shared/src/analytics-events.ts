import type { AnalyticsEventName } from './analytics';
import { LISTING_STEPS } from './listing-funnel';

/**
 * The analytics contract's plain values (issue 20), without zod: the web app sends events from
 * its first page and may not load zod there (the schema modules are types-only in the browser).
 * analytics.ts holds the schemas and re-exports these, so there is one list of each.
 */

/** The swap-offer funnel (spec section 4: 5 steps), as the offer editor shows them. */
export const OFFER_STEPS = ['items', 'cash', 'message', 'expiry', 'review'] as const;
/** The onboarding funnel (spec section 4: 5 steps; decision 0029). */
export const ONBOARDING_STEPS = ['welcome', 'name', 'address', 'interests', 'notifications'] as const;

/** The three funnels and their steps, in order (spec section 4). */
export const FUNNELS = {
  listing_creation: LISTING_STEPS,
  swap_offer: OFFER_STEPS,
  onboarding: ONBOARDING_STEPS,
} as const;
export type FunnelName = keyof typeof FUNNELS;

/** At most this many events in one batch. */
export const EVENTS_PER_BATCH = 50;
/** The client sends a batch this often (or sooner, at EVENTS_PER_BATCH, or when the page is hidden). */
export const EVENTS_FLUSH_MS = 10_000;
/** A session ends after this long without activity (spec section 4: 30 minutes idle). */
export const SESSION_IDLE_MS = 30 * 60_000;

/** The events still sent when the browser asks not to be tracked (Do-Not-Track, Global Privacy Control): errors only. */
export const STRICTLY_NECESSARY_EVENTS: readonly AnalyticsEventName[] = ['app_error'];

/** The dashboard's business figures (issue 20), as business_daily names them. */
export const BUSINESS_METRICS = [
  'members',
  'listings',
  'offers',
  'swaps',
  'revenue_cents',
  'subscriptions_new',
  'subscriptions_active',
  'tokens_sold',
  'co2e_kg',
] as const;
export type BusinessMetric = (typeof BUSINESS_METRICS)[number];
/** Figures that say how things stood at the end of a day rather than what happened in it. */
export const STOCK_METRICS: readonly BusinessMetric[] = ['subscriptions_active'];
/** How the dashboard's charts group days. */
export const DASHBOARD_BUCKETS = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];
/** Per metric (and sessions): the range's total and one value per period of the chosen bucket. */
export type BusinessReport = {
  bucket: DashboardBucket;
  /** The first day of each period, oldest first. */
  periods: string[];
  totals: Record<BusinessMetric | 'sessions', number>;
  series: Record<BusinessMetric | 'sessions', number[]>;
};
