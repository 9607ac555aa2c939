import { describe, expect, it } from 'vitest';
import { CASH_VALUE_MAX_CENTS } from '@swapu/shared/listing-rules';
import {
  dollarsToCents,
  emptyListing,
  fromPostDetail,
  listingErrors,
  normaliseKeywords,
  stepErrors,
  toPostFields,
  type ListingValues,
} from './listing-values';
import { aPost } from './post-fixture';

const complete = (patch: Partial<ListingValues> = {}): ListingValues => ({
  ...emptyListing(),
  title: 'Trek mountain bike',
  categories: ['bicycles'],
  cashValue: '250',
  weightKg: '13.5',
  lengthCm: '170',
  widthCm: '60',
  heightCm: '100',
  location: { suburb: 'Fitzroy', postcode: '3065', label: 'Fitzroy VIC 3065' },
  ...patch,
});

describe('dollars typed into the cash value field', () => {
  it('become whole cents', () => {
    expect(dollarsToCents('120')).toEqual({ cents: 12_000, error: null });
    expect(dollarsToCents(' 49.95 ')).toEqual({ cents: 4_995, error: null });
    expect(dollarsToCents('0.5')).toEqual({ cents: 50, error: null });
    expect(dollarsToCents('$1,200')).toEqual({ cents: 120_000, error: null });
    expect(dollarsToCents('A$ 0')).toEqual({ cents: 0, error: null });
  });

  it('are missing when empty and invalid when not an amount', () => {
    expect(dollarsToCents('   ')).toEqual({ cents: null, error: null });
    for (const bad of ['abc', '12.345', '-5', '1,2', '12 dollars', '1e3']) {
      expect(dollarsToCents(bad), bad).toEqual({ cents: null, error: 'cash_value_invalid' });
    }
  });

  it('are invalid above the shared maximum', () => {
    expect(dollarsToCents(String(CASH_VALUE_MAX_CENTS / 100)).error).toBeNull();
    expect(dollarsToCents(String(CASH_VALUE_MAX_CENTS / 100 + 1)).error).toBe('cash_value_invalid');
  });
});

describe('the checks each step runs on "Next"', () => {
  it('lets a complete listing through every step', () => {
    for (const step of ['photos', 'details', 'categories', 'value', 'size', 'location'] as const) {
      expect(stepErrors(step, complete()), step).toEqual({});
    }
  });

  it('asks for a title on the details step only', () => {
    const v = complete({ title: 'ab' });
    expect(stepErrors('details', v)).toEqual({ title: 'form_issue' });
    expect(stepErrors('categories', v)).toEqual({});
  });

  it('needs at least one category', () => {
    expect(stepErrors('categories', complete({ categories: [] }))).toEqual({ categories: 'category_required' });
  });

  it('tells a missing cash value from an invalid one', () => {
    expect(stepErrors('value', complete({ cashValue: '' }))).toEqual({ cashValueCents: 'cash_value_required' });
    expect(stepErrors('value', complete({ cashValue: 'lots' }))).toEqual({ cashValueCents: 'cash_value_invalid' });
  });

  it('needs a weight and all three measures above zero', () => {
    expect(stepErrors('size', complete({ weightKg: '0' }))).toEqual({ weightKg: 'weight_required' });
    expect(stepErrors('size', complete({ heightCm: '' }))).toEqual({ dimensions: 'dimensions_required' });
    expect(stepErrors('size', complete({ widthCm: '-3' }))).toEqual({ dimensions: 'dimensions_required' });
  });

  it('needs a material and its percentage together, totalling at most 100', () => {
    const rows = (materials: ListingValues['materials']) => stepErrors('size', complete({ materials }));
    expect(rows([{ material: 'steel', percent: '' }])).toEqual({ materials: 'material_percentage_pair' });
    expect(rows([{ material: null, percent: '40' }])).toEqual({ materials: 'material_percentage_pair' });
    expect(
      rows([
        { material: 'steel', percent: '60' },
        { material: 'rubber', percent: '50' },
      ]),
    ).toEqual({
      materials: 'material_percentage_pair',
    });
    expect(
      rows([
        { material: 'steel', percent: '60' },
        { material: 'rubber', percent: '40' },
        { material: null, percent: '' },
      ]),
    ).toEqual({});
  });

  it('needs a picked suburb on the last step of a new listing, not of a live one', () => {
    expect(stepErrors('location', complete({ location: null }))).toEqual({ location: 'address_invalid' });
    expect(stepErrors('location', complete({ location: null }), { live: true })).toEqual({});
  });

  it('reports everything at once for publishing, keyed by field', () => {
    expect(Object.keys(listingErrors(emptyListing())).sort()).toEqual(
      ['cashValueCents', 'categories', 'dimensions', 'location', 'title', 'weightKg'].sort(),
    );
  });
});

