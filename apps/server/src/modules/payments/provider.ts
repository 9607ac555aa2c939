/**
 * The payment port (docs/decisions/0023): SwapU creates a checkout row, asks the provider where
 * the person pays, and grants the purchase only when the provider's event says it was paid
 * (fulfilment.ts). The local provider's "event" comes from our own checkout page; a hosted
 * provider's from its signed webhook. Both go through the same fulfilment code.
 */
export interface CheckoutRequest {
  /** Our checkout id: also the idempotency key of the provider call that creates it. */
  id: string;
  description: string;
  amountCents: number;
  /** A one-off payment, or the first month of a monthly subscription. */
  mode: 'payment' | 'subscription';
  /** The member's email, for the provider's receipt and customer record. */
  email: string | null;
  /** Absolute URLs the provider sends the person back to. */
  successUrl: string;
  cancelUrl: string;
  /** When the checkout lapses here (CHECKOUT_OPEN_MINUTES): the provider's page stops taking payment then too. */
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Where the person pays, and the provider's id for the checkout. */
  createCheckout(req: CheckoutRequest): Promise<{ ref: string; url: string }>;
  /** The member cancelled in the app: the provider must not charge the next period. */
  cancelSubscription(subscriptionRef: string | null): Promise<void>;
  /** Returns a paid checkout's money to the payer (the whole amount). */
  refund(checkoutRef: string, amountCents: number, idempotencyKey: string): Promise<void>;
}

/**
 * The embedded default: the checkout page is ours, at /checkout/{id}; no money moves, so there is
 * nothing to cancel or return at a provider.
 */
export const localProvider: PaymentProvider = {
  name: 'local',
  async createCheckout(req) {
    return { ref: req.id, url: `/checkout/${encodeURIComponent(req.id)}` };
  },
  async cancelSubscription() {},
  async refund() {},
};
