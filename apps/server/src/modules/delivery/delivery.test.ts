import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chargeableKg,
  cubicWeightKg,
  isSpecificStreetAddress,
  parcelOfPreset,
  priceCents,
  transitBusinessDays,
  zoneOf,
} from '@swapu/shared/delivery';
import { DELIVERY_TYPICAL_CENTS } from '@swapu/shared/constants';
import { createTestApp, type TestApp } from '../../test/app';
import { addBusinessDays, businessDayFrom, isBusinessDay, pickupDateProblem, publicHoliday, todayIn } from './business-days';

let t: TestApp;
// Friday 20 November 2026, 11 am in Sydney.
const NOW = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp({ now: NOW.toISOString() });
});
afterAll(async () => {
  await t.close();
});

const quote = (query: Record<string, string | number>) =>
  t.app.inject({
    url: `/api/v1/delivery/quote?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
  });
const SYD = { fromSuburb: 'Newtown', fromPostcode: '2042' };
const MEL = { toSuburb: 'Fitzroy', toPostcode: '3065' };

describe('the price model', () => {
  it('charges the greater of weight and cubic weight (250 kg/m³)', () => {
    expect(cubicWeightKg(40, 30, 20)).toBeCloseTo(6, 5);
    expect(chargeableKg({ weightKg: 2, lengthCm: 40, widthCm: 30, heightCm: 20 })).toBe(6);
    expect(chargeableKg({ weightKg: 9, lengthCm: 40, widthCm: 30, heightCm: 20 })).toBe(9);
  });

  it('knows metro, regional and remote postcodes', () => {
    expect(['2042', '3065', '4000', '5000', '6000', '7000', '0800', '2600'].map(zoneOf)).toEqual(Array(8).fill('metro'));
    expect(['2650', '3550', '4350', '2800'].map(zoneOf)).toEqual(Array(4).fill('regional'));
    expect(['0870', '6725', '4825'].map(zoneOf)).toEqual(Array(3).fill('remote'));
  });

  it('prices a satchel between two metro areas at the typical A$8–10, and more for heavier, farther or remote parcels', () => {
    const satchel = parcelOfPreset('satchel');
    const sydMel = priceCents(satchel, 713, 'metro', 'metro');
    expect(sydMel).toBeGreaterThanOrEqual(DELIVERY_TYPICAL_CENTS.min);
    expect(sydMel).toBeLessThanOrEqual(DELIVERY_TYPICAL_CENTS.max);
    expect(priceCents(satchel, 10, 'metro', 'metro')).toBeGreaterThanOrEqual(DELIVERY_TYPICAL_CENTS.min);
    expect(priceCents(parcelOfPreset('check-in'), 713, 'metro', 'metro')).toBeGreaterThan(sydMel + 3000);
    expect(priceCents(satchel, 3290, 'metro', 'metro')).toBeGreaterThan(sydMel);
    expect(priceCents(satchel, 713, 'metro', 'remote')).toBe(sydMel + 900);
    expect(sydMel % 5).toBe(0);
  });

  it('takes more business days for distance and for regional and remote ends', () => {
    expect(transitBusinessDays(10, 'metro', 'metro')).toBe(1);
    expect(transitBusinessDays(713, 'metro', 'metro')).toBe(3);
    expect(transitBusinessDays(713, 'regional', 'remote')).toBe(7);
  });
});

describe('business days', () => {
  it('refuses weekends and each state’s public holidays', () => {
    expect(publicHoliday('2026-12-25', 'NSW')).toBe('Christmas Day');
    expect(isBusinessDay('2026-12-28', 'NSW')).toBe(false); // Boxing Day's substitute
    for (const s of ['NSW', 'VIC', 'QLD', 'SA', 'WA', 'TAS', 'ACT', 'NT'] as const) expect(isBusinessDay('2027-01-26', s), s).toBe(false);
    expect(isBusinessDay('2026-11-21', 'NSW')).toBe(false); // a Saturday
    expect(isBusinessDay('2026-11-22', 'NSW')).toBe(false); // a Sunday
    expect(isBusinessDay('2026-11-03', 'VIC')).toBe(false); // Melbourne Cup
    expect(isBusinessDay('2026-11-03', 'NSW')).toBe(true);
    expect(isBusinessDay('2026-12-24', 'NSW')).toBe(true);
  });

  it('counts forward over weekends and holidays, and knows today in each state', () => {
    expect(businessDayFrom('2026-12-25', 'NSW')).toBe('2026-12-29');
    expect(addBusinessDays('2026-12-24', 1, 'NSW')).toBe('2026-12-29');
    expect(addBusinessDays('2026-11-20', 3, 'VIC')).toBe('2026-11-25');
    expect(todayIn('NSW', new Date('2026-11-20T14:00:00Z'))).toBe('2026-11-21');
    expect(todayIn('WA', new Date('2026-11-20T14:00:00Z'))).toBe('2026-11-20');
  });
});

describe('the pickup rules', () => {
  it('needs a street number and a street name, never a PO box', () => {
    for (const ok of [
      '12 King St',
      '3/45 Smith Street',
      'Unit 3, 45 Smith Street',
      '12A Brunswick Rd',
      '12-14 Gold Coast Hwy',
      "7 O'Connell Street",
    ])
      expect(isSpecificStreetAddress(ok), ok).toBe(true);
    for (const vague of ['King St', '12', 'Smith Street 12', 'PO Box 45', 'GPO Box 1', 'Locked Bag 7', 'near the station', ''])
      expect(isSpecificStreetAddress(vague), vague).toBe(false);
  });

  it('a pickup day is today or later, a weekday and not a public holiday in the sender’s state', () => {
    expect(pickupDateProblem('2026-11-20', 'NSW', NOW)).toBeNull();
    expect(pickupDateProblem('2026-11-19', 'NSW', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-11-21', 'NSW', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-12-25', 'NSW', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-12-28', 'NSW', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2027-01-26', 'WA', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-11-03', 'VIC', new Date('2026-11-01T00:00:00Z'))).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-02-30', 'NSW', NOW)).toBe('pickup_date_invalid');
    expect(pickupDateProblem('2026-12-29', 'NSW', NOW)).toBeNull();
  });
});

describe('GET /api/v1/delivery/quote', () => {
  it('quotes a satchel from Sydney to Melbourne for anyone: price with its GST, zones, pickup and estimated delivery', async () => {
    const res = await quote({ ...SYD, ...MEL, size: 'satchel' });
    expect(res.statusCode, res.body).toBe(200);
    const q = res.json();
    expect(q).toMatchObject({
      courier: 'local',
      fromZone: 'metro',
      toZone: 'metro',
      pickupDate: '2026-11-20',
      transitDays: 3,
      estimatedDelivery: '2026-11-25',
      from: { suburb: 'Newtown', postcode: '2042', state: 'NSW' },
      to: { suburb: 'Fitzroy', postcode: '3065', state: 'VIC' },
    });
    expect(q.priceCents).toBeGreaterThanOrEqual(800);
    expect(q.priceCents).toBeLessThanOrEqual(1000);
    expect(q.gstCents).toBe(Math.round(q.priceCents / 11));
    expect(q.distanceKm).toBeGreaterThan(650);
    expect(q.distanceKm).toBeLessThan(750);
  });

  it('takes weight and dimensions instead of a preset, in any letter case', async () => {
    const res = await quote({ fromSuburb: 'NEWTOWN', fromPostcode: '2042', ...MEL, weightKg: 3, lengthCm: 40, widthCm: 30, heightCm: 20 });
    expect(res.json()).toMatchObject({ chargeableKg: 6 });
  });

  it("answers 'Sorry there's no quote for those entries' for places that do not exist together, missing measures or a parcel too big", async () => {
    for (const query of [
      { fromSuburb: 'Newtown', fromPostcode: '3065', ...MEL, size: 'satchel' },
      { fromSuburb: 'Atlantis', fromPostcode: '2042', ...MEL, size: 'satchel' },
      { ...SYD, ...MEL, weightKg: 3 },
      { ...SYD, ...MEL, weightKg: 40, lengthCm: 40, widthCm: 30, heightCm: 20 },
      { ...SYD, ...MEL, weightKg: 4, lengthCm: 200, widthCm: 30, heightCm: 20 },
    ]) {
      const res = await quote(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'no_quote', message: "Sorry there's no quote for those entries" });
    }
    expect((await quote({ ...SYD, ...MEL, size: 'crate' })).statusCode).toBe(400);
  });
});
