import { MicroCache } from '../../lib/micro-cache';
import type { CourierQuote, QuoteRequest } from './courier';

/** How long the delivery calculator reuses a courier's answer for the same entries. */
export const QUOTE_CACHE_MS = 5 * 60_000;
/** Distinct entries kept at once (the oldest goes first). */
const QUOTE_CACHE_ENTRIES = 5_000;

/**
 * Every entry that changes a courier's answer: the courier, both places (as the localities data
 * spells them, so the letter case typed does not matter), the parcel's weight and each dimension
 * (a preset is its measures by now) and the pickup day (the estimate counts from it).
 */
const keyOf = (courier: string, r: QuoteRequest) =>
  JSON.stringify([
    courier,
    r.from.postcode,
    r.from.suburb,
    r.to.postcode,
    r.to.suburb,
    r.parcel.weightKg,
    r.parcel.lengthCm,
    r.parcel.widthCm,
    r.parcel.heightCm,
    r.pickupDate,
  ]);

/**
 * The delivery calculator's courier answers (a price, or no quote), reused for QUOTE_CACHE_MS
 * (decision 0025). The same for everyone who asks: a calculator quote holds no price and belongs
 * to nobody (an order's quote, which holds its price, is never taken from here). Per instance:
 * with n instances the courier is asked at most n times per entries and period. Identical
 * entries asked together share one call; a failure is not kept.
 */
export class CourierQuoteCache {
  private readonly answers = new MicroCache<CourierQuote | null>(QUOTE_CACHE_MS, QUOTE_CACHE_ENTRIES);
  private readonly asking = new Map<string, Promise<CourierQuote | null>>();

  /**
   * The kept answer, or the one already being asked for, or `beforeAsking` (which may refuse:
   * the per-IP limit counts only calls that reach the courier) and then `ask`.
   */
  async answer(
    courier: string,
    req: QuoteRequest,
    now: Date,
    beforeAsking: () => Promise<void>,
    ask: () => Promise<CourierQuote | null>,
  ): Promise<CourierQuote | null> {
    const key = keyOf(courier, req);
    const known = () => {
      const kept = this.answers.get(key, now.getTime());
      return kept !== undefined ? Promise.resolve(kept) : this.asking.get(key);
    };
    const before = known();
    if (before) return before;
    await beforeAsking();
    // Another request may have asked (or even been answered) while this one was counted.
    const meanwhile = known();
    if (meanwhile) return meanwhile;
    const asked = ask()
      .then((got) => {
        this.answers.set(key, got, now.getTime());
        return got;
      })
      .finally(() => this.asking.delete(key));
    this.asking.set(key, asked);
    return asked;
  }
}
