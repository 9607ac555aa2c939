import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { checkouts, deliveries, mailOutbox, notifications, receipts } from '../../db/schema/index';
import type { TestMember } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { runDue } from './delivery-jobs';
import { deliveryDeps } from './delivery.worker';
import { acceptedSwap } from './test-swap';

// Friday 20 November 2026, 11 am in Sydney.
const NOW = new Date('2026-11-20T00:00:00.000Z');
const STEP_MS = 60_000;
let t: TestApp;
let owner: TestMember; // Newtown NSW: owns the target
let offerer: TestMember; // Fitzroy VIC: gives an item
let stranger: TestMember;
let target: string;
let given: string;
let offerId: string;
let order: Awaited<ReturnType<typeof acceptedSwap>>['order'];
let get: Awaited<ReturnType<typeof acceptedSwap>>['get'];
let post: Awaited<ReturnType<typeof acceptedSwap>>['post'];
let payLocally: Awaited<ReturnType<typeof acceptedSwap>>['payLocally'];
let swap: Awaited<ReturnType<typeof acceptedSwap>>;

beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString(), config: { delivery: { courier: 'local', simStepMs: STEP_MS } } });
  swap = await acceptedSwap(t, NOW);
  ({ owner, offerer, stranger, target, given, offerId, order, get, post, payLocally } = swap);
});
afterAll(async () => {
  await t.close();
});

const deliveryCount = async () => Number((await t.db.select({ n: sql<number>`count(*)` }).from(deliveries))[0]!.n);
const deps = () => deliveryDeps(t.app);

