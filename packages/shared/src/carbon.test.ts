import { describe, expect, it } from 'vitest';
import { carbonSavedKg, MATERIAL_FACTORS } from './carbon';

describe('carbonSavedKg', () => {
  it('weights the material factors by their percentages', () => {
    // 10 kg, 50 % steel (2) and 50 % aluminium (9): 10 × 5.5
    expect(
      carbonSavedKg(
        10,
        [
          { material: 'steel', percent: 50 },
          { material: 'aluminium', percent: 50 },
        ],
        [],
      ),
    ).toBe(55);
  });
  it('uses the category default when no materials are given', () => {
    expect(carbonSavedKg(2, [], ['electronics'])).toBe(60);
    expect(carbonSavedKg(2, [], ['toys'])).toBe(6);
  });
  it('is zero for no weight', () => {
    expect(carbonSavedKg(0, [{ material: 'steel', percent: 100 }], [])).toBe(0);
  });
  it('has a positive factor for every material but none for unknown ones', () => {
    expect(Object.values(MATERIAL_FACTORS).every((f) => f > 0)).toBe(true);
    expect(carbonSavedKg(1, [{ material: 'unobtainium', percent: 100 }], ['toys'])).toBe(3);
  });
});
