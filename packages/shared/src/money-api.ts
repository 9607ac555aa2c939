import { z } from 'zod';

/** The money API's shapes (docs/decisions/0023). Amounts are GST-inclusive AUD cents. */

export const CHECKOUT_STATUSES = ['open', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export const PURCHASE_KINDS = ['tokens', 'subscription'] as const;
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
  amountCents: z.number().int(),
  gstCents: z.number().int(),
  provider: z.enum(['local', 'stripe']),
  status: z.enum(CHECKOUT_STATUSES),
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
