import { createHash } from 'node:crypto';
import { distanceKm, parcelFits, priceCents, transitBusinessDays, zoneOf } from '@swapu/shared/delivery';
import { addBusinessDays } from './business-days';
import type { Courier, TrackingEvent } from './courier';

/** The simulator's tracking, step by step after the booking (decision 0025). */
const STEPS: Array<Omit<TrackingEvent, 'at'>> = [
  { state: 'shipped', description: 'Picked up by the courier' },
  { state: 'in_transit', description: 'In transit to the receiver’s depot' },
  { state: 'delivered', description: 'Delivered' },
];

/** A tracking reference like a courier's: SWU and nine letters and digits, from our delivery id. */
export const simulatedTrackingRef = (reference: string) =>
  `SWU${createHash('sha256').update(reference).digest('hex').slice(0, 9).toUpperCase()}`;

/**
 * The embedded default: a courier simulated from the price model in shared/delivery.ts
 * (distance, chargeable weight, metro/regional/remote zones), with transit in business days
 * counted in the receiver's state. A booked parcel moves one tracking step every `stepMs`
 * (minutes in development, so a person can watch it move): picked up, in transit, delivered.
 * It can be cancelled until it is picked up. Booking is idempotent on the reference.
 */
export function createLocalCourier(opts: { stepMs: number }): Courier {
  const stepAt = (bookedAt: Date, i: number) => new Date(bookedAt.getTime() + (i + 1) * opts.stepMs);
  return {
    name: 'local',
    async quote({ from, to, parcel, pickupDate }) {
      if (!parcelFits(parcel)) return null;
      const km = distanceKm(from, to);
      const [zFrom, zTo] = [zoneOf(from.postcode), zoneOf(to.postcode)];
      const transitDays = transitBusinessDays(km, zFrom, zTo);
      return {
        priceCents: priceCents(parcel, km, zFrom, zTo),
        transitDays,
        estimatedDelivery: addBusinessDays(pickupDate, transitDays, to.state),
      };
    },
    async book(req) {
      const trackingRef = simulatedTrackingRef(req.reference);
      return { courierRef: `LOCAL-${trackingRef}`, trackingRef, labelUrls: null, estimatedDelivery: null };
    },
    async track(order, now) {
      return STEPS.map((s, i) => ({ ...s, at: stepAt(order.bookedAt, i) })).filter((e) => e.at.getTime() <= now.getTime());
    },
    async cancel(order, now) {
      return now.getTime() < stepAt(order.bookedAt, 0).getTime() ? 'cancelled' : 'too_late';
    },
  };
}

/** The simulator at its default pace (the calculator and tests that only quote). */
export const localCourier = createLocalCourier({ stepMs: 120_000 });
