import type { PostDetail } from '@swapu/shared/api';
import {
  CONDITIONS,
  DELIVERY_OPTIONS,
  POST_KEYWORDS_MAX,
  SIZE_PRESET_NAMES,
  SIZE_PRESETS,
  type Condition,
  type DeliveryOption,
  type SizePreset,
} from '@swapu/shared/constants';
import type { ErrorCode } from '@swapu/shared/errors';
import type { PostFields } from '@swapu/shared/listing';
import { LISTING_STEP_FIELDS, type ListingStep } from '@swapu/shared/listing-funnel';
import { materialsError, parseCashValue, parseMeasure, publishErrors, type ListingDraft } from '@swapu/shared/listing-rules';

/** A picked suburb: what the API stores, plus the text the suburb field shows. */
export interface ListingLocation {
  suburb: string;
  postcode: string;
  label: string;
}

/** The listing form as typed: numbers stay text until the shared rules judge them. */
export interface ListingValues {
  title: string;
  description: string;
  condition: Condition;
  categories: string[];
  keywords: string[];
  /** Estimated cash value in Australian dollars, as typed ("120", "49.95", "$1,200"). */
  cashValue: string;
  openToSelling: boolean;
  openToSwapAnything: boolean;
  wishCategories: string[];
  wishKeywords: string[];
  sizePreset: SizePreset | null;
  weightKg: string;
  lengthCm: string;
  widthCm: string;
  heightCm: string;
  materials: Array<{ material: string | null; percent: string }>;
  deliveryOption: DeliveryOption;
  location: ListingLocation | null;
}

/** A field of the form that can show an error: the API's field keys (`dimensions` for L × W × H). */
export type ListingErrors = Partial<Record<string, ErrorCode>>;

export const emptyListing = (): ListingValues => ({
  title: '',
  description: '',
  condition: 'used-good',
  categories: [],
  keywords: [],
  cashValue: '',
  openToSelling: false,
  openToSwapAnything: false,
  wishCategories: [],
  wishKeywords: [],
  sizePreset: null,
  weightKg: '',
  lengthCm: '',
  widthCm: '',
  heightCm: '',
  materials: [],
  deliveryOption: 'sendle',
  location: null,
});

const DOLLARS = /^\d+(\.\d{1,2})?$/;
const DOLLARS_WITH_THOUSANDS = /^\d{1,3}(,\d{3})+(\.\d{1,2})?$/;

/**
 * Dollars as typed → cents, judged by the shared rule (parseCashValue): empty is missing, and
 * anything but an amount with at most two decimals ("$" and thousands commas allowed) is invalid.
 */
export function dollarsToCents(text: string): { cents: number | null; error: ErrorCode | null } {
  let s = text.trim().replace(/^(A|AU)?\$\s*/i, '');
  if (s === '') return { cents: null, error: null };
  if (DOLLARS_WITH_THOUSANDS.test(s)) s = s.replace(/,/g, '');
  if (!DOLLARS.test(s)) return { cents: null, error: 'cash_value_invalid' };
  const [whole, fraction = ''] = s.split('.');
  return parseCashValue(Number(whole) * 100 + Number(fraction.padEnd(2, '0')));
}

/** Cents → the dollars the field shows ("120", "49.95"). */
export function centsToDollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** Keywords as the API stores them: trimmed, lower case, at most 40 characters, no repeats. */
export function normaliseKeywords(tags: string[]): string[] {
  const out = tags.map((k) => k.trim().toLowerCase().slice(0, 40)).filter(Boolean);
  return [...new Set(out)].slice(0, POST_KEYWORDS_MAX);
}

const percentOf = (text: string): number | null => (text.trim() === '' ? null : Number(text));

/** Material rows the person has started (a blank row is ignored, as on the server). */
function startedMaterials(v: ListingValues) {
  return v.materials
    .map((m) => ({ material: m.material || null, percent: percentOf(m.percent) }))
    .filter((m) => m.material !== null || m.percent !== null);
}

/** The form as the shared publishing rules see it. */
export function toDraft(v: ListingValues): ListingDraft {
  return {
    title: v.title,
    categories: v.categories,
    cashValueCents: dollarsToCents(v.cashValue).cents,
    weightKg: parseMeasure(v.weightKg),
    lengthCm: parseMeasure(v.lengthCm),
    widthCm: parseMeasure(v.widthCm),
    heightCm: parseMeasure(v.heightCm),
    materials: startedMaterials(v),
  };
}

