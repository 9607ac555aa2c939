import { and, eq, sql } from 'drizzle-orm';
import { chargeableKg, distanceKm, parcelOfPreset, type Parcel, zoneOf } from '@swapu/shared/delivery';
import type { Quote, QuoteQuery } from '@swapu/shared/delivery-api';
import type { SizePreset } from '@swapu/shared/constants';
import { gstOf } from '@swapu/shared/purchases';
import type { Tx } from '../../db/client';
import { localities } from '../../db/schema/index';
import { AppError, errors } from '../../lib/errors';
import { businessDayFrom, isAuState, todayIn } from './business-days';
import type { Courier, CourierPlace } from './courier';
import type { CourierQuoteCache } from './quote-cache';

/** A suburb and postcode that exist together in the localities data (any case), or null. */
export async function placeOf(db: Tx, suburb: string, postcode: string): Promise<CourierPlace | null> {
  const [row] = await db
    .select()
    .from(localities)
    .where(and(eq(localities.postcode, postcode), sql`lower(${localities.suburb}) = lower(${suburb.trim()})`))
    .limit(1);
  if (!row || !isAuState(row.auState)) return null;
  return { suburb: row.suburb, postcode: row.postcode, state: row.auState, lat: row.lat, lng: row.lng };
}

/** The parcel of a quote: a size preset's, or the weight and dimensions given (all four). */
function parcelOf(q: QuoteQuery): Parcel | null {
  if (q.size) return parcelOfPreset(q.size as SizePreset);
  const { weightKg, lengthCm, widthCm, heightCm } = q;
  if ([weightKg, lengthCm, widthCm, heightCm].some((v) => v === undefined)) return null;
  return { weightKg: Number(weightKg), lengthCm: Number(lengthCm), widthCm: Number(widthCm), heightCm: Number(heightCm) };
}

/**
 * A price and delivery estimate for a parcel between two places, picked up on the first business
 * day from today in the sender's state. Places that do not exist together, a parcel without its
 * measures, or one the courier does not carry: "Sorry there's no quote for those entries". The
 * courier's answer comes from `cache` when the same entries were quoted lately; only a call that
 * reaches the courier passes `beforeCourier` (the per-IP limit). A courier that fails, however it
 * fails, is 503 courier_unavailable.
 */
export async function quote(
  db: Tx,
  courier: Courier,
  q: QuoteQuery,
  now: Date,
  opts: { cache: CourierQuoteCache; beforeCourier: () => Promise<void> },
): Promise<Quote> {
  const noQuote = () => errors.badRequest('no_quote');
  const parcel = parcelOf(q);
  if (!parcel) throw noQuote();
  const [from, to] = await Promise.all([placeOf(db, q.fromSuburb, q.fromPostcode), placeOf(db, q.toSuburb, q.toPostcode)]);
  if (!from || !to) throw noQuote();
  const pickupDate = businessDayFrom(todayIn(from.state, now), from.state);
  const req = { from, to, parcel, pickupDate };
  let got;
  try {
    got = await opts.cache.answer(courier.name, req, now, opts.beforeCourier, () => courier.quote(req));
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw Object.assign(new AppError(503, 'courier_unavailable'), { cause: err });
  }
  if (!got) throw noQuote();
  return {
    courier: courier.name,
    priceCents: got.priceCents,
    gstCents: gstOf(got.priceCents),
    chargeableKg: chargeableKg(parcel),
    distanceKm: Math.round(distanceKm(from, to)),
    fromZone: zoneOf(from.postcode),
    toZone: zoneOf(to.postcode),
    pickupDate,
    transitDays: got.transitDays,
    estimatedDelivery: got.estimatedDelivery,
    from: { suburb: from.suburb, postcode: from.postcode, state: from.state },
    to: { suburb: to.suburb, postcode: to.postcode, state: to.state },
  };
}
