import { z } from 'zod';
import type { Parcel } from '@swapu/shared/delivery';
import { CourierError, type BookRequest, type Courier, type CourierParty, type TrackedState, type TrackingEvent } from './courier';

/**
 * Sendle's tracking event types that move a delivery on. The others (Info, Pickup Attempted,
 * Card Left, Delivery Attempted…) say something happened without changing where the parcel is.
 */
const EVENT_STATES = new Map<string, TrackedState>([
  ['Pickup', 'shipped'],
  ['In Transit', 'in_transit'],
  ['Out for Delivery', 'in_transit'],
  ['Delivered', 'delivered'],
  ['Cancelled', 'cancelled'],
]);

/** Sendle's field limits (its order schema): longer text is refused with a 422, so we cut it. */
const DESCRIPTION_MAX = 255;
const INSTRUCTIONS_MAX = 200;

// What we read of Sendle's answers. Only the fields we use are checked; anything else may change.
const Money = z.object({ amount: z.number().nonnegative(), currency: z.literal('AUD') });
const QuotesSchema = z.array(
  z.object({
    quote: z.object({ gross: Money }),
    plan_name: z.string().optional(),
    eta: z.object({
      days_range: z.array(z.number().int().nonnegative()).min(1),
      date_range: z.array(z.iso.date()).min(1),
    }),
  }),
);
const OrderSchema = z.object({
  order_id: z.string().min(1),
  sendle_reference: z.string().min(1),
  labels: z.array(z.object({ format: z.string(), size: z.string(), url: z.url() })).nullish(),
  scheduling: z.object({ estimated_delivery_date_maximum: z.iso.date().nullish() }).nullish(),
});
const TrackingSchema = z.object({
  state: z.string().optional(),
  tracking_events: z.array(
    z.object({ event_type: z.string(), scan_time: z.iso.datetime({ offset: true }), description: z.string().nullish() }),
  ),
});
const CancelledSchema = z.object({ order_id: z.string(), state: z.literal('Cancelled') });

/** Sendle's error envelope: `{ error, error_description, messages: { field: [...] } }`. */
const ErrorSchema = z.object({
  error: z.string().optional(),
  error_description: z.string().optional(),
  messages: z.record(z.string(), z.unknown()).optional(),
});

