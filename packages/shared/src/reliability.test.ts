import { describe, expect, it } from 'vitest';
import {
  RELIABILITY_TIERS,
  RELIABILITY_WEIGHTS,
  isNewMember,
  reliabilityComponents,
  reliabilityScore,
  reliabilityTips,
  replyValue,
  type ReliabilityFacts,
} from './reliability';

/** A member with a year of history and nothing against them, but no chats, deliveries or reviews. */
const base: ReliabilityFacts = {
  swapsCompleted: 5,
  cancelledAfterAccept: 0,
  replyConversations: 0,
  medianReplySeconds: null,
  deliveriesBooked: 0,
  deliveriesOnTime: 0,
  reviewsCount: 0,
  reviewsAverage: null,
  accountAgeDays: 365,
  emailVerified: true,
};
const facts = (f: Partial<ReliabilityFacts>): ReliabilityFacts => ({ ...base, ...f });
const value = (f: ReliabilityFacts, part: string) => reliabilityComponents(f).find((c) => c.part === part)!.value;

describe('the reliability formula', () => {
  it('calls a member new below 3 swaps that reached acceptance or 30 days, whatever their facts', () => {
    expect(isNewMember(facts({ swapsCompleted: 2 }))).toBe(true);
    expect(isNewMember(facts({ swapsCompleted: 3 }))).toBe(false);
    expect(isNewMember(facts({ swapsCompleted: 2, cancelledAfterAccept: 1 }))).toBe(false);
    expect(isNewMember(facts({ accountAgeDays: 29 }))).toBe(true);
    expect(isNewMember(facts({ accountAgeDays: 30 }))).toBe(false);
    // A bad start is not a low score: a new member has none.
    expect(reliabilityScore(facts({ swapsCompleted: 1, cancelledAfterAccept: 1, emailVerified: false }))).toMatchObject({
      tier: 'new',
      score: null,
    });
  });

  it('scores the weighted mean of the parts that have facts, leaving the others out', () => {
    // Follow-through 1, email 1, age 1: every part with facts is perfect.
    expect(reliabilityScore(base)).toMatchObject({ tier: 'very_reliable', score: 100 });
    // No email: 5 of the 50 points that have facts.
    expect(reliabilityScore(facts({ emailVerified: false })).score).toBe(90);
    // Half a year: the age part is half.
    expect(reliabilityScore(facts({ accountAgeDays: 182 })).score).toBe(Math.round((100 * (45 + 5 * (182 / 365))) / 50));
    const all = facts({
      replyConversations: 4,
      medianReplySeconds: 7200,
      deliveriesBooked: 4,
      deliveriesOnTime: 3,
      reviewsCount: 4,
      reviewsAverage: 4.5,
    });
    const expected =
      RELIABILITY_WEIGHTS.followThrough +
      RELIABILITY_WEIGHTS.reviews * (((4.5 * 4 + 4 * 2) / 6 - 1) / 4) +
      RELIABILITY_WEIGHTS.replies * 0.85 +
      RELIABILITY_WEIGHTS.deliveries * 0.75 +
      RELIABILITY_WEIGHTS.email +
      RELIABILITY_WEIGHTS.age;
    expect(reliabilityScore(all).score).toBe(Math.round(expected));
  });

  it('weighs a cancellation after acceptance as two completed swaps', () => {
    expect(value(facts({ swapsCompleted: 4, cancelledAfterAccept: 1 }), 'followThrough')).toBeCloseTo(4 / 6);
    expect(reliabilityScore(facts({ swapsCompleted: 0, cancelledAfterAccept: 3 }))).toMatchObject({ tier: 'low', score: 20 });
  });

  it('averages reviews with two imaginary 4-star reviews', () => {
    expect(value(facts({ reviewsCount: 1, reviewsAverage: 1 }), 'reviews')).toBeCloseTo(0.5);
    expect(value(facts({ reviewsCount: 1, reviewsAverage: 5 }), 'reviews')).toBeCloseTo((13 / 3 - 1) / 4);
    expect(value(facts({ reviewsCount: 0 }), 'reviews')).toBeNull();
  });

  it('values a median first reply by its step, boundaries included', () => {
    expect(replyValue(3600)).toBe(1);
    expect(replyValue(3601)).toBe(0.85);
    expect(replyValue(4 * 3600)).toBe(0.85);
    expect(replyValue(24 * 3600)).toBe(0.5);
    expect(replyValue(72 * 3600)).toBe(0.25);
    expect(replyValue(72 * 3600 + 1)).toBe(0);
  });

  it('puts each score in its tier at the boundaries', () => {
    // Follow-through alone moves the score when email and age are perfect (cancellations lower it).
    for (const { tier, min } of RELIABILITY_TIERS) {
      if (min === 0) continue;
      // Find completed and cancelled swaps that give exactly min, and min - 1.
      const find = (target: number) => {
        for (let k = 1; k < 50; k++)
          for (let c = 0; c < 400; c++) {
            const r = reliabilityScore(facts({ swapsCompleted: c, cancelledAfterAccept: k }));
            if (r.score === target) return r;
          }
        throw new Error(`no facts give ${target}`);
      };
      expect(find(min).tier).toBe(tier);
      expect(find(min - 1).tier).not.toBe(tier);
    }
  });
});

describe('the tips for a member’s own badge', () => {
  it('names what is missing for a score, and what would raise it', () => {
    const tips = reliabilityTips(
      facts({ swapsCompleted: 1, accountAgeDays: 12, emailVerified: false, replyConversations: 3, medianReplySeconds: 9 * 3600 }),
    );
    expect(tips).toEqual([
      { code: 'complete_swaps', count: 2 },
      { code: 'wait_age', days: 18 },
      { code: 'reply_faster', seconds: 9 * 3600 },
      { code: 'verify_email' },
      { code: 'ask_reviews' },
    ]);
    expect(
      reliabilityTips(facts({ cancelledAfterAccept: 2, deliveriesBooked: 3, deliveriesOnTime: 1, reviewsCount: 2, reviewsAverage: 5 })),
    ).toEqual([
      { code: 'avoid_cancelling', count: 2 },
      { code: 'book_on_time', late: 2 },
    ]);
  });

  it('says to keep going when nothing would raise the score', () => {
    expect(reliabilityTips(facts({ reviewsCount: 3, reviewsAverage: 5, replyConversations: 2, medianReplySeconds: 600 }))).toEqual([
      { code: 'keep_going' },
    ]);
  });
});
