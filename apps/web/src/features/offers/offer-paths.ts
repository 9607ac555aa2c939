/**
 * The offer screens' addresses with an id in them. The shared `paths` has /offers and
 * /swap-status but no helper for these yet; they belong there (say so to the lead) and
 * move when it gains them.
 */
import type { OfferFilter } from '@swapu/shared/offers';

export const offerPaths = {
  swapOffer: (offerId: string) => `/swap-offer/${encodeURIComponent(offerId)}`,
  swapStatus: (filter: OfferFilter) => `/swap-status/${filter}`,
  reviewSwap: (offerId?: string) => (offerId ? `/review-swap/${encodeURIComponent(offerId)}` : '/review-swap'),
} as const;
