import { and, desc, eq, inArray, ne, or } from 'drizzle-orm';
import { DELIVERY_STATUS_FILTERS, type Delivery, type DeliveryState, type DeliveryStatusFilter } from '@swapu/shared/delivery-api';
import { gstOf } from '@swapu/shared/purchases';
import type { Db, Tx } from '../../db/client';
import { deliveries, deliveryEvents, posts } from '../../db/schema/index';
import { errors } from '../../lib/errors';
import { imageVariantKeys } from '../../lib/storage';
import { firstImageKeySql, media } from '../posts/index';
import type { StoredParty } from './orders.service';

type Row = typeof deliveries.$inferSelect;

/** A listing's small cover. */
export const thumb = (key: string | null) => (key ? media(imageVariantKeys(key).sm) : null);

/** What a party sees of a delivery (never the other party's email). */
async function viewsOf(db: Tx, viewerId: string, rows: Row[]): Promise<Delivery[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [events, postRows] = await Promise.all([
    db.select().from(deliveryEvents).where(inArray(deliveryEvents.deliveryId, ids)).orderBy(deliveryEvents.at),
    db
      .select({ id: posts.id, title: posts.title, imageKey: firstImageKeySql })
      .from(posts)
      .where(inArray(posts.id, [...new Set(rows.map((r) => r.postId))])),
  ]);
  return rows.map((r) => {
    const s = r.sender as StoredParty;
    const rc = r.receiver as StoredParty;
    const post = postRows.find((p) => p.id === r.postId);
    const state = r.state as DeliveryState;
    const partyView = (userId: string, p: StoredParty) => ({
      userId,
      name: p.name,
      street: p.street,
      suburb: p.suburb,
      postcode: p.postcode,
      state: p.state,
    });
    return {
      id: r.id,
      offerId: r.offerId,
      postId: r.postId,
      postTitle: post?.title ?? r.itemDescription,
      photoUrl: thumb(post?.imageKey ?? null),
      state,
      viewerIsSender: r.senderId === viewerId,
      viewerBooked: r.bookedBy === viewerId,
      sender: partyView(r.senderId, s),
      receiver: partyView(r.receiverId, rc),
      itemDescription: r.itemDescription,
      parcel: { weightKg: r.weightKg, lengthCm: r.lengthCm, widthCm: r.widthCm, heightCm: r.heightCm },
      pickupDate: r.pickupDate,
      instructions: r.instructions,
      courier: r.courier as Delivery['courier'],
      priceCents: r.priceCents,
      gstCents: gstOf(r.priceCents),
      transitDays: r.transitDays,
      estimatedDelivery: r.estimatedDelivery,
      quoteExpiresAt: r.quoteExpiresAt.toISOString(),
      trackingRef: r.trackingRef,
      hasLabel: !!r.trackingRef && !['cancelled', 'failed'].includes(state),
      canCancel: state === 'label_created' || (state === 'awaiting_payment' && r.bookedBy === viewerId),
      failure: state === 'failed' ? 'The courier could not take this delivery. Nothing is charged: the payment is refunded.' : null,
      events: events
        .filter((e) => e.deliveryId === r.id)
        .map((e) => ({ state: e.state as DeliveryState, at: e.at.toISOString(), description: e.description })),
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
    };
  });
}

/** The deliveries a member may see: those they send or receive, but another's unpaid quote never. */
const visibleTo = (viewerId: string) =>
  and(
    or(eq(deliveries.senderId, viewerId), eq(deliveries.receiverId, viewerId)),
    ne(deliveries.state, 'replaced'),
    or(ne(deliveries.state, 'awaiting_payment'), eq(deliveries.bookedBy, viewerId)),
  );

/** One delivery of the viewer's (anyone else's is not found). */
export async function getDelivery(db: Tx, viewerId: string, id: string): Promise<Delivery> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), visibleTo(viewerId)));
  if (!rows.length) throw errors.notFound();
  return (await viewsOf(db, viewerId, rows))[0]!;
}

/** /my-delivery and /my-delivery-status/{status}: sent and received, newest first. */
export async function listDeliveries(db: Db, viewerId: string, status: DeliveryStatusFilter | undefined): Promise<Delivery[]> {
  const rows = await db
    .select()
    .from(deliveries)
    .where(and(visibleTo(viewerId), status ? eq(deliveries.state, DELIVERY_STATUS_FILTERS[status]) : undefined))
    .orderBy(desc(deliveries.createdAt))
    .limit(100);
  return viewsOf(db, viewerId, rows);
}

/** The row behind a label or a cancellation: the viewer's own delivery. */
export async function rowOf(db: Tx, viewerId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.id, id), visibleTo(viewerId)));
  if (!row) throw errors.notFound();
  return row;
}
