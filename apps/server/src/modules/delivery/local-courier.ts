import { distanceKm, parcelFits, priceCents, transitBusinessDays, zoneOf } from '@swapu/shared/delivery';
import { addBusinessDays } from './business-days';
import type { Courier } from './courier';

/**
 * The embedded default: a courier simulated from the price model in shared/delivery.ts
 * (distance, chargeable weight, metro/regional/remote zones), with transit in business days
 * counted in the receiver's state.
 */
export const localCourier: Courier = {
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
};