/** `live`: the listing is already published (it was accepted without a place: see listingErrors). */
export interface RuleOptions {
  live?: boolean;
}

/**
 * Every rule the listing must pass before it goes live, keyed by field: the shared publishing
 * rules (the server runs the same) and an invalid cash value. A new listing also needs a picked
 * suburb (the form's own rule: the server falls back to the owner's suburb, which may be
 * missing); a live one is not held to it, so an older listing without one can still be edited.
 */
export function listingErrors(v: ListingValues, { live = false }: RuleOptions = {}): ListingErrors {
  const errors: ListingErrors = publishErrors(toDraft(v));
  const cash = dollarsToCents(v.cashValue);
  if (cash.error) errors.cashValueCents = cash.error;
  if (!v.location && !live) errors.location = 'address_invalid';
  return errors;
}

/** The errors of one step's fields: what "Next" checks before moving on. */
export function stepErrors(step: ListingStep, v: ListingValues, options: RuleOptions = {}): ListingErrors {
  const all = listingErrors(v, options);
  const owned = LISTING_STEP_FIELDS[step] as readonly string[];
  return Object.fromEntries(Object.entries(all).filter(([field]) => owned.includes(field)));
}

/**
 * The body for POST/PATCH /api/v1/posts: every field as the API takes it. A value the rules
 * refuse is left out (the server keeps the last good one; "Next" shows the message), and so is
 * an unpicked location (a new draft then takes the owner's suburb).
 */
export function toPostFields(v: ListingValues): PostFields {
  const cash = dollarsToCents(v.cashValue);
  const materials = startedMaterials(v);
  const fields: PostFields = {
    title: v.title.slice(0, 80),
    description: v.description.slice(0, 4000),
    condition: v.condition,
    categories: v.categories as PostFields['categories'],
    keywords: normaliseKeywords(v.keywords),
    wishCategories: v.wishCategories as PostFields['wishCategories'],
    wishKeywords: normaliseKeywords(v.wishKeywords),
    openToSelling: v.openToSelling,
    openToSwapAnything: v.openToSwapAnything,
    deliveryOption: v.deliveryOption,
    sizePreset: v.sizePreset,
    weightKg: parseMeasure(v.weightKg),
    lengthCm: parseMeasure(v.lengthCm),
    widthCm: parseMeasure(v.widthCm),
    heightCm: parseMeasure(v.heightCm),
  };
  if (!cash.error) fields.cashValueCents = cash.cents;
  if (!materialsError(materials)) fields.materials = materials;
  if (v.location) fields.location = { suburb: v.location.suburb, postcode: v.location.postcode };
  return fields;
}

const measure = (n: number) => (n > 0 ? String(n) : '');

/** The preset whose dimensions these are, if any (the API does not send the preset back). */
export function presetOf(lengthCm: number, widthCm: number, heightCm: number): SizePreset | null {
  return (
    SIZE_PRESET_NAMES.find((p) => {
      const s = SIZE_PRESETS[p];
      return s.lengthCm === lengthCm && s.widthCm === widthCm && s.heightCm === heightCm;
    }) ?? null
  );
}

/** A saved post as the form shows it. */
export function fromPostDetail(p: PostDetail): ListingValues {
  return {
    title: p.title,
    description: p.description,
    condition: (CONDITIONS as readonly string[]).includes(p.condition) ? p.condition : 'used-good',
    categories: p.categories,
    keywords: p.keywords,
    // The API sends 0 for a draft without a value: the field is shown empty until one is typed.
    cashValue: p.state === 'draft' && p.cashValueCents === 0 ? '' : centsToDollars(p.cashValueCents),
    openToSelling: p.openToSelling,
    openToSwapAnything: p.openToSwapAnything,
    wishCategories: p.wishCategories,
    wishKeywords: p.wishKeywords,
    sizePreset: presetOf(p.lengthCm, p.widthCm, p.heightCm),
    weightKg: measure(p.weightKg),
    lengthCm: measure(p.lengthCm),
    widthCm: measure(p.widthCm),
    heightCm: measure(p.heightCm),
    materials: p.materials.map((m) => ({ material: m.material, percent: String(m.percent) })),
    deliveryOption: (DELIVERY_OPTIONS as readonly string[]).includes(p.deliveryOption) ? p.deliveryOption : 'sendle',
    location:
      p.suburb && p.postcode
        ? { suburb: p.suburb, postcode: p.postcode, label: [p.suburb, p.auState, p.postcode].filter(Boolean).join(' ') }
        : null,
  };
}
