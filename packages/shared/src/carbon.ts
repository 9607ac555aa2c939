import type { CategorySlug } from './constants';

/**
 * kg CO2e avoided per kg of material when an item is reused instead of bought new.
 * Rounded figures from published life-cycle averages (production emissions per kg).
 */
export const MATERIAL_FACTORS = {
  cotton: 8,
  denim: 9,
  polyester: 6,
  wool: 17,
  leather: 17,
  nylon: 7,
  silk: 25,
  plastic: 3,
  rubber: 3,
  steel: 2,
  aluminium: 9,
  copper: 4,
  iron: 2,
  wood: 1,
  bamboo: 1,
  paper: 1,
  cardboard: 1,
  glass: 1,
  ceramic: 2,
  electronics: 40,
  silver: 150,
  gold: 1000,
  carbon_fibre: 25,
  fibreglass: 5,
  foam: 4,
  stone: 1,
  food: 2,
  other: 3,
} as const;
export type MaterialName = keyof typeof MATERIAL_FACTORS;
export const MATERIAL_NAMES = Object.keys(MATERIAL_FACTORS) as MaterialName[];

/** Factor used when a post lists no materials. */
export const CATEGORY_DEFAULT_FACTOR: Partial<Record<CategorySlug, number>> = {
  electronics: 30,
  gaming: 30,
  'mens-fashion': 10,
  'womens-fashion': 10,
  'childrens-fashion': 10,
  furniture: 2,
  food: 2,
  'produce-and-homemade-foods': 2,
  services: 0,
  'odd-jobs': 0,
};
export const DEFAULT_FACTOR = 3;

/** kg CO2e saved by reusing an item of this weight and composition. */
export function carbonSavedKg(
  weightKg: number,
  materials: ReadonlyArray<{ material: string; percent: number }>,
  categories: readonly string[],
): number {
  if (!(weightKg > 0)) return 0;
  const known = materials.filter((m) => m.material in MATERIAL_FACTORS);
  const total = known.reduce((s, m) => s + m.percent, 0);
  let factor: number;
  if (total > 0) {
    factor = known.reduce((s, m) => s + (MATERIAL_FACTORS[m.material as MaterialName] * m.percent) / total, 0);
  } else {
    const cat = categories.find((c) => c in CATEGORY_DEFAULT_FACTOR) as CategorySlug | undefined;
    factor = cat ? (CATEGORY_DEFAULT_FACTOR[cat] ?? DEFAULT_FACTOR) : DEFAULT_FACTOR;
  }
  return Math.round(weightKg * factor * 10) / 10;
}
