import { describe, expect, it } from 'vitest';
import { pollInterval } from './use-deliveries';

describe('pollInterval', () => {
  it('reads a delivery every 3 s while the courier is booked, every 15 s while it moves, and stops once it ends', () => {
    expect(pollInterval('booking')).toBe(3000);
    expect(pollInterval('label_created')).toBe(5000);
    expect(pollInterval('shipped')).toBe(5000);
    expect(pollInterval('in_transit')).toBe(5000);
    for (const s of ['delivered', 'cancelled', 'failed', 'replaced'] as const) expect(pollInterval(s)).toBe(false);
  });

  it('waits for a payment only when the person is just back from paying', () => {
    expect(pollInterval('awaiting_payment')).toBe(false);
    expect(pollInterval('awaiting_payment', true)).toBe(3000);
    expect(pollInterval(undefined)).toBe(false);
  });
});
