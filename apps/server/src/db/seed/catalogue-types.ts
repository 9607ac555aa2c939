import type { CategorySlug, SizePreset } from '@swapu/shared/constants';
import type { MaterialName } from '@swapu/shared/carbon';
import type { PictureKind } from './pictures/index';

/** One kind of item the demo seed can list, with believable ranges. */
export interface ItemTemplate {
  /** A realistic listing title, e.g. "Trek Marlin 5 mountain bike (M frame)". */
  title: string;
  /** What its photos show: the drawing of this kind of item (pictures/index.ts). */
  picture: PictureKind;
  /**
   * Categories besides the one it is catalogued under that it also fits (a fishing kayak is
   * water sports and camping and fishing). Listed under exactly these: never a random extra.
   */
  alsoIn?: CategorySlug[];
  /** 2–4 sentences in Australian English, written as a real seller would. */
  description: string;
  /** Estimated cash value range in whole AUD. */
  valueAud: [number, number];
  /** Weight range in kg (> 0). */
  weightKg: [number, number];
  /** Typical dimensions in cm: length, width, height (> 0). */
  dimsCm: [number, number, number];
  /** Materials with percentages, total <= 100; may be empty (e.g. services). */
  materials: Array<{ material: MaterialName; percent: number }>;
  /** 2–5 lowercase search keywords. */
  keywords: string[];
  /** Nearest size preset when it fits in one; omit for big items. */
  sizePreset?: SizePreset;
  /** Big or fragile items are person to person; the rest may be sent by courier. */
  deliveryOption: 'sendle' | 'person-to-person';
  /** What the owner would like in exchange: category slugs and keywords. */
  wishCategories: CategorySlug[];
  wishKeywords: string[];
}

export type Catalogue = Record<CategorySlug, ItemTemplate[]>;
