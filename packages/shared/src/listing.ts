import { z } from 'zod';
import { CATEGORIES, CONDITIONS, DELIVERY_OPTIONS, POST_KEYWORDS_MAX, POST_STATES, SIZE_PRESET_NAMES } from './constants';

const Keyword = z.string().trim().toLowerCase().min(1).max(40);
/** Cash value in cents as the form sends it: anything is accepted here and judged by the rules. */
const Cents = z.union([z.number(), z.string(), z.null()]);
const Measure = z.union([z.number(), z.string(), z.null()]);

/**
 * What the listing form may set. Owner, state and dates are never accepted from a client
 * (`strict`): they change only through their own actions.
 */
export const PostFieldsSchema = z
  .object({
    title: z.string().trim().max(80),
    description: z.string().trim().max(4000),
    categories: z.array(z.enum(CATEGORIES)).max(3),
    keywords: z.array(Keyword).max(POST_KEYWORDS_MAX),
    wishCategories: z.array(z.enum(CATEGORIES)).max(10),
    wishKeywords: z.array(Keyword).max(POST_KEYWORDS_MAX),
    cashValueCents: Cents,
    weightKg: Measure,
    lengthCm: Measure,
    widthCm: Measure,
    heightCm: Measure,
    sizePreset: z.enum(SIZE_PRESET_NAMES as [string, ...string[]]).nullable(),
    materials: z.array(z.object({ material: z.string().trim().max(40).nullable(), percent: z.union([z.number(), z.null()]) })).max(10),
    location: z.object({ suburb: z.string().trim().min(2).max(60), postcode: z.string().regex(/^\d{4}$/) }).nullable(),
    condition: z.enum(CONDITIONS),
    openToSelling: z.boolean(),
    openToSwapAnything: z.boolean(),
    deliveryOption: z.enum(DELIVERY_OPTIONS),
  })
  .partial()
  .strict();
export type PostFields = z.infer<typeof PostFieldsSchema>;

export const MyPostsQuerySchema = z.object({ state: z.enum(POST_STATES).optional() });
