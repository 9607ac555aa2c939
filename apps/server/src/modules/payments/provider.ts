/**
 * The payment port (docs/decisions/0023): SwapU creates a checkout row, asks the provider where
 * the person pays, and grants the purchase only when the provider's event says it was paid
 * (fulfilment.ts). The local provider's "event" comes from our own checkout page; a hosted
 * provider's from its signed webhook. Both go through the same fulfilment code.
 */
export interface CheckoutRequest {
  id: string;
  description: string;
  amountCents: number;
  /** Absolute URLs the provider sends the person back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** Where the person pays, and the provider's id for the checkout. */
  createCheckout(req: CheckoutRequest): Promise<{ ref: string; url: string }>;
}

/** The embedded default: the checkout page is ours, at /checkout/{id}. */
export const localProvider: PaymentProvider = {
  name: 'local',
  async createCheckout(req) {
    return { ref: req.id, url: `/checkout/${encodeURIComponent(req.id)}` };
  },
};
