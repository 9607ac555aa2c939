import { z } from 'zod';

/** The money API's shapes (docs/decisions/0023). Amounts are GST-inclusive AUD cents. */

/**
 * open: waiting for the person to pay (it lapses after a while: expired); processing: the provider
 * has a delayed payment it is still settling; paid; cancelled; refunded (see its refundReason).
 */
export const CHECKOUT_STATUSES = ['open', 'processing', 'paid', 'failed', 'cancelled', 'expired', 'refunded'] as const;
/**
 * Why a checkout's money went back (docs/decisions/0034): an admin refunded it; it paid for what
 * could not be granted when the payment arrived (a second subscription, a delivery whose quote had
 * expired, a checkout that had lapsed); its delivery did not go ahead; or it was returned outside
 * SwapU (a refund made at the payment provider, a chargeback by the payer's bank).
 */
export const REFUND_REASONS = ['admin', 'already_subscribed', 'quote_expired', 'lapsed', 'delivery', 'provider_refund', 'dispute'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];
export const PURCHASE_KINDS = ['tokens', 'subscription', 'swap_assist', 'unlimited_assist', 'delivery'] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired', 'none'] as const;

/** A path inside the app to return to after paying (never another site). */
const AppPath = z
  .string()
  .max(300)
  .regex(/^\/(?![/\\])/);

export const CheckoutCreateBodySchema = z.object({
  // The amount is checked by the purchase rules (shared/purchases.ts), so that anything that is not
  // a whole number from 5 to 500 gets the spec's words rather than a generic 'Data invalid'.
  purchase: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('tokens'), amount: z.unknown() }),
    z.object({ kind: z.literal('subscription') }),
    // One of my published items; the price follows its categories (A$2, or A$5 when special).
    z.object({ kind: z.literal('swap_assist'), postId: z.string().min(1).max(64) }),
    z.object({ kind: z.literal('unlimited_assist'), months: z.union([z.literal(3), z.literal(6), z.literal(12)]) }),
  ]),
  returnTo: AppPath.optional(),
});
export type CheckoutCreateBody = z.input<typeof CheckoutCreateBodySchema>;

export const CheckoutCreatedSchema = z.object({
  id: z.string(),
  /** Where to pay: the local checkout page (/checkout/{id}) or the provider's hosted page. */
  url: z.string(),
});

