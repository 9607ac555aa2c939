import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { QUOTE_HOLD_MINUTES } from '@swapu/shared/delivery-api';
import { checkouts, deliveries, receipts } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/app';
import { runDue } from './delivery-jobs';
import { deliveryDeps } from './delivery.worker';
import { acceptedSwap } from './test-swap';

// Friday 20 November 2026, 11 am in Sydney.
const NOW = new Date('2026-11-20T00:00:00.000Z');
const MINUTE = 60_000;
let t: TestApp;
let swap: Awaited<ReturnType<typeof acceptedSwap>>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), config: { delivery: { courier: 'local', simStepMs: MINUTE } } });
  swap = await acceptedSwap(t, NOW);
});
afterAll(async () => {
  await t.close();
});

describe("a delivery quote's price hold, checked when the delivery is paid", () => {
  it("refuses a payment after the hold with 'This quote has expired…', books nothing and charges nothing, even for a checkout started in time", async () => {
    const { owner, post, order } = swap;
    const quoted = await post(owner, '/api/v1/deliveries', order());
    expect(quoted.statusCode, quoted.body).toBe(201);
    const deliveryId = (quoted.json() as { id: string }).id;
    t.clock.advance(10 * MINUTE);
    const started = await post(owner, `/api/v1/deliveries/${deliveryId}/checkout`);
    expect(started.statusCode, started.body).toBe(201);
    const checkoutId = (started.json() as { id: string }).id;
    t.clock.advance((QUOTE_HOLD_MINUTES - 10) * MINUTE);
    try {
      const paid = await post(owner, `/api/v1/checkouts/${checkoutId}/pay`, { cardNumber: '4242 4242 4242 4242' });
      expect(paid.statusCode, paid.body).toBe(409);
      expect(paid.json().error).toEqual({
        code: 'quote_expired',
        message: 'This quote has expired. Get a new quote to see the current price.',
      });
      // Nothing booked, nothing charged: the checkout is closed without a receipt.
      const [d] = await t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
      expect(d).toMatchObject({ state: 'awaiting_payment', checkoutId: null });
      expect(await runDue(deliveryDeps(t.app), t.clock.now())).toMatchObject({ booked: 0, refunded: 0 });
      const [c] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
      expect(c!.status).toBe('cancelled');
      expect(await t.db.select().from(receipts).where(eq(receipts.checkoutId, checkoutId))).toEqual([]);
      // The form quotes again, and the new quote is paid.
      const again = await post(owner, '/api/v1/deliveries', order());
      expect(again.statusCode, again.body).toBe(201);
      const checkoutAgain = await swap.payLocally(owner, (again.json() as { id: string }).id);
      expect((await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutAgain)))[0]!.status).toBe('paid');
    } finally {
      t.clock.set(NOW);
    }
  });

  it('a payment the moment before the hold ends books the delivery', async () => {
    const { owner, post, anotherSwap, offerer } = swap;
    const other = await anotherSwap('Desk lamp', 'accepted');
    const quoted = await post(
      owner,
      '/api/v1/deliveries',
      swap.order({ postId: other.postId, offerId: other.offerId, receiverId: offerer.id }),
    );
    expect(quoted.statusCode, quoted.body).toBe(201);
    const deliveryId = (quoted.json() as { id: string }).id;
    t.clock.advance(QUOTE_HOLD_MINUTES * MINUTE - 1000);
    try {
      await swap.payLocally(owner, deliveryId);
      const [d] = await t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
      expect(d!.state).toBe('booking');
    } finally {
      t.clock.set(NOW);
    }
  });
});
