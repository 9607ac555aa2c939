import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of Sendle's API the adapter calls (sendle-courier.ts), for tests:
 * Sendle stopped trading in January 2026, so this is where the adapter is proven
 * (docs/decisions/0025). It answers in Sendle's v1 shapes, checks HTTP Basic authentication
 * (the Sendle id and API key) on every call, keeps orders in memory and honours Idempotency-Key
 * on booking (a repeated key answers the order the first call made). It records every request.
 * What happens to a parcel afterwards (picked up, in transit, delivered) is a test control,
 * `advance()`, and so are failures of Sendle itself, `failNext()`.
 *
 * Prices and transit times follow a simple rule of its own, not Sendle's prices.
 *
 * Served:
 *   GET  /api/quote                  GET    /api/orders/:id
 *   POST /api/orders                 DELETE /api/orders/:id
 *   GET  /api/tracking/:ref
 */
export interface SendleStandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export type SendleEventType =
  'Pickup' | 'Pickup Attempted' | 'In Transit' | 'Out for Delivery' | 'Delivered' | 'Card Left' | 'Cancelled' | 'Info';

export interface SendleTrackingEvent {
  event_type: SendleEventType;
  scan_time: string;
  description: string;
}

/**
 * How the next requests fail: '5xx' (a 500, nothing done), '429' (Sendle's rate limit),
 * 'reject' (a 422 refusal, nothing done), 'malformed' (a 200 whose body is not the route's
 * shape), or 'timeout' (the request is carried out but never answered: the answer is lost, as
 * when a booking's reply times out).
 */
export type SendleFailure = '5xx' | '429' | 'reject' | 'malformed' | 'timeout';

type Json = Record<string, unknown>;

export interface SendleStandInOrder {
  /** The order as Sendle answers it (POST, GET and, once cancelled, DELETE /api/orders). */
  order: Json & { order_id: string; state: string; sendle_reference: string };
  /** The JSON the client posted. */
  request: Json;
  idempotencyKey: string | undefined;
  /** Its tracking events, oldest first (added with `advance`). */
  events: SendleTrackingEvent[];
}

export interface SendleStandIn {
  /** The API base URL to configure (SENDLE_BASE_URL). */
  url: string;
  /** The credentials it accepts (SENDLE_ID, SENDLE_API_KEY). */
  sendleId: string;
  apiKey: string;
  requests: SendleStandInRequest[];
  /** Orders by order_id. */
  orders: Map<string, SendleStandInOrder>;
  /** Postcodes it does not serve: a quote to or from one is an empty list. */
  unserviced: Set<string>;
  /** The next `n` authenticated requests fail this way (after any already queued). */
  failNext(n: number, kind: SendleFailure): void;
  /** Something happened to the parcel: a tracking event is scanned, and the order's state follows. */
  advance(orderId: string, eventType: SendleEventType, opts?: { at?: Date; description?: string }): SendleTrackingEvent;
  close(): Promise<void>;
}

/** Sendle's weight limit for a parcel, in kg. */
const MAX_KG = 25;
/** Sendle's limits on an order's text fields. */
const MAX_DESCRIPTION = 255;
const MAX_INSTRUCTIONS = 200;

