import type { ErrorCode } from './errors';
import { MATERIAL_FACTORS } from './carbon';

/** The fields a publishable listing needs, as stored. */
export interface ListingDraft {
  title: string;
  categories: string[];
  cashValueCents: number | null;
  weightKg: number | null;
  lengthCm: number | null;
  widthCm: number | null;
  heightCm: number | null;
  materials: Array<{ material: string | null; percent: number | null }>;
}

export const CASH_VALUE_MAX_CENTS = 100_000_000; // A$1,000,000

/** A cash value as typed: '' or null is missing; anything but a whole number of cents ≥ 0 is invalid. */
export function parseCashValue(v: unknown): { cents: number | null; error: ErrorCode | null } {
  if (v === null || v === undefined || v === '') return { cents: null, error: null };
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  if (!Number.isFinite(n) || !Number.isInteger(n) || n < 0 || n > CASH_VALUE_MAX_CENTS) return { cents: null, error: 'cash_value_invalid' };
  return { cents: n, error: null };
}

/** A measure as typed: null when missing or not a positive number. */
export function parseMeasure(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) && n > 0 && n < 100_000 ? n : null;
}

/**
 * Spec section 5 rules for publishing, with the catalogue code of each failure, keyed by field.
 * The same function runs in the form and on the server.
 */
export function publishErrors(d: ListingDraft): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {};
  if (d.title.trim().length < 3) errors.title = 'form_issue';
  if (d.categories.length < 1) errors.categories = 'category_required';
  if (d.cashValueCents === null) errors.cashValueCents = 'cash_value_required';
  if (!(d.weightKg && d.weightKg > 0)) errors.weightKg = 'weight_required';
  if (!(d.lengthCm && d.lengthCm > 0 && d.widthCm && d.widthCm > 0 && d.heightCm && d.heightCm > 0)) {
    errors.dimensions = 'dimensions_required';
  }
  const materialError = materialsError(d.materials);
  if (materialError) errors.materials = materialError;
  return errors;
}

/** Material and percentage must be chosen together, from the known materials, totalling ≤ 100. */
export function materialsError(materials: ListingDraft['materials']): ErrorCode | null {
  let total = 0;
  for (const m of materials) {
    const hasMaterial = !!m.material;
    const hasPercent = m.percent !== null && m.percent !== undefined;
    if (hasMaterial !== hasPercent) return 'material_percentage_pair';
    if (!hasMaterial) continue;
    if (!(m.material! in MATERIAL_FACTORS) || !Number.isInteger(m.percent) || m.percent! < 1 || m.percent! > 100)
      return 'material_percentage_pair';
    total += m.percent!;
  }
  return total > 100 ? 'material_percentage_pair' : null;
}
