import type { OfferFilter } from '@swapu/shared/offers';
import { paths } from '@swapu/shared/paths';

/** The offer screens' addresses with an id in them (from the shared `paths`). */
export const offerPaths = {
  swapOffer: paths.swapOffer,
  swapStatus: (filter: OfferFilter) => paths.swapStatusFilter(filter),
  reviewSwap: paths.reviewSwap,
} as const;