/** The order state each tracking event leaves behind (Sendle's states); the others leave it as it is. */
const STATE_AFTER: Partial<Record<SendleEventType, string>> = {
  Pickup: 'In Transit',
  'In Transit': 'In Transit',
  'Out for Delivery': 'In Transit',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

const DESCRIPTIONS: Record<SendleEventType, string> = {
  Pickup: 'Parcel picked up',
  'Pickup Attempted': 'Pickup attempted',
  'In Transit': 'In transit between locations',
  'Out for Delivery': 'Parcel is loaded for delivery',
  Delivered: 'Parcel delivered',
  'Card Left': 'Card left: parcel awaiting collection',
  Cancelled: 'Order cancelled',
  Info: 'Arrived at the depot for processing',
};

const addDays = (ymd: string, days: number) => new Date(Date.parse(`${ymd}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const money = (amount: number) => ({ amount: Math.round(amount * 100) / 100, currency: 'AUD' });

/** Its price rule: A$7.95 for the first chargeable kg (the greater of weight and 250 kg/m³), A$1.50 each further kg, A$4 interstate. */
function priceOf(kg: number, litres: number, interstate: boolean) {
  const chargeable = Math.max(kg, litres / 4);
  const gross = 7.95 + 1.5 * Math.max(0, Math.ceil(chargeable) - 1) + (interstate ? 4 : 0);
  const net = Math.round((gross / 1.1) * 100) / 100;
  return { gross: money(gross), net: money(net), tax: money(gross - net) };
}

/** Its transit rule: 1–3 days within a state (same first postcode digit), 2–5 between states. */
const daysRange = (interstate: boolean): [number, number] => (interstate ? [2, 5] : [1, 3]);

const unprocessable = (
  messages: Record<string, string[]>,
  description = 'The data you supplied is invalid. Error messages are in the messages section.',
) => ({
  status: 422,
  body: { error: 'unprocessable_entity', error_description: description, messages },
});
const notFound = (what: string) => ({ status: 404, body: { error: 'not_found', error_description: `${what} not found` } });

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const positive = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? n : null;
};

/** The fields Sendle requires of one end of an order, as `messages` entries. */
function partyProblems(name: 'sender' | 'receiver', party: Json, messages: Record<string, string[]>) {
  const contact = obj(party.contact);
  const address = obj(party.address);
  if (!str(contact.name)) messages[`${name}.contact.name`] = ["can't be blank"];
  for (const f of ['address_line1', 'suburb', 'postcode', 'state_name'] as const) {
    if (!str(address[f])) messages[`${name}.address.${f}`] = ["can't be blank"];
  }
  if (str(party.instructions).length > MAX_INSTRUCTIONS)
    messages[`${name}.instructions`] = [`is too long (maximum is ${MAX_INSTRUCTIONS} characters)`];
}

export async function startSendleStandIn(opts: { sendleId?: string; apiKey?: string; today?: () => string } = {}): Promise<SendleStandIn> {
  const sendleId = opts.sendleId ?? 'sendle_test_standin';
  const apiKey = opts.apiKey ?? 'key_test_standin';
  const expectedAuth = `Basic ${Buffer.from(`${sendleId}:${apiKey}`).toString('base64')}`;
  const today = opts.today ?? (() => new Date().toISOString().slice(0, 10));
  const requests: SendleStandInRequest[] = [];
  const orders = new Map<string, SendleStandInOrder>();
  const byKey = new Map<string, string>();
  const unserviced = new Set<string>();
  const failures: SendleFailure[] = [];
  let base = '';

  const interstate = (a: string, b: string) => a.charAt(0) !== b.charAt(0);

  function quote(q: Record<string, string>) {
    const messages: Record<string, string[]> = {};
    for (const f of ['pickup_suburb', 'pickup_postcode', 'delivery_suburb', 'delivery_postcode'] as const) {
      if (!q[f]) messages[f] = ["can't be blank"];
    }
    const kg = positive(q['weight_value']);
    if (kg === null) messages['weight_value'] = ['is not a number'];
    else if (kg > MAX_KG) messages['weight_value'] = [`must be less than or equal to ${MAX_KG}`];
    if (q['weight_units'] !== 'kg') messages['weight_units'] = ['must be kg'];
    if (Object.keys(messages).length) return unprocessable(messages);
    const [from, to] = [q['pickup_postcode']!, q['delivery_postcode']!];
    if (unserviced.has(from) || unserviced.has(to)) return { status: 200, body: [] };
    const litres = q['volume_units'] === 'l' ? (positive(q['volume_value']) ?? 0) : 0;
    const days = daysRange(interstate(from, to));
    const send = today();
    return {
      status: 200,
      body: [
        {
          quote: priceOf(kg!, litres, interstate(from, to)),
          plan_name: 'Standard',
          eta: { days_range: days, date_range: days.map((d) => addDays(send, d)), for_send_date: send },
        },
      ],
    };
  }

  function book(body: Json, idempotencyKey: string | undefined) {
    const seen = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (seen) return { status: 201, body: orders.get(seen)!.order };
    const messages: Record<string, string[]> = {};
    const description = str(body.description);
    if (!description) messages['description'] = ["can't be blank"];
    if (description.length > MAX_DESCRIPTION) messages['description'] = [`is too long (maximum is ${MAX_DESCRIPTION} characters)`];
    const weight = obj(body.weight);
    const kg = positive(weight.value);
    if (kg === null || weight.units !== 'kg') messages['weight'] = ['must be a positive value in kg'];
    else if (kg > MAX_KG) messages['weight'] = [`must be less than or equal to ${MAX_KG} kg`];
    const dims = obj(body.dimensions);
    const sides = [dims.length, dims.width, dims.height].map(positive);
    if (sides.some((s) => s === null) || dims.units !== 'cm') messages['dimensions'] = ['must be positive lengths in cm'];
    const pickupDate = str(body.pickup_date) || today();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(pickupDate)) messages['pickup_date'] = ['is not a date'];
    partyProblems('sender', obj(body.sender), messages);
    partyProblems('receiver', obj(body.receiver), messages);
    if (Object.keys(messages).length) return unprocessable(messages);

    const from = str(obj(obj(body.sender).address).postcode);
    const to = str(obj(obj(body.receiver).address).postcode);
    const litres = (sides as number[]).reduce((a, b) => a * b, 1) / 1000;
    const [min, max] = daysRange(interstate(from, to));
    const id = randomUUID();
    const ref = `S${createHash('sha256').update(id).digest('hex').slice(0, 7).toUpperCase()}`;
    const order = {
      order_id: id,
      state: 'Booking',
      order_url: `${base}/api/orders/${id}`,
      sendle_reference: ref,
      tracking_url: `${base}/tracking?ref=${ref}`,
      labels: [
        { format: 'pdf', size: 'a4', url: `${base}/api/orders/${id}/labels/a4.pdf` },
        { format: 'pdf', size: 'cropped', url: `${base}/api/orders/${id}/labels/cropped.pdf` },
      ],
      scheduling: {
        is_cancellable: true,
        pickup_date: pickupDate,
        picked_up_on: null,
        delivered_on: null,
        estimated_delivery_date_minimum: addDays(pickupDate, min),
        estimated_delivery_date_maximum: addDays(pickupDate, max),
      },
      description,
      customer_reference: str(body.customer_reference),
      weight,
      dimensions: dims,
      sender: body.sender,
      receiver: body.receiver,
      price: priceOf(kg!, litres, interstate(from, to)),
    };
    orders.set(id, { order, request: body, idempotencyKey, events: [] });
    if (idempotencyKey) byKey.set(idempotencyKey, id);
    return { status: 201, body: order };
  }

  function cancel(id: string) {
    const o = orders.get(id);
    if (!o) return notFound('Order');
    if (o.order.state !== 'Cancelled') {
      if (!obj(o.order.scheduling).is_cancellable) {
        return unprocessable({}, 'This order can no longer be cancelled: it has already been picked up by the courier.');
      }
      o.order.state = 'Cancelled';
      o.order.scheduling = { ...obj(o.order.scheduling), is_cancellable: false };
      o.order.cancelled_at = new Date().toISOString();
    }
    return {
      status: 200,
      body: {
        order_id: id,
        state: 'Cancelled',
        order_url: o.order.order_url,
        sendle_reference: o.order.sendle_reference,
        customer_reference: o.order.customer_reference,
        cancelled_at: o.order.cancelled_at,
        cancellation_message: 'Cancelled by the API client before pickup',
      },
    };
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown, idempotencyKey: string | undefined) {
    let m: RegExpExecArray | null;
    if (method === 'GET' && path === '/api/quote') return quote(query);
    if (method === 'POST' && path === '/api/orders') return book(obj(body), idempotencyKey);
    if (method === 'GET' && (m = /^\/api\/orders\/([\w-]+)$/.exec(path))) {
      const o = orders.get(m[1]!);
      return o ? { status: 200, body: o.order } : notFound('Order');
    }
    if (method === 'DELETE' && (m = /^\/api\/orders\/([\w-]+)$/.exec(path))) return cancel(m[1]!);
    if (method === 'GET' && (m = /^\/api\/tracking\/(\w+)$/.exec(path))) {
      const o = [...orders.values()].find((x) => x.order.sendle_reference === m![1]);
      return o ? { status: 200, body: { state: o.order.state, tracking_events: o.events } } : notFound('Parcel');
    }
    return notFound(`Route ${method} ${path}`);
  }

  /** A queued failure's answer, or null when the request is to be answered (or, for 'timeout', carried out and left hanging). */
  function failure(kind: SendleFailure) {
    if (kind === '5xx') return { status: 500, body: { error: 'internal_server_error', error_description: 'Something went wrong' } };
    if (kind === '429') return { status: 429, body: { error: 'too_many_requests', error_description: 'Rate limit exceeded' } };
    if (kind === 'reject') return unprocessable({ base: ['refused by the stand-in'] }, 'The request was refused.');
    if (kind === 'malformed') return { status: 200, body: { unexpected: 'shape' } };
    return null;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown = null;
      let badJson = false;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        badJson = true;
      }
      const method = req.method ?? 'GET';
      const query = Object.fromEntries(u.searchParams);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path: u.pathname, query, body, idempotencyKey, authorization: req.headers.authorization });
      const answer = (reply: { status: number; body: unknown }) => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      };
      if (req.headers.authorization !== expectedAuth) {
        return answer({
          status: 401,
          body: {
            error: 'unauthorised',
            error_description: 'The authorisation details are not valid. Either the Sendle ID or API key are incorrect.',
          },
        });
      }
      if (badJson) return answer({ status: 400, body: { error: 'bad_request', error_description: 'The body is not JSON' } });
      const kind = failures.shift();
      const failed = kind ? failure(kind) : null;
      if (failed) return answer(failed);
      const reply = route(method, u.pathname, query, body, idempotencyKey);
      // A 'timeout' did the work; its answer is lost (the client gives up, or close() ends it).
      if (kind !== 'timeout') answer(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    sendleId,
    apiKey,
    requests,
    orders,
    unserviced,
    failNext(n, kind) {
      for (let i = 0; i < n; i++) failures.push(kind);
    },
    advance(orderId, eventType, o = {}) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`stand-in: no order ${orderId}`);
      const event: SendleTrackingEvent = {
        event_type: eventType,
        scan_time: (o.at ?? new Date()).toISOString(),
        description: o.description ?? DESCRIPTIONS[eventType],
      };
      order.events.push(event);
      order.events.sort((a, b) => a.scan_time.localeCompare(b.scan_time));
      const state = STATE_AFTER[eventType];
      if (state) order.order.state = state;
      const scheduling = obj(order.order.scheduling);
      if (eventType === 'Pickup')
        order.order.scheduling = { ...scheduling, is_cancellable: false, picked_up_on: event.scan_time.slice(0, 10) };
      if (eventType === 'Delivered')
        order.order.scheduling = { ...scheduling, is_cancellable: false, delivered_on: event.scan_time.slice(0, 10) };
      if (eventType === 'Cancelled') order.order.scheduling = { ...scheduling, is_cancellable: false };
      return event;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
