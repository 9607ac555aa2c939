import type { PostFields } from './listing';

/**
 * The listing-creation funnel (spec section 4: "listing creation (6 steps)"), in order. The web
 * form shows one step per screen; analytics report funnel steps by these names.
 */
export const LISTING_STEPS = ['photos', 'details', 'categories', 'value', 'size', 'location'] as const;
export type ListingStep = (typeof LISTING_STEPS)[number];

/**
 * A field a step owns: a `PostFields` key, the post's `images`, or `dimensions` (the key under
 * which `publishErrors` reports length, width and height together).
 */
export type ListingStepField = keyof PostFields | 'images' | 'dimensions';

/** Which fields each step owns: its form inputs, and the error keys its rules report under. */
export const LISTING_STEP_FIELDS: Readonly<Record<ListingStep, readonly ListingStepField[]>> = {
  photos: ['images'],
  details: ['title', 'description', 'condition'],
  categories: ['categories', 'keywords'],
  value: ['cashValueCents', 'openToSelling', 'openToSwapAnything', 'wishCategories', 'wishKeywords'],
  size: ['sizePreset', 'weightKg', 'lengthCm', 'widthCm', 'heightCm', 'dimensions', 'materials', 'deliveryOption'],
  location: ['location'],
};

/** The step that owns a field (or a server error's field key); null for a key no step owns. */
export function listingStepOf(field: string): ListingStep | null {
  for (const step of LISTING_STEPS) if ((LISTING_STEP_FIELDS[step] as readonly string[]).includes(field)) return step;
  return null;
}
