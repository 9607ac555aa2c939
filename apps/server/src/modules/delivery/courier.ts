import type { Parcel } from '@swapu/shared/delivery';
import type { AuState } from './business-days';

/**
 * The courier port (PRODUCT.md "Delivery"; decision 0025). One interface per courier: the local
 * simulator is the embedded default; a Sendle adapter and Australia Post are each one more file.
 * This first part quotes; booking, labels, tracking and cancelling join the port with the
 * delivery orders.
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

export interface Courier {
  readonly name: 'local' | 'sendle';
  /** The price and estimate, or null when the courier does not carry this parcel between these places. */
  quote(req: QuoteRequest): Promise<CourierQuote | null>;
}
