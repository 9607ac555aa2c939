import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { checkouts, tokenLedger } from '../../db/schema/index';
import { signUpMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

let stripe: TestApp;
let local: TestApp;

beforeAll(async () => {
  [stripe, local] = await Promise.all([
    createTestApp({
      config: {
        payments: {
          provider: 'stripe',
          secretKey: 'sk_test_unused',
          webhookSecret: 'whsec_unused',
          publishableKey: undefined,
          // Never called: nothing here opens a Stripe checkout.
          apiBase: 'http://127.0.0.1:9',
        },
      },
    }),
    createTestApp(),
  ]);
});
afterAll(async () => {
  await Promise.all([stripe?.close(), local?.close()]);
});

/** An open checkout of the local provider, as one opened before the operator switched to Stripe. */
async function openLocalCheckout(t: TestApp, userId: string) {
  const id = `co-${userId.slice(0, 8)}`;
  await t.db.insert(checkouts).values({
    id,
    userId,
    kind: 'tokens',
    details: { amount: 500, description: '500 tokens' },
    amountCents: 50_000,
    gstCents: 4545,
    provider: 'local',
    providerRef: id,
    returnTo: '/tokens',
    // Opened now: a checkout a day old has lapsed (CHECKOUT_OPEN_MINUTES) and pays nothing anywhere.
    createdAt: t.clock.now(),
  });
  return id;
}

describe("the local provider's Pay route", () => {
  it('does not exist when Stripe is the configured provider: an open local checkout cannot be paid, nothing is granted', async () => {
    const m = await signUpMember(stripe.app);
    const id = await openLocalCheckout(stripe, m.id);
    const res = await stripe.app.inject({
      method: 'POST',
      url: `/api/v1/checkouts/${id}/pay`,
      headers: m.headers,
      payload: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    const [row] = await stripe.db.select().from(checkouts).where(eq(checkouts.id, id));
    expect(row!.status).toBe('open');
    expect(await stripe.db.select().from(tokenLedger).where(eq(tokenLedger.userId, m.id))).toEqual([]);
    expect(stripe.app.routeTable.some((r) => r.url === '/api/v1/checkouts/:id/pay')).toBe(false);
  });

  it('pays the same checkout on the embedded default, where the local provider is configured', async () => {
    const m = await signUpMember(local.app);
    const id = await openLocalCheckout(local, m.id);
    const res = await local.app.inject({
      method: 'POST',
      url: `/api/v1/checkouts/${id}/pay`,
      headers: m.headers,
      payload: { cardNumber: '4242 4242 4242 4242' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('paid');
  });
});
