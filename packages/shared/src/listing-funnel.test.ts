import { describe, expect, it } from 'vitest';
import { PostFieldsSchema } from './listing';
import { LISTING_STEP_FIELDS, LISTING_STEPS, listingStepOf } from './listing-funnel';
import { publishErrors } from './listing-rules';

describe('the listing funnel', () => {
  it('has the six steps of the spec, in order', () => {
    expect(LISTING_STEPS).toEqual(['photos', 'details', 'categories', 'value', 'size', 'location']);
  });

  it('gives every field the API accepts to exactly one step', () => {
    const owned = Object.values(LISTING_STEP_FIELDS).flat();
    for (const field of Object.keys(PostFieldsSchema.shape)) {
      expect(
        owned.filter((f) => f === field),
        field,
      ).toHaveLength(1);
    }
  });

  it('finds a step for every field a publishing rule can fail on', () => {
    const empty = publishErrors({
      title: '',
      categories: [],
      cashValueCents: null,
      weightKg: null,
      lengthCm: null,
      widthCm: null,
      heightCm: null,
      materials: [{ material: 'steel', percent: null }],
    });
    expect(Object.keys(empty).length).toBeGreaterThan(0);
    for (const field of Object.keys(empty)) expect(listingStepOf(field), field).not.toBeNull();
    expect(listingStepOf('dimensions')).toBe('size');
    expect(listingStepOf('cashValueCents')).toBe('value');
    expect(listingStepOf('nonsense')).toBeNull();
  });
});
