import { z } from 'zod';
import { SIZE_PRESET_NAMES } from './constants';
import { DELIVERY_STATES, DELIVERY_STATUS_FILTERS, type DeliveryStatusFilter } from './delivery';

export { DELIVERY_STATES, DELIVERY_STATUS_FILTERS, QUOTE_HOLD_MINUTES, LABEL_SIZES } from './delivery';
export type { DeliveryState, DeliveryStatusFilter, LabelSize } from './delivery';

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

// Delivery orders (issue 17; decision 0025) ----------------------------------------------------

const Name = z.string().trim().min(1).max(80);
const Street = z.string().trim().min(1).max(120);
const YMD = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** One end of a delivery as the form sends it. The other party's email may be left out: the server uses the one on file. */
export const DeliveryPartyBodySchema = z.object({
  name: Name,
  street: Street,
  suburb: Suburb,
  postcode: Postcode,
  email: z.string().trim().email().max(254).optional(),
});
export type DeliveryPartyBody = z.infer<typeof DeliveryPartyBodySchema>;

/** The order form (spec section 3 "Delivery order"). */
export const DeliveryOrderBodySchema = z.object({
  postId: z.string().min(1).max(64),
  offerId: z.string().min(1).max(64),
  receiverId: z.string().min(1).max(64),
  sender: DeliveryPartyBodySchema,
  receiver: DeliveryPartyBodySchema,
  itemDescription: z.string().trim().min(1).max(200),
  parcel: z.object({
    weightKg: z.number().positive().max(1000),
    lengthCm: z.number().positive().max(1000),
    widthCm: z.number().positive().max(1000),
    heightCm: z.number().positive().max(1000),
  }),
  pickupDate: YMD,
  instructions: z.string().trim().max(300).default(''),
});
export type DeliveryOrderBody = z.input<typeof DeliveryOrderBodySchema>;

const DraftParty = z.object({
  userId: z.string(),
  name: z.string(),
  street: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  /** The person's own email; the other party's is masked (j•••@example.com) and filled in by the server. */
  email: z.string(),
  emailOnFile: z.boolean(),
});

/** The order form, prefilled from the two profiles and the item (GET /api/v1/deliveries/draft/...). */
export const DeliveryDraftSchema = z.object({
  offerId: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  photoUrl: z.string().nullable(),
  /** Who sends the item (its owner) and who receives it (the other party). */
  sender: DraftParty,
  receiver: DraftParty,
  /** Is the viewer the sender? (Either party may book and pay.) */
  viewerIsSender: z.boolean(),
  itemDescription: z.string(),
  parcel: z.object({ weightKg: z.number(), lengthCm: z.number(), widthCm: z.number(), heightCm: z.number() }),
  /** The earliest pickup day in the sender's state (YYYY-MM-DD), when the sender's place is known. */
  earliestPickup: z.string().nullable(),
  /** The item's live delivery, if one is already arranged (the page shows it instead of the form). */
  deliveryId: z.string().nullable(),
});
export type DeliveryDraft = z.infer<typeof DeliveryDraftSchema>;

const DeliveryPartyView = z.object({
  userId: z.string(),
  name: z.string(),
  street: z.string(),
  suburb: z.string(),
  postcode: z.string(),
  state: z.string(),
});

export const DeliveryEventSchema = z.object({
  state: z.enum(DELIVERY_STATES),
  at: z.string(),
  description: z.string(),
});

export const DeliverySchema = z.object({
  id: z.string(),
  offerId: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  photoUrl: z.string().nullable(),
  state: z.enum(DELIVERY_STATES),
  /** Did the viewer send it (else they receive it)? Did the viewer book and pay? */
  viewerIsSender: z.boolean(),
  viewerBooked: z.boolean(),
  sender: DeliveryPartyView,
  receiver: DeliveryPartyView,
  itemDescription: z.string(),
  parcel: z.object({ weightKg: z.number(), lengthCm: z.number(), widthCm: z.number(), heightCm: z.number() }),
  pickupDate: z.string(),
  instructions: z.string(),
  courier: z.enum(['local', 'sendle']),
  priceCents: z.number().int(),
  gstCents: z.number().int(),
  transitDays: z.number().int(),
  estimatedDelivery: z.string(),
  /** awaiting_payment: when the quoted price stops holding. */
  quoteExpiresAt: z.string(),
  trackingRef: z.string().nullable(),
  /** Whether a label can be downloaded (label_created onwards, not cancelled or failed). */
  hasLabel: z.boolean(),
  /** Whether the viewer may cancel it now (before pickup). */
  canCancel: z.boolean(),
  /** failed: why, in words the person can act on. */
  failure: z.string().nullable(),
  events: z.array(DeliveryEventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Delivery = z.infer<typeof DeliverySchema>;

export const DeliveryListQuerySchema = z.object({
  status: z.enum(Object.keys(DELIVERY_STATUS_FILTERS) as [DeliveryStatusFilter, ...DeliveryStatusFilter[]]).optional(),
});
export const DeliveryListSchema = z.object({ items: z.array(DeliverySchema) });

/** /delivery-swap: one item of an accepted or completed swap, and its delivery if arranged. */
export const ShippableSchema = z.object({
  offerId: z.string(),
  offerState: z.string(),
  postId: z.string(),
  postTitle: z.string(),
  photoUrl: z.string().nullable(),
  sender: z.object({ userId: z.string(), name: z.string() }),
  receiver: z.object({ userId: z.string(), name: z.string() }),
  viewerIsSender: z.boolean(),
  delivery: z.object({ id: z.string(), state: z.enum(DELIVERY_STATES) }).nullable(),
});
export type Shippable = z.infer<typeof ShippableSchema>;
export const ShippableListSchema = z.object({ items: z.array(ShippableSchema) });
