import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client';
import { deliveries, deliveryEvents, messages, offerEvents, offers, reviews, rooms, userBlocks } from '../../db/schema/index';
import { createPost } from '../../test/factories';

/**
 * Activity as the reliability job reads it, written straight into the tables (tests only): swaps
 * with their history of events, reviews, chat rooms and messages, courier deliveries.
 */
const MIN = 60_000;
const DAY = 86_400_000;

type Event = { by: string | null; transition: string; from: string | null; to: string; at: Date };

/**
 * A swap between `offerer` and `owner`, created at `at`: accepted a day later unless `pending`,
 * then completed two days after that, or ended as `end` says (its last events, in order).
 */
export async function swap(
  db: Tx,
  o: {
    offerer: string;
    owner: string;
    at: Date;
    outcome: 'completed' | 'accepted' | 'pending-withdrawn' | { state: string; events: Omit<Event, 'at'>[] };
  },
) {
  const target = await createPost(db, { ownerId: o.owner, state: 'swapped', now: o.at });
  const given = await createPost(db, { ownerId: o.offerer, state: 'swapped', now: o.at });
  const id = randomUUID();
  const acceptedAt = new Date(o.at.getTime() + DAY);
  const endAt = new Date(acceptedAt.getTime() + 2 * DAY);
  const events: Event[] = [{ by: o.offerer, transition: 'create', from: null, to: 'pending', at: o.at }];
  let state: string;
  if (o.outcome === 'pending-withdrawn') {
    state = 'withdrawn';
    events.push({ by: o.offerer, transition: 'withdraw', from: 'pending', to: 'withdrawn', at: acceptedAt });
  } else {
    events.push({ by: o.owner, transition: 'accept', from: 'pending', to: 'accepted', at: acceptedAt });
    if (o.outcome === 'completed') {
      state = 'completed';
      events.push({ by: o.owner, transition: 'confirm_receipt', from: 'accepted', to: 'accepted', at: endAt });
      events.push({ by: o.offerer, transition: 'confirm_receipt', from: 'accepted', to: 'completed', at: endAt });
    } else if (o.outcome === 'accepted') state = 'accepted';
    else {
      state = o.outcome.state;
      o.outcome.events.forEach((e, i) => events.push({ ...e, at: new Date(endAt.getTime() + i * MIN) }));
    }
  }
  await db.insert(offers).values({
    id,
    postId: target.id,
    offererId: o.offerer,
    ownerId: o.owner,
    proposedBy: 'offerer',
    state,
    expiresAt: new Date(o.at.getTime() + 7 * DAY),
    offererConfirmedAt: state === 'completed' ? endAt : null,
    ownerConfirmedAt: state === 'completed' ? endAt : null,
    completedAt: state === 'completed' ? endAt : null,
    createdAt: o.at,
    updatedAt: events.at(-1)!.at,
  });
  for (const e of events)
    await db.insert(offerEvents).values({
      id: randomUUID(),
      offerId: id,
      actorId: e.by,
      transition: e.transition,
      fromState: e.from,
      toState: e.to,
      createdAt: e.at,
    });
  return { id, postId: target.id, itemId: given.id, acceptedAt, endAt };
}

export async function review(db: Tx, offerId: string, reviewerId: string, revieweeId: string, stars: number, at: Date) {
  await db.insert(reviews).values({ id: randomUUID(), offerId, reviewerId, revieweeId, stars, text: 'Good swap.', createdAt: at });
}

/** A room between two members with its messages, each [sender, at, flagged?]. */
export async function conversation(db: Tx, a: string, b: string, said: Array<[string, Date, boolean?]>) {
  const [userA, userB] = [a, b].sort() as [string, string];
  const id = randomUUID();
  await db.insert(rooms).values({ id, userA, userB, lastSeq: said.length, createdAt: said[0]![1] });
  let seq = 0;
  for (const [sender, at, flagged] of said)
    await db.insert(messages).values({
      id: randomUUID(),
      roomId: id,
      seq: ++seq,
      senderId: sender,
      body: flagged ? 'pay me via PayID 0412 345 678' : 'Hello!',
      createdAt: at,
      warnings: flagged ? ['pay_outside', 'bank_details'] : [],
    });
  return id;
}

export async function block(db: Tx, blockerId: string, blockedId: string, at: Date) {
  await db.insert(userBlocks).values({ blockerId, blockedId, createdAt: at });
}

const END = { name: 'Sam', street: '1 George St', suburb: 'Sydney', postcode: '2000', state: 'NSW', email: 's@example.com' };

/** A courier delivery of an item of the swap (a new one each time), booked by `bookedBy`, paid at `paidAt` (never paid when null), now in `state`. */
export async function delivery(
  db: Tx,
  s: { id: string },
  d: { sender: string; receiver: string; bookedBy: string; paidAt: Date | null; state: string; at: Date },
) {
  const id = randomUUID();
  const day = d.at.toISOString().slice(0, 10);
  const item = await createPost(db, { ownerId: d.sender, state: 'reserved', now: d.at });
  await db.insert(deliveries).values({
    id,
    offerId: s.id,
    postId: item.id,
    senderId: d.sender,
    receiverId: d.receiver,
    bookedBy: d.bookedBy,
    state: d.state,
    sender: END,
    receiver: END,
    itemDescription: 'A bike',
    weightKg: 2,
    lengthCm: 30,
    widthCm: 20,
    heightCm: 10,
    pickupDate: day,
    courier: 'local',
    priceCents: 950,
    transitDays: 2,
    estimatedDelivery: day,
    quoteExpiresAt: new Date(d.at.getTime() + 30 * MIN),
    bookedAt: d.paidAt && d.state !== 'booking' ? new Date(d.paidAt.getTime() + MIN) : null,
    createdAt: d.at,
    updatedAt: d.paidAt ?? d.at,
  });
  if (d.paidAt)
    await db
      .insert(deliveryEvents)
      .values({ id: randomUUID(), deliveryId: id, state: 'booking', description: 'Paid: booking the courier', at: d.paidAt });
  return id;
}

export const minutes = (from: Date, n: number) => new Date(from.getTime() + n * MIN);
export const days = (from: Date, n: number) => new Date(from.getTime() + n * DAY);
