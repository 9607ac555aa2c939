import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { checkouts } from '../db/schema/index';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/stripe-webhook.routes';
import type { TestMember } from './accounts';
import { createTestApp, type TestApp } from './app';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

const SECRET = 'whsec_test_standin_secret';
// Only its webhook test helper is used: it signs as Stripe does.
const signer = new Stripe('sk_test_signer');

/**
 * Tests only: the app with Stripe configured against the stand-in for Stripe's API, and what a
 * test needs to play Stripe: events delivered as Stripe sends them (the JSON body, signed at the
 * app's now) and checkouts started as a member would.
 */
export async function stripeTestApp(now: Date, config: Parameters<typeof createTestApp>[0] = {}) {
  const api: StripeStandIn = await startStripeStandIn();
  const t: TestApp = await createTestApp({
    now: now.toISOString(),
    ...config,
    config: {
      ...config.config,
      payments: { provider: 'stripe', secretKey: 'sk_test_standin', webhookSecret: SECRET, publishableKey: undefined, apiBase: api.url },
    },
  }).catch(async (err: unknown) => {
    await api.close();
    throw err;
  });

  /** Delivers one event (a stand-in snapshot) to the webhook, signed at the app's now. */
  const deliver = (event: object) => {
    const payload = JSON.stringify(event);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: SECRET,
      timestamp: Math.floor(t.clock.now().getTime() / 1000),
    });
    return t.app.inject({
      method: 'POST',
      url: STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      payload,
    });
  };

  /** Starts a checkout as the member does: its id and its Stripe session's id. */
  const start = async (m: TestMember, purchase: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/checkouts', headers: m.headers, payload: { purchase } });
    if (res.statusCode !== 201) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
    const { id } = res.json() as { id: string };
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, id));
    return { id, sessionId: row!.providerRef! };
  };

  /** Pays a started checkout at Stripe and delivers the completed event: the session. */
  const payAtStripe = async (sessionId: string) => {
    const session = api.completeSession(sessionId);
    const res = await deliver(api.event('checkout.session.completed', session));
    if (res.statusCode !== 200) throw new Error(`webhook: ${res.statusCode} ${res.body}`);
    return session;
  };

  return {
    t,
    api,
    deliver,
    start,
    payAtStripe,
    close: async () => {
      await t.close();
      await api.close();
    },
  };
}
export type StripeTestApp = Awaited<ReturnType<typeof stripeTestApp>>;
