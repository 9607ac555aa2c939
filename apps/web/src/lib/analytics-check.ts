// Development and tests only: main.tsx loads this module under import.meta.env.DEV, which the
// production build removes, so zod never reaches the browser in production.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { AnalyticsEventSchema, EVENT_PROPS, EventBatchSchema, type AnalyticsEvent, type EventBatch } from '@swapu/shared/analytics';

/** What is wrong with an event by the shared contract, or null when nothing is. */
export function eventProblem(event: AnalyticsEvent): string | null {
  if (AnalyticsEventSchema.safeParse(event).success) return null;
  const props = EVENT_PROPS[event.name]?.safeParse(event.props);
  const details = props && !props.success ? props.error.issues.map((i) => `${i.path.join('.') || 'props'}: ${i.message}`) : [];
  return `analytics event ${event.name} does not match the contract (${details.join('; ') || `path ${event.path}, at ${event.at}`})`;
}

/** Tests: an event that drifted from the contract fails the test that sent it. */
export function assertEvent(event: AnalyticsEvent): boolean {
  const problem = eventProblem(event);
  if (problem) throw new Error(problem);
  return true;
}

/** Development: said in the console, and the event dropped (the server would refuse its whole batch). */
export function checkEvent(event: AnalyticsEvent): boolean {
  const problem = eventProblem(event);
  if (problem) console.error(problem);
  return problem === null;
}

/** Tests: a batch as the server will read it (session id, 1 to EVENTS_PER_BATCH events, each by the contract). */
export function assertBatch(batch: EventBatch): void {
  const parsed = EventBatchSchema.safeParse(batch);
  if (!parsed.success) throw new Error(`analytics batch does not match the contract: ${parsed.error.message}`);
}