export const CheckoutSchema = z.object({
  id: z.string(),
  kind: z.enum(PURCHASE_KINDS),
  /** Tokens bought. */
  tokens: z.number().int().nullable(),
  /** Swap Assist for one item: the item. */
  postId: z.string().nullable(),
  postTitle: z.string().nullable(),
  /** The unlimited Swap Assist package: its months. */
  months: z.number().int().nullable(),
  /** What is bought, as the receipt says it. */
  description: z.string(),
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  provider: z.enum(['local', 'stripe']),
  status: z.enum(CHECKOUT_STATUSES),
  /** A refunded checkout: why its money went back. */
  refundReason: z.enum(REFUND_REASONS).nullable(),
  /** Tokens a refund could not take back because they were already spent (the balance stopped at 0). */
  shortfallTokens: z.number().int(),
  returnTo: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Checkout = z.infer<typeof CheckoutSchema>;

export const CheckoutIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** The local provider's card field: digits (spaces allowed), checked like a real card. */
export const LocalPaymentBodySchema = z.object({ cardNumber: z.string().max(32) });

export const TokenEntrySchema = z.object({
  id: z.number().int(),
  delta: z.number().int(),
  balanceAfter: z.number().int(),
  reason: z.enum(['purchase', 'refund', 'boost', 'extra_swipes', 'swap_assist', 'coupon']),
  postId: z.string().nullable(),
  postTitle: z.string().nullable(),
  createdAt: z.string(),
});
export const TokenAccountSchema = z.object({ balance: z.number().int(), entries: z.array(TokenEntrySchema) });
export type TokenAccount = z.infer<typeof TokenAccountSchema>;

export const BoostResultSchema = z.object({ postId: z.string(), boostedUntil: z.string(), balance: z.number().int() });
export type BoostResult = z.infer<typeof BoostResultSchema>;

/** My subscription: the spec's four states, and when the paid period ends (null for none). */
export const SubscriptionSchema = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES),
  currentPeriodEnd: z.string().nullable(),
  priceCents: z.number().int(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

/** Swap Assist: what runs for me (the unlimited package's end) — an item's own end is on the item. */
export const AssistAccountSchema = z.object({ unlimitedUntil: z.string().nullable() });
export type AssistAccount = z.infer<typeof AssistAccountSchema>;

export const AssistResultSchema = z.object({ postId: z.string(), swapAssistUntil: z.string(), balance: z.number().int() });
export type AssistResult = z.infer<typeof AssistResultSchema>;

// Coupons ----------------------------------------------------------------------------------------

export const COUPON_TYPE_VALUES = ['month_normal', 'month_special', 'months_3', 'months_6', 'months_12'] as const;

/** Redeeming: the code as typed, and the item a one-item coupon is for. */
export const CouponRedeemBodySchema = z.object({
  code: z.string().max(64),
  postId: z.string().min(1).max(64).optional(),
});
export type CouponRedeemBody = z.input<typeof CouponRedeemBodySchema>;

export const CouponRedeemedSchema = z.object({
  type: z.enum(COUPON_TYPE_VALUES),
  /** The item now assisted (a one-item coupon), or null for the unlimited package. */
  postId: z.string().nullable(),
  /** When the Swap Assist it granted ends. */
  until: z.string(),
});
export type CouponRedeemed = z.infer<typeof CouponRedeemedSchema>;

export const CouponCreateBodySchema = z.object({
  type: z.enum(COUPON_TYPE_VALUES),
  /** How many codes to make (a batch), 1–500. */
  count: z.number().int().min(1).max(500),
  /** How many members may use each code. */
  maxUses: z.number().int().min(1).max(100_000),
  /** Optional: a code of my own (a single code only). */
  code: z.string().max(64).optional(),
  /** Optional: the last moment a code works (ISO date-time). */
  expiresAt: z.string().datetime({ offset: true }).optional(),
});
export type CouponCreateBody = z.input<typeof CouponCreateBodySchema>;

export const CouponSchema = z.object({
  code: z.string(),
  type: z.enum(COUPON_TYPE_VALUES),
  usedTimes: z.number().int(),
  maxUses: z.number().int(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** When an admin disabled the code (it redeems no more), or null. */
  disabledAt: z.string().nullable(),
});
export type Coupon = z.infer<typeof CouponSchema>;
/** PUT /api/v1/admin/coupons/:code/disabled: disable a code (true) or enable it again (false). */
export const CouponDisableBodySchema = z.strictObject({ disabled: z.boolean() });
export type CouponDisableBody = z.infer<typeof CouponDisableBodySchema>;
export const CouponListSchema = z.object({ items: z.array(CouponSchema), total: z.number().int() });
export type CouponList = z.infer<typeof CouponListSchema>;
export const CouponListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

// Receipts (tax invoices) ------------------------------------------------------------------------

export const ReceiptSchema = z.object({
  id: z.string(),
  /** SU-000123 */
  number: z.string(),
  kind: z.enum(['payment', 'refund']),
  checkoutId: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  sellerName: z.string(),
  sellerAbn: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  issuedAt: z.string(),
  /** The seller's address (SELLER_ADDRESS; '' on receipts issued before it was recorded). */
  sellerAddress: z.string(),
  /** Paid through the local provider (the embedded default, or a TEST_MODE site): no money moved. */
  testPayment: z.boolean(),
  /** A refund note: why the money went back. */
  refundReason: z.enum(REFUND_REASONS).nullable(),
});
export type Receipt = z.infer<typeof ReceiptSchema>;

export const ReceiptListSchema = z.object({ items: z.array(ReceiptSchema) });
export const ReceiptIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** Extra Swap Swipe right swipes bought for today (Australia/Sydney), and my token balance. */
export const ExtraSwipesSchema = z.object({ day: z.string(), extra: z.number().int(), balance: z.number().int() });
export type ExtraSwipes = z.infer<typeof ExtraSwipesSchema>;
