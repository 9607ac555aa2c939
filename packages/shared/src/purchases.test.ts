import { describe, expect, it } from 'vitest';
import { addMonth, gstOf, isValidTokenAmount, nextSubscriptionState, priceOf, subscriptionStatusAt } from './purchases';

describe('purchases', () => {
  it('accepts whole token amounts from 5 to 500 only', () => {
    for (const ok of [5, 6, 20, 499, 500]) expect(isValidTokenAmount(ok)).toBe(true);
    for (const bad of [4, 501, 0, -5, 5.5, Number.NaN, Number.POSITIVE_INFINITY, '20', null, undefined]) {
      expect(isValidTokenAmount(bad)).toBe(false);
    }
  });

  it('prices tokens at A$1 each, GST-inclusive, with the GST part one eleventh', () => {
    expect(priceOf({ kind: 'tokens', amount: 20 })).toBe(2000);
    expect(gstOf(2000)).toBe(182);
    expect(gstOf(1000)).toBe(91);
    expect(gstOf(500)).toBe(45);
    expect(gstOf(1100)).toBe(100);
  });
});

describe('the subscription', () => {
  const d = (iso: string) => new Date(iso);
  it('costs A$10 a month', () => {
    expect(priceOf({ kind: 'subscription' })).toBe(1000);
    expect(gstOf(1000)).toBe(91);
  });

  it('runs a calendar month, clamped to the shorter month', () => {
    expect(addMonth(d('2026-11-24T10:00:00Z')).toISOString()).toBe('2026-12-24T10:00:00.000Z');
    expect(addMonth(d('2027-01-31T00:00:00Z')).toISOString()).toBe('2027-02-28T00:00:00.000Z');
    expect(addMonth(d('2028-01-31T00:00:00Z')).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonth(d('2026-12-15T00:00:00Z')).toISOString()).toBe('2027-01-15T00:00:00.000Z');
  });

  it('is none without a row, and expired once an active or cancelled one passes its end', () => {
    const now = d('2026-12-01T00:00:00Z');
    expect(subscriptionStatusAt(null, now)).toBe('none');
    expect(subscriptionStatusAt({ status: 'active', currentPeriodEnd: d('2026-12-02T00:00:00Z') }, now)).toBe('active');
    expect(subscriptionStatusAt({ status: 'cancelled', currentPeriodEnd: d('2026-12-02T00:00:00Z') }, now)).toBe('cancelled');
    expect(subscriptionStatusAt({ status: 'cancelled', currentPeriodEnd: now }, now)).toBe('expired');
    expect(subscriptionStatusAt({ status: 'active', currentPeriodEnd: d('2026-11-30T00:00:00Z') }, now)).toBe('expired');
  });

  it('moves with renewals, payment failures and cancelling', () => {
    const end = d('2026-12-24T00:00:00Z');
    const active = { status: 'active' as const, currentPeriodEnd: end };
    // Renewed before the end: a month from the end; after it: a month from the renewal.
    expect(nextSubscriptionState(active, 'renewed', d('2026-12-23T00:00:00Z'))).toEqual({
      status: 'active',
      currentPeriodEnd: d('2027-01-24T00:00:00Z'),
    });
    expect(nextSubscriptionState(active, 'renewed', d('2026-12-30T00:00:00Z'))).toEqual({
      status: 'active',
      currentPeriodEnd: d('2027-01-30T00:00:00Z'),
    });
    expect(nextSubscriptionState(active, 'payment_failed', d('2026-12-24T00:00:00Z'))).toEqual({
      status: 'expired',
      currentPeriodEnd: end,
    });
    expect(nextSubscriptionState(active, 'payment_failed', d('2026-12-10T00:00:00Z'))).toEqual({
      status: 'expired',
      currentPeriodEnd: d('2026-12-10T00:00:00Z'),
    });
    const cancelled = nextSubscriptionState(active, 'cancel', d('2026-12-01T00:00:00Z'));
    expect(cancelled).toEqual({ status: 'cancelled', currentPeriodEnd: end });
    // Cancelling twice, or an expired one, changes nothing.
    expect(nextSubscriptionState(cancelled, 'cancel', d('2026-12-02T00:00:00Z'))).toEqual(cancelled);
    expect(nextSubscriptionState(active, 'cancel', d('2026-12-25T00:00:00Z'))).toEqual(active);
  });
});
