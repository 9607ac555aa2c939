/** A checkout's own fields (checkouts.details), as validated when it was created. */
export type Details = {
  amount?: number;
  postId?: string;
  postTitle?: string;
  special?: boolean;
  months?: number;
  description?: string;
  /** Set at fulfilment: the span of Swap Assist granted (a refund takes back exactly this). */
  grantedMs?: number;
  /** A renewal's checkout: the subscription it renewed. */
  renewalOf?: string;
  /** A courier delivery's checkout: the delivery it pays for. */
  deliveryId?: string;
};

/** What is bought, in words (the receipt's line and the provider's product name). */
export function describeKind(kind: string, d: Details): string {
  switch (kind) {
    case 'tokens':
      return `SwapU tokens × ${d.amount}`;
    case 'subscription':
      return 'SwapU subscription, 1 month';
    case 'swap_assist':
      return `Swap Assist, 1 month${d.special ? ' (special category)' : ''}: ${d.postTitle ?? 'item'}`;
    case 'unlimited_assist':
      return `Unlimited Swap Assist, ${d.months} months`;
    case 'delivery':
      return `Courier delivery: ${d.postTitle ?? 'item'}`;
    default:
      return kind;
  }
}
