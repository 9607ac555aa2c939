import { z } from 'zod';
import { SIZE_PRESET_NAMES } from './constants';

/** The delivery API's shapes (decision 0025). Amounts are GST-inclusive AUD cents. */

const Postcode = z.string().regex(/^\d{4}$/);
const Suburb = z.string().trim().min(1).max(80);
const Measure = (max: number) => z.coerce.number().positive().max(max);

/** A quote: two places, and a size preset or the parcel's weight and dimensions. */
export const QuoteQuerySchema = z.object({
  fromSuburb: Suburb,
  fromPostcode: Postcode,
  toSuburb: Suburb,
  toPostcode: Postcode,
  size: z.enum(SIZE_PRESET_NAMES as [string, ...string[]]).optional(),
  weightKg: Measure(1000).optional(),
  lengthCm: Measure(1000).optional(),
  widthCm: Measure(1000).optional(),
  heightCm: Measure(1000).optional(),
});
export type QuoteQuery = z.input<typeof QuoteQuerySchema>;

const QuotePlace = z.object({ suburb: z.string(), postcode: z.string(), state: z.string() });
export const QuoteSchema = z.object({
  courier: z.enum(['local', 'sendle']),
  priceCents: z.number().int(),
  gstCents: z.number().int(),
  /** The greater of the weight and the cubic weight (250 kg/m³). */
  chargeableKg: z.number(),
  distanceKm: z.number().int(),
  fromZone: z.enum(['metro', 'regional', 'remote']),
  toZone: z.enum(['metro', 'regional', 'remote']),
  /** The earliest pickup: today or the next business day in the sender's state (YYYY-MM-DD). */
  pickupDate: z.string(),
  transitDays: z.number().int(),
  estimatedDelivery: z.string(),
  from: QuotePlace,
  to: QuotePlace,
});
export type Quote = z.infer<typeof QuoteSchema>;
