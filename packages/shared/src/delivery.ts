import { SIZE_PRESETS, type SizePreset } from './constants';

/**
 * The local courier simulator's price model (PRODUCT.md "Delivery"; decision 0025): what a
 * parcel costs and how long it takes between two Australian postcodes. The server quotes with it;
 * the web app only shows the server's answer. Prices are GST-inclusive AUD cents.
 */

/** Cubic weight: 250 kg per cubic metre, as Australian couriers charge. */
export const CUBIC_KG_PER_M3 = 250;
export const cubicWeightKg = (lengthCm: number, widthCm: number, heightCm: number) =>
  ((lengthCm * widthCm * heightCm) / 1_000_000) * CUBIC_KG_PER_M3;

/** What a parcel is charged by: the greater of its weight and its cubic weight, in kg (2 decimals). */
export const chargeableKg = (p: Parcel) => Math.round(Math.max(p.weightKg, cubicWeightKg(p.lengthCm, p.widthCm, p.heightCm)) * 100) / 100;

export interface Parcel {
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
}
export const parcelOfPreset = (preset: SizePreset): Parcel => {
  const s = SIZE_PRESETS[preset];
  return { weightKg: s.weightKg, lengthCm: s.lengthCm, widthCm: s.widthCm, heightCm: s.heightCm };
};

/** The courier's limits: heavier or bigger parcels get no quote. */
export const PARCEL_MAX_KG = 25;
export const PARCEL_MAX_SIDE_CM = 120;
export const parcelFits = (p: Parcel) =>
  [p.weightKg, p.lengthCm, p.widthCm, p.heightCm].every((v) => Number.isFinite(v) && v > 0) &&
  p.weightKg <= PARCEL_MAX_KG &&
  Math.max(p.lengthCm, p.widthCm, p.heightCm) <= PARCEL_MAX_SIDE_CM;

export type Zone = 'metro' | 'regional' | 'remote';

// Postcode ranges of the capital-city metro areas and of remote Australia (Australia Post's
// broad zones, simplified); everything else is regional.
const METRO: Array<[number, number]> = [
  [1000, 2249],
  [2555, 2574],
  [2740, 2786], // Sydney
  [2600, 2620],
  [2900, 2920], // Canberra
  [3000, 3207],
  [3335, 3341],
  [3427, 3442],
  [3750, 3810],
  [3910, 3920],
  [3975, 3977],
  [8000, 8999], // Melbourne
  [4000, 4207],
  [4300, 4305],
  [4500, 4519],
  [9000, 9999], // Brisbane
  [5000, 5199], // Adelaide
  [6000, 6214],
  [6800, 6999], // Perth
  [7000, 7099], // Hobart
  [800, 832], // Darwin
];
const REMOTE: Array<[number, number]> = [
  [833, 899], // the Territory outside Darwin
  [4825, 4899], // far north and west Queensland
  [5700, 5799], // outback South Australia
  [6400, 6799], // the Goldfields, Pilbara and Kimberley
  [7140, 7470], // western and south-west Tasmania
];
const inRanges = (n: number, ranges: Array<[number, number]>) => ranges.some(([a, b]) => n >= a && n <= b);
export function zoneOf(postcode: string): Zone {
  const n = Number(postcode);
  if (inRanges(n, METRO)) return 'metro';
  if (inRanges(n, REMOTE)) return 'remote';
  return 'regional';
}

/** Great-circle distance in km. */
export function distanceKm(a: { lat: number; lng: number }, b: { lat: number; lng: number }) {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

export const PRICE = {
  /** The first kilogram, anywhere. */
  baseCents: 800,
  /** Each further chargeable kilogram. */
  perKgCents: 150,
  /** Each kilometre between the two places. */
  perKmCents: 0.2,
  /** Added for each end outside a capital's metro area. */
  zoneCents: { metro: 0, regional: 300, remote: 900 } as Record<Zone, number>,
} as const;

/** The price of a parcel between two places, rounded to 5 cents. */
export function priceCents(parcel: Parcel, km: number, from: Zone, to: Zone): number {
  const kg = chargeableKg(parcel);
  const raw =
    PRICE.baseCents + Math.max(0, kg - 1) * PRICE.perKgCents + km * PRICE.perKmCents + PRICE.zoneCents[from] + PRICE.zoneCents[to];
  return Math.round(raw / 5) * 5;
}

/** Business days in transit: by distance, plus a day for each regional end and three for each remote one. */
export function transitBusinessDays(km: number, from: Zone, to: Zone): number {
  const base = km < 50 ? 1 : km < 500 ? 2 : km < 1500 ? 3 : 5;
  const extra = (z: Zone) => (z === 'regional' ? 1 : z === 'remote' ? 3 : 0);
  return base + extra(from) + extra(to);
}

/**
 * A pickup address a courier can find: a street number (a unit like "3/" or "Unit 3," may come
 * first; "12A" and "12-14" count) followed by a street name, and never a PO box or locked bag.
 * The suburb and postcode are checked against the localities data apart. Anything else is
 * 'Address need to be more specific so delivery can pick up your parcel.'
 */
export function isSpecificStreetAddress(street: string): boolean {
  const s = street.trim().replace(/\s+/g, ' ');
  if (/^(p\.? ?o\.? ?box|gpo box|locked bag|private bag)\b/i.test(s)) return false;
  return /^((unit|u|apt|apartment|shop|suite|level|lvl)\s*\d+[a-z]?\s*[,/]?\s*|\d+[a-z]?\s*\/\s*)?\d+[a-z]?(-\d+[a-z]?)?,?\s+[a-z][a-z'.-]+(\s+[a-z][a-z'.-]*)*$/i.test(
    s,
  );
}

// Delivery orders (issue 17): plain values, so the browser can use them without zod.

/**
 * A delivery's life. awaiting_payment: quoted (the price holds for 30 minutes) and not yet paid;
 * replaced: a newer quote for the same item took its place (never listed); booking: paid, the
 * courier order is being placed (a job with retries); label_created → shipped → in_transit →
 * delivered: the courier's tracking; cancelled: before pickup, refunded; failed: the courier
 * could not take the order, refunded.
 */
export const DELIVERY_STATES = [
  'awaiting_payment',
  'replaced',
  'booking',
  'label_created',
  'shipped',
  'in_transit',
  'delivered',
  'cancelled',
  'failed',
] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** /my-delivery-status/{status}: the URL's words for the states a list can be filtered by. */
export const DELIVERY_STATUS_FILTERS = {
  'label-created': 'label_created',
  shipped: 'shipped',
  'in-transit': 'in_transit',
  delivered: 'delivered',
  cancelled: 'cancelled',
} as const satisfies Record<string, DeliveryState>;
export type DeliveryStatusFilter = keyof typeof DELIVERY_STATUS_FILTERS;

/** How long a quoted price holds before it must be quoted again. */
export const QUOTE_HOLD_MINUTES = 30;

export const LABEL_SIZES = ['a4', '4x6'] as const;
export type LabelSize = (typeof LABEL_SIZES)[number];
