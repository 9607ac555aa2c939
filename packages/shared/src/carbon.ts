import type { CategorySlug } from './constants';

/**
 * kg CO2e avoided per kg of material when an item is reused instead of bought new.
 * Rounded figures from published life-cycle averages (production emissions per kg; sources in
 * FACTOR_SOURCES); where sources differ, the lower figure, so SwapU never overstates a saving.
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
    factor = categoryFactor(categories);
  }
  return Math.round(weightKg * factor * 10) / 10;
}

/** Where each material's factor comes from (/carbon-calculator shows them translated: the carbon catalogue's factors.sources). */
export const FACTOR_SOURCES = {
  metals: 'Nuss & Eckelman (2014), "Life Cycle Assessment of Metals: A Scientific Synthesis", PLOS ONE',
  materials: 'Circular Ecology, Inventory of Carbon and Energy (ICE) database v3',
  textiles: 'Textile Exchange, Material Change Insights; Higg Materials Sustainability Index',
  electronics: 'Manufacturers’ product environmental reports (phones, laptops, small appliances), per kg of device',
  food: 'Poore & Nemecek (2018), "Reducing food’s environmental impacts through producers and consumers", Science',
  default: 'SwapU’s default for anything else: the lower end of common household goods',
} as const;
export type FactorSource = keyof typeof FACTOR_SOURCES;

export const MATERIAL_SOURCE: Record<MaterialName, FactorSource> = {
  cotton: 'textiles',
  denim: 'textiles',
  polyester: 'textiles',
  wool: 'textiles',
  leather: 'textiles',
  nylon: 'textiles',
  silk: 'textiles',
  plastic: 'materials',
  rubber: 'materials',
  steel: 'metals',
  aluminium: 'metals',
  copper: 'metals',
  iron: 'metals',
  wood: 'materials',
  bamboo: 'materials',
  paper: 'materials',
  cardboard: 'materials',
  glass: 'materials',
  ceramic: 'materials',
  electronics: 'electronics',
  silver: 'metals',
  gold: 'metals',
  carbon_fibre: 'materials',
  fibreglass: 'materials',
  foam: 'materials',
  stone: 'materials',
  food: 'food',
  other: 'default',
};

/** The factor (kg CO2e per kg) carbonSavedKg uses for an item of these categories with no materials. */
export function categoryFactor(categories: readonly string[]): number {
  const cat = categories.find((c) => c in CATEGORY_DEFAULT_FACTOR) as CategorySlug | undefined;
  return cat ? (CATEGORY_DEFAULT_FACTOR[cat] ?? DEFAULT_FACTOR) : DEFAULT_FACTOR;
}
