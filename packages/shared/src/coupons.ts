/**
 * Coupons (spec sections 3 and 9; PRODUCT.md "Money features"): what each type grants, and the
 * code format. The server decides; the web app uses the same names and rules to show them.
 */
export const COUPON_TYPES = ['month_normal', 'month_special', 'months_3', 'months_6', 'months_12'] as const;
export type CouponType = (typeof COUPON_TYPES)[number];

/** What a coupon grants: one item's Swap Assist for a month, or the unlimited package. */
export type CouponGrant = { scope: 'item'; special: boolean; months: 1 } | { scope: 'member'; months: 3 | 6 | 12 };

export function couponGrant(type: CouponType): CouponGrant {
  switch (type) {
    case 'month_normal':
      return { scope: 'item', special: false, months: 1 };
    case 'month_special':
      return { scope: 'item', special: true, months: 1 };
    case 'months_3':
      return { scope: 'member', months: 3 };
    case 'months_6':
      return { scope: 'member', months: 6 };
    case 'months_12':
      return { scope: 'member', months: 12 };
  }
}

/**
 * May this coupon go on this item? A special-category coupon covers any item; a normal-category
 * one only an item outside the special categories (it is worth A$2, theirs A$5).
 */
export const couponFitsItem = (type: CouponType, itemIsSpecial: boolean) => {
  const g = couponGrant(type);
  return g.scope === 'item' && (g.special || !itemIsSpecial);
};

/** Codes: letters and digits, 6–24 characters; people may type them in any case, with spaces or dashes. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9]{6,24}$/;
export const normaliseCouponCode = (raw: string) => raw.toUpperCase().replace(/[\s-]+/g, '');

/** A batch of codes is generated at once: at most this many. */
export const COUPON_BATCH_MAX = 500;
export const COUPON_MAX_USES_MAX = 100_000;

/** Is a coupon usable now: not expired and not used up (the member's own use is checked apart). */
export const couponUsable = (c: { usedTimes: number; maxUses: number; expiresAt: Date | null }, now: Date) =>
  c.usedTimes < c.maxUses && (!c.expiresAt || c.expiresAt.getTime() > now.getTime());
