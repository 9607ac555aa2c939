import { describe, expect, it } from 'vitest';
import { FUNNELS } from '@swapu/shared/analytics-events';
import { draftFromOffer, draftToTerms, emptyDraft, OFFER_FUNNEL_STEPS, parseDollars, stepError } from './offer-funnel';

describe('the swap-offer funnel', () => {
  it('has the five steps of the spec, the analytics contract’s own list', () => {
    expect(OFFER_FUNNEL_STEPS).toEqual(['items', 'cash', 'message', 'expiry', 'review']);
    expect(OFFER_FUNNEL_STEPS).toBe(FUNNELS.swap_offer);
  });

  it('reads dollars as typed into cents, refusing nothing and nonsense', () => {
    expect(parseDollars('50')).toBe(5000);
    expect(parseDollars('A$1,250.5')).toBe(125_050);
    expect(parseDollars(' $19.99 ')).toBe(1999);
    expect(parseDollars('0')).toBeNull();
    expect(parseDollars('')).toBeNull();
    expect(parseDollars('fifty')).toBeNull();
    expect(parseDollars('1.234')).toBeNull();
  });

  it('asks for a method on the cash step when neither items nor cash are chosen', () => {
    const d = emptyDraft();
    expect(stepError('items', d)).toBeNull();
    expect(stepError('cash', d)).toEqual({ field: 'form', code: 'offer_method_missing' });
    expect(stepError('review', d)).toEqual({ field: 'form', code: 'offer_method_missing' });
    expect(stepError('cash', { ...d, itemIds: ['p1'] })).toBeNull();
  });

  it('wants a valid amount once a kind of cash is chosen', () => {
    const d = { ...emptyDraft(), itemIds: ['p1'], cashKind: 'add' as const };
    expect(stepError('cash', d)).toEqual({ field: 'cash', code: 'cash_value_invalid' });
    expect(stepError('cash', { ...d, cash: 'lots' })).toEqual({ field: 'cash', code: 'cash_value_invalid' });
    expect(stepError('cash', { ...d, cash: '25' })).toBeNull();
  });

  it('sends cash only without the picked items, and trims the message', () => {
    const terms = draftToTerms({ itemIds: ['p1', 'p2'], cashKind: 'only', cash: '120', message: '  hi  ', expiryDays: 3 });
    expect(terms).toEqual({ itemIds: [], cashKind: 'only', cashCents: 12_000, message: 'hi', expiryDays: 3 });
    expect(draftToTerms({ ...emptyDraft(), itemIds: ['p1'], cash: '99' }).cashCents).toBe(0);
  });

  it('starts a counter-offer from the terms on the table', () => {
    const d = draftFromOffer({ items: [{ id: 'p1' }, { id: 'p2' }] as never, cashKind: 'add', cashCents: 5050 });
    expect(d).toMatchObject({ itemIds: ['p1', 'p2'], cashKind: 'add', cash: '50.50', message: '', expiryDays: 7 });
  });
});
