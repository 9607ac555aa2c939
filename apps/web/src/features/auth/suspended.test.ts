import { describe, expect, it } from 'vitest';
import { openToSuspended } from './suspended';

describe('the pages a suspended member may still open', () => {
  it('are the conversation with the SwapU team and their receipts', () => {
    expect(openToSuspended('/discuss', '?support=1')).toBe(true);
    expect(openToSuspended('/receipts', '')).toBe(true);
    expect(openToSuspended('/receipts/r1', '')).toBe(true);
  });

  it('are none that list, offer, swipe, chat with others or pay', () => {
    for (const path of [
      '/create',
      '/editPost/p1',
      '/offer-item/p1',
      '/swap-offer/o1',
      '/offers',
      '/swap-swipe',
      '/swap-swipe/p1',
      '/swap-swipe/p1/p2',
    ])
      expect(openToSuspended(path, ''), path).toBe(false);
    for (const path of [
      '/discuss',
      '/discuss/u1',
      '/discuss/u1/p1',
      '/tokens',
      '/subscription',
      '/checkout/c1',
      '/user-coupon',
      '/delivery-swap',
    ])
      expect(openToSuspended(path, ''), path).toBe(false);
    // Only the support thread of the chat screen, not a room that names itself "support".
    expect(openToSuspended('/discuss', '?support=0')).toBe(false);
    expect(openToSuspended('/discuss/support', '?support=1')).toBe(false);
    expect(openToSuspended('/receiptsx', '')).toBe(false);
  });
});