/** A JSON body, or undefined when it is not JSON (a proxy's HTML page); the schema then refuses it. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sendle's reason for a refusal, short enough for `last_error`: its description and the fields it names. */
function reasonOf(text: string): string {
  const e = ErrorSchema.safeParse(parseJson(text));
  if (!e.success) return text.slice(0, 200);
  const fields = Object.entries(e.data.messages ?? {}).map(([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : JSON.stringify(v)}`);
  return [e.data.error_description ?? e.data.error, ...fields].filter(Boolean).join('; ');
}

/** Sendle may be asked again after a 5xx, a 429 (its rate limit) or a 408; any other 4xx is a refusal. */
const retryableStatus = (status: number) => status >= 500 || status === 429 || status === 408;

const isTimeout = (err: unknown) => err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');

/** A Sendle address: a street address in Australia (Sendle's v1 order form spells the country out). */
const addressOf = (p: CourierParty) => ({
  address_line1: p.street,
  suburb: p.suburb,
  postcode: p.postcode,
  state_name: p.state,
  country: 'Australia',
});

/** One end of a Sendle order. Our one instructions field goes to both ends, cut to Sendle's limit. */
const partyOf = (p: CourierParty, instructions: string) => ({
  contact: { name: p.name, email: p.email },
  address: addressOf(p),
  ...(instructions ? { instructions: instructions.slice(0, INSTRUCTIONS_MAX) } : {}),
});

/** Decimal strings, as Sendle's order schema types weights and dimensions. */
const decimal = (n: number) => String(Math.round(n * 1000) / 1000);

/** The parcel's volume in litres (Sendle works out the cubic weight itself). */
const litres = (p: Parcel) => decimal((p.lengthCm * p.widthCm * p.heightCm) / 1000);

/** The order as Sendle's POST /api/orders takes it; the reference is also the customer reference. */
const orderBody = (req: BookRequest) => ({
  pickup_date: req.pickupDate,
  description: req.description.slice(0, DESCRIPTION_MAX),
  customer_reference: req.reference,
  weight: { value: decimal(req.parcel.weightKg), units: 'kg' },
  dimensions: {
    length: decimal(req.parcel.lengthCm),
    width: decimal(req.parcel.widthCm),
    height: decimal(req.parcel.heightCm),
    units: 'cm',
  },
  sender: partyOf(req.sender, req.instructions),
  receiver: partyOf(req.receiver, req.instructions),
});

/** Sendle's PDF labels by size (a4, cropped), or null while it has none yet. */
function labelUrlsOf(labels: z.infer<typeof OrderSchema>['labels']): Record<string, string> | null {
  const pdfs = (labels ?? []).filter((l) => l.format === 'pdf');
  return pdfs.length ? Object.fromEntries(pdfs.map((l) => [l.size, l.url])) : null;
}

/**
 * The Sendle adapter of the courier port (docs/decisions/0025, "Sendle"): Sendle's REST API at
 * `baseUrl`, with HTTP Basic authentication (the Sendle id and API key) on every call.
 * - quote: GET /api/quote. Sendle answers the account's plan first; an empty list or a 422 (a
 *   place or parcel it does not take) is "no quote".
 * - book: POST /api/orders with our delivery id as the Idempotency-Key, so a retry after a lost
 *   answer finds the order the first call made instead of booking twice.
 * - track: GET /api/tracking/{sendle_reference}; cancel: DELETE /api/orders/{order_id}, whose 422
 *   means the parcel is already with the courier.
 * Each call gives up after `timeoutMs`. A timeout, a network error, a 5xx, a 429 or an answer
 * that does not parse throws a retryable CourierError (ask again later); any other 4xx, a wrong
 * key included, is a refusal that asking again will not change.
 */
export function createSendleCourier(opts: {
  baseUrl: string;
  sendleId: string;
  apiKey: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}): Courier {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const doFetch = opts.fetch ?? fetch;
  const authorization = `Basic ${Buffer.from(`${opts.sendleId}:${opts.apiKey}`).toString('base64')}`;

  /**
   * One call. A 2xx, or a status in `answers` that the caller reads as an answer, comes back as
   * its JSON body; anything else throws.
   */
  async function call(
    what: string,
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    init: { query?: Record<string, string>; json?: unknown; idempotencyKey?: string; answers?: number[] } = {},
  ): Promise<{ status: number; body: unknown }> {
    const url = `${base}${path}${init.query ? `?${new URLSearchParams(init.query)}` : ''}`;
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    if (init.idempotencyKey) headers['idempotency-key'] = init.idempotencyKey;
    let status: number;
    let text: string;
    try {
      const res = await doFetch(url, {
        method,
        headers,
        body: init.json === undefined ? undefined : JSON.stringify(init.json),
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.status;
      text = await res.text();
    } catch (err) {
      throw new CourierError(
        isTimeout(err) ? `Sendle ${what}: no answer within ${timeoutMs} ms` : `Sendle ${what}: ${(err as Error).message}`,
        true,
      );
    }
    if ((status >= 200 && status < 300) || init.answers?.includes(status)) return { status, body: parseJson(text) };
    throw new CourierError(`Sendle ${what} failed (${status}): ${reasonOf(text)}`, retryableStatus(status));
  }

  /** An answer in the shape we expect, or a retryable error: Sendle (or something before it) said something we cannot read. */
  function read<T>(what: string, schema: z.ZodType<T>, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new CourierError(`Sendle ${what}: unexpected answer (${issue?.path.join('.') || 'body'}: ${issue?.message})`, true);
  }

  return {
    name: 'sendle',
    async quote({ from, to, parcel }) {
      const res = await call('quote', 'GET', '/api/quote', {
        query: {
          pickup_suburb: from.suburb,
          pickup_postcode: from.postcode,
          delivery_suburb: to.suburb,
          delivery_postcode: to.postcode,
          weight_value: decimal(parcel.weightKg),
          weight_units: 'kg',
          volume_value: litres(parcel),
          volume_units: 'l',
        },
        answers: [422],
      });
      if (res.status === 422) return null;
      const [first] = read('quote', QuotesSchema, res.body);
      if (!first) return null;
      return {
        priceCents: Math.round(first.quote.gross.amount * 100),
        transitDays: Math.max(...first.eta.days_range),
        estimatedDelivery: first.eta.date_range.at(-1)!,
      };
    },
    async book(req) {
      const res = await call('booking', 'POST', '/api/orders', { json: orderBody(req), idempotencyKey: req.reference });
      const order = read('booking', OrderSchema, res.body);
      return {
        courierRef: order.order_id,
        trackingRef: order.sendle_reference,
        labelUrls: labelUrlsOf(order.labels),
        estimatedDelivery: order.scheduling?.estimated_delivery_date_maximum ?? null,
      };
    },
    async track(order) {
      const res = await call('tracking', 'GET', `/api/tracking/${encodeURIComponent(order.trackingRef)}`);
      const tracking = read('tracking', TrackingSchema, res.body);
      const events: TrackingEvent[] = [];
      for (const e of tracking.tracking_events) {
        const state = EVENT_STATES.get(e.event_type);
        if (state) events.push({ state, at: new Date(e.scan_time), description: e.description ?? e.event_type });
      }
      return events.sort((a, b) => a.at.getTime() - b.at.getTime());
    },
    async cancel(order) {
      const res = await call('cancel', 'DELETE', `/api/orders/${encodeURIComponent(order.courierRef)}`, { answers: [422] });
      if (res.status === 422) return 'too_late';
      read('cancel', CancelledSchema, res.body);
      return 'cancelled';
    },
  };
}
