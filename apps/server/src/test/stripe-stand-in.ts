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
 *   GET  /v1/invoice_payments?invoice=  GET /v1/invoice_payments?payment[payment_intent]=
 *   POST /v1/refunds                    GET /v1/payment_intents/:id
 *   GET  /v1/charges/:id                GET /v1/disputes/:id
 * Every payment is a PaymentIntent with one charge (ch_…); a refund, through the API or made in
 * the dashboard (`refundInDashboard`), is recorded on that charge, as Stripe does, and a dispute
 * (`openDispute`, `closeDispute`) names it.
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
  /** Payments: each PaymentIntent's charge (ch_…), by the intent's id. */
  charges: Map<string, Obj>;
  disputes: Map<string, Obj>;
  /** The PaymentIntent a paid session or invoice went through. */
  intentOf(sessionOrInvoice: Obj): string;
  /** A PaymentIntent's charge, as Stripe has it now. */
  chargeOf(intent: string): Obj;
  /** A refund made in Stripe's dashboard (all of the charge unless `amount` says less): the charge, refreshed. */
  refundInDashboard(intent: string, amount?: number): Obj;
  /** The cardholder's bank disputes the charge (Stripe withdraws the amount at once, except for an inquiry). */
  openDispute(intent: string, status?: string): Obj;
  /** The dispute closes: won (the money comes back to SwapU) or lost. */
  closeDispute(id: string, outcome: 'won' | 'lost'): Obj;
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
  const intents = new Map<string, Obj>();
  const charges = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
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

  /** A PaymentIntent and its charge (succeeded once paid). */
  function intentFor(amount: number, metadata: Record<string, string>): string {
    const id = next('pi');
    const charge: Obj = {
      id: next('ch'),
      object: 'charge',
      amount,
      amount_refunded: 0,
      refunded: false,
      disputed: false,
      currency: 'aud',
      payment_intent: id,
      metadata: {},
      status: 'succeeded',
      created: created(),
    };
    intents.set(id, { id, object: 'payment_intent', amount, currency: 'aud', status: 'succeeded', metadata, latest_charge: charge.id });
    charges.set(charge.id, charge);
    return id;
  }
  const chargeOfIntent = (intent: string) => {
    const pi = intents.get(intent);
    if (!pi) throw new Error(`stand-in: no payment intent ${intent}`);
    return charges.get(pi.latest_charge as string)!;
  };

  /** An invoice paid (or not) through a PaymentIntent of its own, for a subscription. */
  function invoiceFor(sub: Obj, billingReason: string, paid: boolean): Obj {
    const intent = intentFor(sub.amount as number, {});
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
      const intentMetadata: Record<string, string> = {};
      for (const [k, v] of Object.entries(form)) {
        const meta = /^metadata\[(\w+)\]$/.exec(k);
        if (meta) metadata[meta[1]!] = v;
        const subMeta = /^subscription_data\[metadata\]\[(\w+)\]$/.exec(k);
        if (subMeta) subscriptionMetadata[subMeta[1]!] = v;
        const intentMeta = /^payment_intent_data\[metadata\]\[(\w+)\]$/.exec(k);
        if (intentMeta) intentMetadata[intentMeta[1]!] = v;
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
        expires_at: form['expires_at'] ? Number(form['expires_at']) : created() + 86_400,
        // Not API fields: what the subscription and the payment will carry.
        _subscription_metadata: subscriptionMetadata,
        _intent_metadata: intentMetadata,
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
      const byIntent = query['payment[payment_intent]'];
      const inv = byIntent ? [...invoices.values()].find((i) => i._payment_intent === byIntent) : invoices.get(query['invoice'] ?? '');
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
    if (method === 'GET' && (m = /^\/v1\/payment_intents\/([\w-]+)$/.exec(path))) {
      const pi = intents.get(m[1]!);
      return pi ? { status: 200, body: pi } : notFound(`payment_intent: '${m[1]}'`);
    }
    if (method === 'GET' && (m = /^\/v1\/charges\/([\w-]+)$/.exec(path))) {
      const ch = charges.get(m[1]!);
      return ch ? { status: 200, body: ch } : notFound(`charge: '${m[1]}'`);
    }
    if (method === 'GET' && (m = /^\/v1\/disputes\/([\w-]+)$/.exec(path))) {
      const dp = disputes.get(m[1]!);
      return dp ? { status: 200, body: dp } : notFound(`dispute: '${m[1]}'`);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = form['payment_intent'];
      if (!intent || !intents.has(intent)) return notFound(`payment_intent: '${intent}'`);
      const charge = chargeOfIntent(intent);
      charge.amount_refunded = (charge.amount_refunded as number) + Number(form['amount'] ?? charge.amount);
      charge.refunded = (charge.amount_refunded as number) >= (charge.amount as number);
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
    charges,
    disputes,
    intentOf(o) {
      const intent = (o.object === 'invoice' ? o._payment_intent : o.payment_intent) as string | null | undefined;
      if (intent) return intent;
      const invoice = invoices.get(o.invoice as string);
      if (!invoice) throw new Error(`stand-in: ${o.id} has no payment`);
      return invoice._payment_intent as string;
    },
    chargeOf: (intent) => chargeOfIntent(intent),
    refundInDashboard(intent, amount) {
      const charge = chargeOfIntent(intent);
      const value = amount ?? (charge.amount as number) - (charge.amount_refunded as number);
      refunds.push({ id: next('re'), object: 'refund', payment_intent: intent, amount: value, status: 'succeeded', metadata: {} });
      charge.amount_refunded = (charge.amount_refunded as number) + value;
      charge.refunded = (charge.amount_refunded as number) >= (charge.amount as number);
      return charge;
    },
    openDispute(intent, status = 'needs_response') {
      const charge = chargeOfIntent(intent);
      charge.disputed = true;
      const dispute: Obj = {
        id: next('dp'),
        object: 'dispute',
        amount: charge.amount,
        currency: 'aud',
        charge: charge.id,
        payment_intent: intent,
        reason: 'fraudulent',
        status,
        created: created(),
      };
      disputes.set(dispute.id, dispute);
      return dispute;
    },
    closeDispute(id, outcome) {
      const dispute = disputes.get(id);
      if (!dispute) throw new Error(`stand-in: no dispute ${id}`);
      dispute.status = outcome;
      return dispute;
    },
    completeSession(id, opts = {}) {
      const s = session(id);
      s.status = 'complete';
      s.payment_status = opts.async ? 'unpaid' : 'paid';
      if (s.mode === 'payment') {
        s.payment_intent = intentFor(s.amount_total as number, s._intent_metadata as Record<string, string>);
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
