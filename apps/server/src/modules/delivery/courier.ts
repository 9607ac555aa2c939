import type { Parcel } from '@swapu/shared/delivery';
import type { AuState } from './business-days';

/**
 * The courier port (PRODUCT.md "Delivery"; decision 0025). One interface per courier: the local
 * simulator is the embedded default, the Sendle adapter speaks Sendle's API, and Australia Post
 * would be one more file implementing the same five calls.
 */
export interface CourierPlace {
  suburb: string;
  postcode: string;
  state: AuState;
  lat: number;
  lng: number;
}

export interface QuoteRequest {
  from: CourierPlace;
  to: CourierPlace;
  parcel: Parcel;
  /** The pickup day (YYYY-MM-DD, a business day in the sender's state). */
  pickupDate: string;
}

export interface CourierQuote {
  priceCents: number;
  transitDays: number;
  /** YYYY-MM-DD in the receiver's state. */
  estimatedDelivery: string;
}

/** One end of an order: a person at a street address. */
export interface CourierParty {
  name: string;
  email: string;
  street: string;
  suburb: string;
  postcode: string;
  state: AuState;
}

export interface BookRequest {
  /** Our delivery id: the idempotency key, so a booking retried after a timeout never books twice. */
  reference: string;
  sender: CourierParty;
  receiver: CourierParty;
  parcel: Parcel;
  description: string;
  pickupDate: string;
  instructions: string;
}

export interface CourierBooking {
  /** The courier's id for the order (to track and cancel it). */
  courierRef: string;
  /** The reference printed on the label and scanned by the courier. */
  trackingRef: string;
  /** The courier's own label addresses, when it has them (Sendle's A4 and cropped PDFs). */
  labelUrls: Record<string, string> | null;
  /** The courier's estimate, when it gives one (YYYY-MM-DD). */
  estimatedDelivery: string | null;
}

/** A booked order as we keep it: what the courier needs to find it again. */
export interface BookedOrder {
  courierRef: string;
  trackingRef: string;
  bookedAt: Date;
  pickupDate: string;
}

/** The states tracking can report after the label is created, in order. */
export type TrackedState = 'shipped' | 'in_transit' | 'delivered' | 'cancelled';
export interface TrackingEvent {
  state: TrackedState;
  at: Date;
  description: string;
}

/**
 * A courier call that did not work. `retryable`: a timeout, a 5xx or an answer we could not read
 * (try again later); otherwise the courier refused the order itself (trying again will not help).
 */
export class CourierError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'CourierError';
  }
}

export interface Courier {
  readonly name: 'local' | 'sendle';
  /** The price and estimate, or null when the courier does not carry this parcel between these places. */
  quote(req: QuoteRequest): Promise<CourierQuote | null>;
  /** Places the order (idempotent on `reference`); throws CourierError. */
  book(req: BookRequest): Promise<CourierBooking>;
  /** Every tracking event so far, oldest first; throws CourierError. */
  track(order: BookedOrder, now: Date): Promise<TrackingEvent[]>;
  /** Cancels an order not yet picked up: 'too_late' once it is; throws CourierError. */
  cancel(order: BookedOrder, now: Date): Promise<'cancelled' | 'too_late'>;
}

declare module '../../lib/context' {
  interface AppContext {
    /** The courier port's carrier (DELIVERY_COURIER): the local simulator or Sendle; built in app.ts. */
    courier: Courier;
  }
}
