import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { checkouts, tokenBalances } from '../db/schema/index';
import { STRIPE_WEBHOOK_PATH } from '../modules/payments/stripe-webhook.routes';
import type { TestMember } from './accounts';
import { createTestApp, type TestApp } from './app';
import { startStripeStandIn, type StripeStandIn } from './stripe-stand-in';

export const STRIPE_TEST_SECRET = 'whsec_test_standin_secret';
// Only its webhook test helper is used: it signs as Stripe does.
const signer = new Stripe('sk_test_signer');

export type Delivery = { payload: string; header: string };

/**
 * Tests only (stripe.test.ts, stripe-replays-refunds.test.ts): the app with Stripe configured
 * against the stand-in for Stripe's API, made before the file's tests and closed after them, and
 * what those tests need to play Stripe and read the outcome. `h.t` and `h.api` are set once the
 * file's beforeAll has run.
 */
export function useStripeWebhookApp(now: Date) {
  let app: TestApp | undefined;
  let standIn: StripeStandIn | undefined;
  const h = {
    get t(): TestApp {
      if (!app) throw new Error('the Stripe test app is made in beforeAll');
      return app;
    },
    get api(): StripeStandIn {
      if (!standIn) throw new Error('the Stripe stand-in is started in beforeAll');
      return standIn;
    },
    /**
     * An event as Stripe delivers it: the JSON body (a string is sent as it is) and its signature
     * header (at `now`, unless told).
     */
    signed: (event: object | string, opts: { secret?: string; at?: Date } = {}): Delivery => {
      const payload = typeof event === 'string' ? event : JSON.stringify(event);
      const timestamp = Math.floor((opts.at ?? now).getTime() / 1000);
      return {
        payload,
        header: signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? STRIPE_TEST_SECRET, timestamp }),
      };
    },
    deliver: (d: Delivery) =>
      h.t.app.inject({
        method: 'POST',
        url: STRIPE_WEBHOOK_PATH,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': d.header },
        payload: d.payload,
      }),
    /** Starts a checkout as the member does: its id, its page and its Stripe session's id. */
    start: async (m: TestMember, purchase: object) => {
      const res = await h.t.app.inject({ method: 'POST', url: '/api/v1/checkouts', headers: m.headers, payload: { purchase } });
      expect(res.statusCode, res.body).toBe(201);
      const { id, url } = res.json() as { id: string; url: string };
      const [row] = await h.t.db.select().from(checkouts).where(eq(checkouts.id, id));
      return { id, url, sessionId: row!.providerRef! };
    },
    balanceOf: async (userId: string) =>
      (await h.t.db.select().from(tokenBalances).where(eq(tokenBalances.userId, userId)))[0]?.balance ?? 0,
    subscriptionOf: async (m: TestMember) =>
      (await h.t.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: m.headers })).json() as {
        status: string;
        currentPeriodEnd: string | null;
      },
  };
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    app = await createTestApp({
      now: now.toISOString(),
      config: {
        payments: {
          provider: 'stripe',
          secretKey: 'sk_test_standin',
          webhookSecret: STRIPE_TEST_SECRET,
          publishableKey: 'pk_test_standin',
          apiBase: standIn.url,
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
    await standIn?.close();
  });
  return h;
}