describe('the order form', () => {
  it('is prefilled for either party from the profiles and the listing, the other party’s email masked', async () => {
    const res = await get(owner, `/api/v1/deliveries/draft/${target}/${offerId}/${offerer.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      postTitle: 'Road bike helmet',
      viewerIsSender: true,
      sender: { userId: owner.id, name: 'Olivia', suburb: 'Newtown', postcode: '2042', email: owner.email, emailOnFile: false },
      receiver: { userId: offerer.id, name: 'Felix', suburb: 'Fitzroy', postcode: '3065', emailOnFile: true },
      parcel: { weightKg: 0.6, lengthCm: 30, widthCm: 25, heightCm: 20 },
      earliestPickup: '2026-11-20',
      deliveryId: null,
    });
    expect(d.receiver.email).not.toBe(offerer.email);
    expect(d.receiver.email).toMatch(/^m•••@example\.com$/);
    const theirs = await get(offerer, `/api/v1/deliveries/draft/${target}/${offerId}/${offerer.id}`);
    expect(theirs.json()).toMatchObject({ viewerIsSender: false, sender: { emailOnFile: true }, receiver: { email: offerer.email } });
    // The item given goes the other way.
    const back = await get(offerer, `/api/v1/deliveries/draft/${given}/${offerId}/${owner.id}`);
    expect(back.json()).toMatchObject({ viewerIsSender: true, postTitle: 'Camping lantern', sender: { userId: offerer.id } });
  });

  it("answers 'There is issue with this order id' to a stranger, a wrong receiver, an unknown offer or item, and an offer not accepted", async () => {
    const pending = await swap.offerOn(target, 'pending');
    for (const [m, url] of [
      [stranger, `/api/v1/deliveries/draft/${target}/${offerId}/${offerer.id}`],
      [owner, `/api/v1/deliveries/draft/${target}/${offerId}/${owner.id}`],
      [owner, `/api/v1/deliveries/draft/${target}/nope/${offerer.id}`],
      [owner, `/api/v1/deliveries/draft/nope/${offerId}/${offerer.id}`],
      [owner, `/api/v1/deliveries/draft/${target}/${pending}/${offerer.id}`],
    ] as const) {
      const res = await get(m, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toMatchObject({ code: 'order_id_issue', message: 'There is issue with this order id' });
    }
    expect((await t.app.inject({ url: `/api/v1/deliveries/draft/${target}/${offerId}/${offerer.id}` })).statusCode).toBe(401);
    const create = await post(stranger, '/api/v1/deliveries', order());
    expect(create.json().error.code).toBe('order_id_issue');
  });

  it('refuses a vague or unknown address, a holiday or weekend pickup and a broken form in the spec’s words, creating nothing', async () => {
    const cases: Array<[Record<string, unknown>, string, string, string | null]> = [
      [
        { sender: { ...order().sender, street: 'PO Box 12' } },
        'address_not_specific',
        'Address need to be more specific so delivery can pick up your parcel.',
        'sender.street',
      ],
      [
        { receiver: { ...order().receiver, street: 'Brunswick Street' } },
        'address_not_specific',
        'Address need to be more specific so delivery can pick up your parcel.',
        'receiver.street',
      ],
      [{ sender: { ...order().sender, suburb: 'Fitzroy' } }, 'address_invalid', 'Please enter valid address', 'sender.suburb'],
      [{ pickupDate: '2026-12-25' }, 'pickup_date_invalid', 'Please choose a business day that is not a public holiday', 'pickupDate'],
      [{ pickupDate: '2026-12-28' }, 'pickup_date_invalid', 'Please choose a business day that is not a public holiday', 'pickupDate'],
      [{ pickupDate: '2027-01-26' }, 'pickup_date_invalid', 'Please choose a business day that is not a public holiday', 'pickupDate'],
      [{ pickupDate: '2026-11-21' }, 'pickup_date_invalid', 'Please choose a business day that is not a public holiday', 'pickupDate'],
      [{ pickupDate: '2026-11-19' }, 'pickup_date_invalid', 'Please choose a business day that is not a public holiday', 'pickupDate'],
      [{ itemDescription: '' }, 'form_issue', 'There is issue with your form...', null],
      [{ pickupDate: 'tomorrow' }, 'form_issue', 'There is issue with your form...', null],
      [{ parcel: { weightKg: 40, lengthCm: 30, widthCm: 30, heightCm: 30 } }, 'no_quote', "Sorry there's no quote for those entries", null],
    ];
    for (const [overrides, code, message, field] of cases) {
      const res = await post(owner, '/api/v1/deliveries', order(overrides));
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
      if (field) expect(res.json().error.fields).toHaveProperty([field]);
    }
    expect(await deliveryCount()).toBe(0);
  });
});

describe('a delivery from quote to doorstep', () => {
  let deliveryId: string;
  let checkoutId: string;

  it('quotes the order (held 30 minutes) for the booker only; a newer quote replaces an unpaid one', async () => {
    const first = await post(owner, '/api/v1/deliveries', order());
    expect(first.statusCode).toBe(201);
    const res = await post(owner, '/api/v1/deliveries', order({ instructions: 'Ring twice' }));
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      state: 'awaiting_payment',
      courier: 'local',
      viewerIsSender: true,
      viewerBooked: true,
      instructions: 'Ring twice',
      pickupDate: '2026-11-23',
      quoteExpiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString(),
      sender: { suburb: 'Newtown', state: 'NSW', street: '12 King Street' },
      receiver: { suburb: 'Fitzroy', state: 'VIC' },
      canCancel: true,
      hasLabel: false,
    });
    // The calculator's price for the same parcel and places (3.75 kg cubic weight: about A$13.55).
    const calc = await t.app.inject({
      url: '/api/v1/delivery/quote?fromSuburb=Newtown&fromPostcode=2042&toSuburb=Fitzroy&toPostcode=3065&weightKg=0.6&lengthCm=30&widthCm=25&heightCm=20',
    });
    expect(d.priceCents).toBe(calc.json().priceCents);
    expect(d.priceCents).toBeGreaterThan(1000);
    expect(d).not.toHaveProperty('sender.email');
    deliveryId = d.id;
    const replaced = await t.db.select({ state: deliveries.state }).from(deliveries).where(eq(deliveries.id, first.json().id));
    expect(replaced[0]!.state).toBe('replaced');
    // The receiver and strangers do not see an unpaid quote.
    expect((await get(offerer, `/api/v1/deliveries/${deliveryId}`)).statusCode).toBe(404);
    expect((await get(stranger, `/api/v1/deliveries/${deliveryId}`)).statusCode).toBe(404);
    expect((await post(stranger, `/api/v1/deliveries/${deliveryId}/checkout`)).statusCode).toBe(404);
    expect((await post(offerer, `/api/v1/deliveries/${deliveryId}/checkout`)).statusCode).toBe(404);
  });

  it('refuses to take payment once the quote has expired', async () => {
    t.clock.advance(31 * 60_000);
    const res = await post(owner, `/api/v1/deliveries/${deliveryId}/checkout`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('quote_expired');
    t.clock.set(NOW);
  });

  it('is paid at the local checkout, booked by the worker, and shows its label to both parties', async () => {
    checkoutId = await payLocally(owner, deliveryId);
    const [c] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(c).toMatchObject({ kind: 'delivery', status: 'paid', returnTo: `/my-delivery/${target}/${offerId}/${offerer.id}` });
    expect((await get(owner, `/api/v1/deliveries/${deliveryId}`)).json().state).toBe('booking');
    expect(await runDue(deps(), t.clock.now())).toMatchObject({ booked: 1 });
    const seen = (await get(offerer, `/api/v1/deliveries/${deliveryId}`)).json();
    expect(seen).toMatchObject({ state: 'label_created', viewerIsSender: false, viewerBooked: false, hasLabel: true, canCancel: true });
    expect(seen.trackingRef).toMatch(/^SWU[0-9A-F]{9}$/);
    expect(seen.events.map((e: { state: string }) => e.state)).toEqual(['booking', 'label_created']);
    for (const m of [owner, offerer]) {
      const notes = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, m.id), eq(notifications.kind, 'delivery')));
      expect(notes.map((n) => n.data.event)).toEqual(['label_created']);
      const mails = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, m.email), eq(mailOutbox.template, 'delivery-label-created')));
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Delivery booked: Road bike helmet');
    }
    for (const size of ['a4', '4x6']) {
      const label = await get(offerer, `/api/v1/deliveries/${deliveryId}/label?size=${size}`);
      expect(label.statusCode).toBe(200);
      expect(label.headers['content-type']).toBe('application/pdf');
      expect(label.headers['content-disposition']).toContain(`swapu-label-${seen.trackingRef}-${size}.pdf`);
      const pdf = await PDFDocument.load(label.rawPayload);
      expect(pdf.getSubject()).toBe(seen.trackingRef);
      expect(pdf.getPageCount()).toBe(1);
    }
    expect((await get(stranger, `/api/v1/deliveries/${deliveryId}/label`)).statusCode).toBe(404);
    const draft = await get(offerer, `/api/v1/deliveries/draft/${target}/${offerId}/${offerer.id}`);
    expect(draft.json().deliveryId).toBe(deliveryId);
    // Next time, each party's own street is remembered (their own only: never the other's).
    const next = (await get(offerer, `/api/v1/deliveries/draft/${given}/${offerId}/${owner.id}`)).json();
    expect(next.sender.street).toBe('3/45 Brunswick Street');
    expect(next.receiver.street).toBe('');
    // The item cannot be booked twice.
    expect((await post(offerer, '/api/v1/deliveries', order())).json().error.code).toBe('delivery_exists');
  });

  it('moves through shipped, in transit and delivered as the tracking job runs, telling both parties each time', async () => {
    const states: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(STEP_MS);
      await runDue(deps(), t.clock.now());
      states.push((await get(owner, `/api/v1/deliveries/${deliveryId}`)).json().state);
    }
    expect(states).toEqual(['shipped', 'in_transit', 'delivered']);
    const d = (await get(owner, `/api/v1/deliveries/${deliveryId}`)).json();
    expect(d.events.map((e: { state: string }) => e.state)).toEqual(['booking', 'label_created', 'shipped', 'in_transit', 'delivered']);
    expect(d).toMatchObject({ canCancel: false, hasLabel: true });
    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, offerer.id), eq(notifications.kind, 'delivery')));
    expect(notes.map((n) => n.data.event).sort()).toEqual(['delivered', 'in_transit', 'label_created', 'shipped']);
    // Nothing further is tracked once delivered.
    t.clock.advance(STEP_MS);
    expect(await runDue(deps(), t.clock.now())).toMatchObject({ tracked: 0 });
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row!.nextTrackAt).toBeNull();
  });

  it('lists sent and received deliveries, filtered by status', async () => {
    const all = (await get(offerer, '/api/v1/deliveries')).json().items;
    expect(all.map((d: { id: string }) => d.id)).toEqual([deliveryId]);
    expect((await get(offerer, '/api/v1/deliveries?status=delivered')).json().items).toHaveLength(1);
    expect((await get(owner, '/api/v1/deliveries?status=in-transit')).json().items).toHaveLength(0);
    expect((await get(stranger, '/api/v1/deliveries')).json().items).toHaveLength(0);
    expect((await get(owner, '/api/v1/deliveries?status=lost')).statusCode).toBe(400);
    const ship = (await get(owner, '/api/v1/deliveries/shippable')).json().items;
    expect(ship).toEqual([
      expect.objectContaining({ postId: target, viewerIsSender: true, delivery: { id: deliveryId, state: 'delivered' } }),
      expect.objectContaining({ postId: given, viewerIsSender: false, delivery: null }),
    ]);
  });
});

describe('cancelling', () => {
  let deliveryId: string;
  let checkoutId: string;

  it('cancels before pickup with a refund through the payment port; a stranger cannot', async () => {
    t.clock.set(NOW);
    const res = await post(
      offerer,
      '/api/v1/deliveries',
      order({ postId: given, receiverId: owner.id, sender: order().receiver, receiver: order().sender }),
    );
    expect(res.statusCode).toBe(201);
    deliveryId = res.json().id;
    checkoutId = await payLocally(offerer, deliveryId);
    await runDue(deps(), t.clock.now());
    expect((await post(stranger, `/api/v1/deliveries/${deliveryId}/cancel`)).statusCode).toBe(404);
    const cancelled = await post(owner, `/api/v1/deliveries/${deliveryId}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', hasLabel: false, canCancel: false });
    const [c] = await t.db.select().from(checkouts).where(eq(checkouts.id, checkoutId));
    expect(c!.status).toBe('refunded');
    const notes = await t.db.select().from(receipts).where(eq(receipts.checkoutId, checkoutId));
    expect(notes.map((r) => r.kind).sort()).toEqual(['payment', 'refund']);
    expect((await post(owner, `/api/v1/deliveries/${deliveryId}/cancel`)).json().error.code).toBe('delivery_not_cancellable');
    // A cancelled delivery frees the item for a new booking.
    const again = await post(
      offerer,
      '/api/v1/deliveries',
      order({ postId: given, receiverId: owner.id, sender: order().receiver, receiver: order().sender }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('refuses once the courier has picked the parcel up', async () => {
    const d = (await get(offerer, '/api/v1/deliveries')).json().items.find((x: { state: string }) => x.state === 'awaiting_payment');
    await payLocally(offerer, d.id);
    await runDue(deps(), t.clock.now());
    t.clock.advance(STEP_MS + 1);
    const res = await post(offerer, `/api/v1/deliveries/${d.id}/cancel`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'delivery_not_cancellable' });
    expect((await get(offerer, `/api/v1/deliveries/${d.id}`)).json().state).toBe('shipped');
  });
});

describe('paying twice', () => {
  it('books once when two checkouts for one quote are paid at the same moment, and refunds the other', async () => {
    // A fresh swap, so nothing above is in the way.
    const { postId: a, offerId: o } = await swap.anotherSwap('Desk lamp', 'completed');
    t.clock.set(NOW);
    const d = (await post(owner, '/api/v1/deliveries', order({ postId: a, offerId: o }))).json();
    const ids = await Promise.all([1, 2].map(async () => (await post(owner, `/api/v1/deliveries/${d.id}/checkout`)).json().id as string));
    const paid = await Promise.all(ids.map((id) => post(owner, `/api/v1/checkouts/${id}/pay`, { cardNumber: '4242 4242 4242 4242' })));
    expect(paid.map((p) => p.statusCode)).toEqual([200, 200]);
    const [row] = await t.db.select().from(deliveries).where(eq(deliveries.id, d.id));
    expect(row!.state).toBe('booking');
    expect(ids).toContain(row!.checkoutId);
    await runDue(deps(), t.clock.now());
    const statuses = await t.db
      .select({ id: checkouts.id, status: checkouts.status })
      .from(checkouts)
      .where(
        sql`${checkouts.id} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
      );
    expect(statuses.find((s) => s.id === row!.checkoutId)!.status).toBe('paid');
    expect(statuses.find((s) => s.id !== row!.checkoutId)!.status).toBe('refunded');
    // And the admin refund of a delivery that goes ahead is refused.
    const { refundCheckout } = await import('../payments/refunds.service');
    await expect(refundCheckout(t.db, t.app.ctx.payments, deps().receipts, row!.checkoutId!, t.clock.now())).rejects.toThrow();
  });

  it('keeps one live delivery per item when both parties quote it at the same moment', async () => {
    // Several rounds: the race (a quote replaced between its commit and its answer) shows itself
    // in one round of a few on PostgreSQL, and every quote asked for must still be answered.
    for (let round = 0; round < 10; round++) {
      const { postId: a, offerId: o } = await swap.anotherSwap(`Tripod ${round}`, 'accepted');
      t.clock.set(NOW);
      const results = await Promise.all(
        [owner, offerer, owner, offerer, owner].map((m) => post(m, '/api/v1/deliveries', order({ postId: a, offerId: o }))),
      );
      for (const r of results) expect([201, 409]).toContain(r.statusCode);
      for (const r of results.filter((x) => x.statusCode === 201)) expect(r.json().postId).toBe(a);
      const live = await t.db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(eq(deliveries.postId, a), eq(deliveries.state, 'awaiting_payment')));
      expect(live).toHaveLength(1);
    }
  });
});
