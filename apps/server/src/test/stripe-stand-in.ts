import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the part of the Stripe API the adapter calls (stripe-provider.ts), for
 * tests: the real `stripe` package talks to it through STRIPE_API_BASE. It records every request
 * (form fields flattened as Stripe encodes them, `line_items[0][price_data][currency]`, and the
 * Idempotency-Key header), honours Idempotency-Key (a repeated key answers the first response
 * again, as Stripe does for 24 hours), and answers Stripe-shaped JSON. What a person would do on
 * Stripe's page (pay, let the session expire) and what Stripe does later (a renewal invoice) are
 * test controls, each of which can then be told as an event with `event()`.
 *
 * Served:
 *   POST /v1/checkout/sessions          GET /v1/checkout/sessions/:id
 *   POST /v1/subscriptions/:id          GET /v1/invoices/:id
 *   GET  /v1/invoice_payments?invoice=  POST /v1/refunds
 */
export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

type Obj = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  /** The API base URL to configure (STRIPE_API_BASE). */
  url: string;
  requests: StandInRequest[];
  sessions: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  invoices: Map<string, Obj>;
  refunds: Obj[];
  /** The person paid on Stripe's page (or, with `async`, chose a payment that settles later). */
  completeSession(id: string, opts?: { async?: boolean }): Obj;
  /** A delayed payment settled (async_payment_succeeded) or failed (async_payment_failed). */
  settleSession(id: string, paid: boolean): Obj;
  /** The session's 24 hours ran out unpaid. */
  expireSession(id: string): Obj;
  /** The subscription's next month was charged: paid, or its payment failed (the invoice stays open). */
  renewalInvoice(subscriptionId: string, paid: boolean): Obj;
  /** A Stripe event (snapshot of the object now), as it would be delivered. */
  event(type: string, object: Obj): { id: string; object: 'event'; type: string; data: { object: Obj } } & Record<string, unknown>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const sessions = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const invoices = new Map<string, Obj>();
  const intents = new Set<string>();
  const refunds: Obj[] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  let n = 0;
  const next = (prefix: string) => `${prefix}_test_${String(++n).padStart(6, '0')}`;
  const created = () => Math.floor(Date.now() / 1000);
  let base = '';

  const notFound = (what: string) => ({
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  });
  const bad = (message: string) => ({ status: 400, body: { error: { type: 'invalid_request_error', message } } });

  /** An invoice paid (or not) through a PaymentIntent of its own, for a subscription. */
  function invoiceFor(sub: Obj, billingReason: string, paid: boolean): Obj {
    const intent = next('pi');
    intents.add(intent);
    const invoice: Obj = {
      id: next('in'),
      object: 'invoice',
      billing_reason: billingReason,
      status: paid ? 'paid' : 'open',
      amount_due: sub.amount,
      amount_paid: paid ? sub.amount : 0,
      currency: 'aud',
      customer: sub.customer,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      created: created(),
      // Not an API field: where its money went, for /v1/invoice_payments.
      _payment_intent: intent,
    };
    invoices.set(invoice.id, invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  function route(
    method: string,
    path: string,
    query: Record<string, string>,
    form: Record<string, string>,
  ): { status: number; body: unknown } {
    let m: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const mode = form['mode'];
      if (mode !== 'payment' && mode !== 'subscription') return bad('mode must be payment or subscription');
      if (!form['success_url'] || !form['line_items[0][price_data][unit_amount]']) return bad('missing success_url or line item');
      const id = next('cs');
      const metadata: Record<string, string> = {};
      const subscriptionMetadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const meta = /^metadata\[(\w+)\]$/.exec(k);
        if (meta) metadata[meta[1]!] = v;
        const subMeta = /^subscription_data\[metadata\]\[(\w+)\]$/.exec(k);
        if (subMeta) subscriptionMetadata[subMeta[1]!] = v;
      }
      const session: Obj = {
        id,
        object: 'checkout.session',
        mode,
        status: 'open',
        payment_status: 'unpaid',
        url: `${base}/c/pay/${id}`,
        client_reference_id: form['client_reference_id'] ?? null,
        customer_email: form['customer_email'] ?? null,
        metadata,
        amount_total: Number(form['line_items[0][price_data][unit_amount]']),
        currency: form['line_items[0][price_data][currency]'],
        success_url: form['success_url'],
        cancel_url: form['cancel_url'] ?? null,
        payment_intent: null,
        subscription: null,
        invoice: null,
        created: created(),
        expires_at: created() + 86_400,
        // Not API fields: what the subscription will carry.
        _subscription_metadata: subscriptionMetadata,
      };
      sessions.set(id, session);
      return { status: 200, body: session };
    }
    if (method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const s = sessions.get(m[1]!);
      return s ? { status: 200, body: s } : notFound(`checkout.session: '${m[1]}'`);
    }
    if (method === 'POST' && (m = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) return notFound(`subscription: '${m[1]}'`);
      if (form['cancel_at_period_end'] !== undefined) sub.cancel_at_period_end = form['cancel_at_period_end'] === 'true';
      return { status: 200, body: sub };
    }
    if (method === 'GET' && (m = /^\/v1\/invoices\/([\w-]+)$/.exec(path))) {
      const inv = invoices.get(m[1]!);
      return inv ? { status: 200, body: inv } : notFound(`invoice: '${m[1]}'`);
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const inv = invoices.get(query['invoice'] ?? '');
      const data =
        inv && (inv.status === 'paid' || query['status'] !== 'paid')
          ? [
              {
                id: `inpay_${inv.id}`,
                object: 'invoice_payment',
                invoice: inv.id,
                status: inv.status === 'paid' ? 'paid' : 'open',
                is_default: true,
                payment: { type: 'payment_intent', payment_intent: inv._payment_intent },
              },
            ]
          : [];
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = form['payment_intent'];
      if (!intent || !intents.has(intent)) return notFound(`payment_intent: '${intent}'`);
      const refund: Obj = {
        id: next('re'),
        object: 'refund',
        payment_intent: intent,
        amount: Number(form['amount']),
        currency: 'aud',
        status: 'succeeded',
        metadata: { checkout_id: form['metadata[checkout_id]'] },
        created: created(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return notFound(`route: ${method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const query = Object.fromEntries(u.searchParams);
      const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
      const method = req.method ?? 'GET';
      requests.push({ method, path: u.pathname, query, form, idempotencyKey, authorization: req.headers.authorization });
      const key = idempotencyKey && method === 'POST' ? `${u.pathname} ${idempotencyKey}` : null;
      const replayed = key ? replies.get(key) : undefined;
      const reply = replayed ?? route(method, u.pathname, query, form);
      if (key && !replayed) replies.set(key, reply);
      res.writeHead(reply.status, {
        'content-type': 'application/json',
        'request-id': `req_${n}`,
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const session = (id: string) => {
    const s = sessions.get(id);
    if (!s) throw new Error(`stand-in: no session ${id}`);
    return s;
  };

  return {
    url: base,
    requests,
    sessions,
    subscriptions,
    invoices,
    refunds,
    completeSession(id, opts = {}) {
      const s = session(id);
      s.status = 'complete';
      s.payment_status = opts.async ? 'unpaid' : 'paid';
      if (s.mode === 'payment') {
        const intent = next('pi');
        intents.add(intent);
        s.payment_intent = intent;
      } else {
        const sub: Obj = {
          id: next('sub'),
          object: 'subscription',
          status: 'active',
          cancel_at_period_end: false,
          customer: next('cus'),
          metadata: s._subscription_metadata,
          amount: s.amount_total,
          latest_invoice: null,
        };
        subscriptions.set(sub.id, sub);
        s.subscription = sub.id;
        s.invoice = invoiceFor(sub, 'subscription_create', !opts.async).id;
      }
      return s;
    },
    settleSession(id, paid) {
      const s = session(id);
      s.payment_status = paid ? 'paid' : 'unpaid';
      if (s.invoice) {
        const inv = invoices.get(s.invoice as string)!;
        inv.status = paid ? 'paid' : 'open';
      }
      return s;
    },
    expireSession(id) {
      const s = session(id);
      s.status = 'expired';
      return s;
    },
    renewalInvoice(subscriptionId, paid) {
      const sub = subscriptions.get(subscriptionId);
      if (!sub) throw new Error(`stand-in: no subscription ${subscriptionId}`);
      return invoiceFor(sub, 'subscription_cycle', paid);
    },
    event(type, object) {
      return {
        id: next('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: created(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: structuredClone(object) },
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
