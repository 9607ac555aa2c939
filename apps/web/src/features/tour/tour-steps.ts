import type { PostCard } from '@swapu/shared/api';
import { paths } from '@swapu/shared/paths';

/**
 * The guided tour (/demo, decision 0031): its stops over the real pages, in order. Every stop is a
 * public page, since the visitor is most likely a guest and the guest-blocked routes (/offer-item,
 * /swap-chain-liked, /my-delivery) send guests home: those features are shown at their public
 * entry points instead (the listing's offer button, the chains note of /swap-swipe, the delivery
 * calculator).
 */
export const TOUR_STOPS = ['search', 'listing', 'makeOffer', 'swapSwipe', 'swapChains', 'delivery'] as const;
export type TourStopId = (typeof TOUR_STOPS)[number];

/** The `data-tour` value of the element each stop spotlights. */
export const TOUR_TARGETS: Record<TourStopId, string> = {
  search: 'search',
  listing: 'listing',
  makeOffer: 'make-offer',
  swapSwipe: 'swap-swipe',
  swapChains: 'swap-chains',
  delivery: 'delivery',
};

/** The listing the tour shows: one from the public feed. */
export interface TourListing {
  id: string;
  /** Its first category: the search stop shows that category's results. */
  category: string | null;
}

export interface TourStep {
  id: TourStopId;
  /** The route the stop is on (path and query). */
  path: string;
  /** The `data-tour` attribute of its element. */
  target: string;
}

/** A listing of the public feed to show: the newest with a photo, else the newest; none when the feed is empty. */
export function pickListing(items: readonly Pick<PostCard, 'id' | 'categories' | 'thumbUrl'>[]): TourListing | null {
  const item = items.find((p) => p.thumbUrl) ?? items[0];
  return item ? { id: item.id, category: item.categories[0] ?? null } : null;
}

/**
 * The tour's steps. Without a listing (an empty marketplace) the listing and offer stops are left
 * out, and search is shown from the home page.
 */
export function tourSteps(listing: TourListing | null): TourStep[] {
  const pathOf: Record<TourStopId, string | null> = {
    search: listing?.category ? `${paths.search}?category=${encodeURIComponent(listing.category)}` : paths.home,
    listing: listing && paths.viewPost(listing.id),
    makeOffer: listing && paths.viewPost(listing.id),
    swapSwipe: paths.swapSwipe,
    swapChains: paths.swapSwipe,
    delivery: paths.deliveryCalculator,
  };
  return TOUR_STOPS.flatMap((id) => {
    const path = pathOf[id];
    return path ? [{ id, path, target: TOUR_TARGETS[id] }] : [];
  });
}

/** The path part of a step's route ("/search?category=x" → "/search"). */
export const pathnameOf = (path: string) => path.split(/[?#]/)[0]!;

/**
 * Where the tour goes from step `index` on Next (+1) or Back (−1): another step's index, 'finish'
 * past the last step, or null where there is nothing to go back to.
 */
export function moveFrom(index: number, delta: 1 | -1, count: number): number | 'finish' | null {
  const to = index + delta;
  if (to >= count) return 'finish';
  return to < 0 ? null : to;
}

/** The first visible element marked `data-tour="<target>"` (the header has two search boxes, one per width). */
export function findTarget(target: string, root: ParentNode = document): Element | undefined {
  return [...root.querySelectorAll(`[data-tour="${target}"]`)].find((el) =>
    typeof el.checkVisibility === 'function' ? el.checkVisibility() : el.getClientRects().length > 0,
  );
}
