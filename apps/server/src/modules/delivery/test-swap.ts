import { eq } from 'drizzle-orm';
import { offerItems, offers, users } from '../../db/schema/index';
import { newId } from '../../lib/ids';
import { signUpMember, type TestMember } from '../../test/accounts';
import type { TestApp } from '../../test/app';
import { createPost } from '../../test/factories';

/**
 * Tests only: an accepted swap between a member in Newtown NSW (who owns the target) and one in
 * Fitzroy VIC (who gives an item), and a stranger; with the order form a delivery of the target needs.
 */
export async function acceptedSwap(t: TestApp, now: Date) {
  const [owner, offerer, stranger] = await Promise.all([signUpMember(t.app), signUpMember(t.app), signUpMember(t.app)]);
  await t.db
    .update(users)
    .set({ displayName: 'Olivia', suburb: 'Newtown', postcode: '2042', auState: 'NSW' })
    .where(eq(users.id, owner.id));
  await t.db
    .update(users)
    .set({ displayName: 'Felix', suburb: 'Fitzroy', postcode: '3065', auState: 'VIC' })
    .where(eq(users.id, offerer.id));
  const target = (
    await createPost(t.db, { ownerId: owner.id, title: 'Road bike helmet', weightKg: 0.6, lengthCm: 30, widthCm: 25, heightCm: 20 })
  ).id;
  const given = (
    await createPost(t.db, { ownerId: offerer.id, title: 'Camping lantern', weightKg: 1.2, lengthCm: 20, widthCm: 15, heightCm: 15 })
  ).id;
  /** An offer by the offerer on one of the owner's items, in `state` (a fresh one keeps tests apart). */
  const offerOn = async (postId: string, state: 'pending' | 'accepted' | 'completed') => {
    const id = newId();
    await t.db.insert(offers).values({
      id,
      postId,
      offererId: offerer.id,
      ownerId: owner.id,
      proposedBy: 'offerer',
      state,
      expiresAt: new Date(now.getTime() + 7 * 86_400_000),
      createdAt: now,
      updatedAt: now,
    });
    return id;
  };
  /** The owner lists one more item and it gets an offer in `state`: its id and the offer's. */
  const anotherSwap = async (title: string, state: 'pending' | 'accepted' | 'completed') => {
    const postId = (await createPost(t.db, { ownerId: owner.id, title, weightKg: 1, lengthCm: 30, widthCm: 20, heightCm: 20 })).id;
    return { postId, offerId: await offerOn(postId, state) };
  };
  const offerId = await offerOn(target, 'accepted');
  await t.db.insert(offerItems).values({ offerId, postId: given, position: 0 });
  /** The order form for the target, from Newtown to Fitzroy, picked up on Monday 23 November 2026. */
  const order = (overrides: Record<string, unknown> = {}) => ({
    postId: target,
    offerId,
    receiverId: offerer.id,
    sender: { name: 'Olivia Smith', street: '12 King Street', suburb: 'Newtown', postcode: '2042' },
    receiver: { name: 'Felix Ng', street: '3/45 Brunswick Street', suburb: 'Fitzroy', postcode: '3065' },
    itemDescription: 'Road bike helmet, boxed',
    parcel: { weightKg: 0.6, lengthCm: 30, widthCm: 25, heightCm: 20 },
    pickupDate: '2026-11-23',
    instructions: 'Side gate',
    ...overrides,
  });
  const get = (m: TestMember, url: string) => t.app.inject({ method: 'GET', url, headers: m.headers });
  const post = (m: TestMember, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: m.headers, payload: payload ?? {} });
  /** Starts the delivery's checkout and pays it with the local provider's approved card; the checkout id. */
  const payLocally = async (m: TestMember, deliveryId: string) => {
    const co = await post(m, `/api/v1/deliveries/${deliveryId}/checkout`);
    if (co.statusCode !== 201) throw new Error(`checkout: ${co.statusCode} ${co.body}`);
    const { id } = co.json() as { id: string };
    const paid = await post(m, `/api/v1/checkouts/${id}/pay`, { cardNumber: '4242 4242 4242 4242' });
    if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
    return id;
  };
  return { owner, offerer, stranger, target, given, offerId, order, get, post, payLocally, offerOn, anotherSwap };
}