describe('what autosave sends', () => {
  it('converts dollars to cents and measures to numbers', () => {
    const body = toPostFields(complete({ keywords: [' Road ', 'road', 'BMX'] }));
    expect(body).toMatchObject({
      title: 'Trek mountain bike',
      cashValueCents: 25_000,
      weightKg: 13.5,
      lengthCm: 170,
      keywords: ['road', 'bmx'],
      location: { suburb: 'Fitzroy', postcode: '3065' },
      materials: [],
    });
  });

  it('leaves out values the rules refuse, and an unpicked location', () => {
    const body = toPostFields(complete({ cashValue: 'lots', materials: [{ material: 'steel', percent: '' }], location: null }));
    expect(body).not.toHaveProperty('cashValueCents');
    expect(body).not.toHaveProperty('materials');
    expect(body).not.toHaveProperty('location');
    // An empty value is sent as missing, so clearing the field clears it on the server.
    expect(toPostFields(complete({ cashValue: '' })).cashValueCents).toBeNull();
    expect(toPostFields(complete({ weightKg: '0' })).weightKg).toBeNull();
  });
});

describe('a saved post shown in the form', () => {
  const saved = aPost({
    title: 'Tent',
    categories: ['camping-and-fishing'],
    lengthCm: 33,
    widthCm: 20,
    heightCm: 12,
    materials: [{ material: 'nylon', percent: 80 }],
    suburb: 'Fitzroy',
    postcode: '3065',
    auState: 'VIC',
    condition: 'used-like-new',
    openToSelling: true,
    deliveryOption: 'person-to-person',
  });

  it('shows empty fields for what a draft does not have yet', () => {
    const v = fromPostDetail(saved);
    expect(v.cashValue).toBe('');
    expect(v.weightKg).toBe('');
    expect(v.sizePreset).toBe('shoebox');
    expect(v.materials).toEqual([{ material: 'nylon', percent: '80' }]);
    expect(v.location).toEqual({ suburb: 'Fitzroy', postcode: '3065', label: 'Fitzroy VIC 3065' });
  });

  it('keeps a live listing worth A$0 at zero, and shows cents as dollars', () => {
    expect(fromPostDetail({ ...saved, state: 'published' }).cashValue).toBe('0');
    expect(fromPostDetail({ ...saved, cashValueCents: 4_995 }).cashValue).toBe('49.95');
  });

  it('round-trips through what autosave sends', () => {
    const body = toPostFields(fromPostDetail({ ...saved, cashValueCents: 12_000, weightKg: 2.5 }));
    expect(body).toMatchObject({ cashValueCents: 12_000, weightKg: 2.5, sizePreset: 'shoebox', condition: 'used-like-new' });
  });
});

describe('keywords', () => {
  it('are trimmed, lower case, at most 40 characters and never repeated', () => {
    expect(normaliseKeywords(['  Vintage ', 'vintage', '', 'x'.repeat(50)])).toEqual(['vintage', 'x'.repeat(40)]);
  });
});
