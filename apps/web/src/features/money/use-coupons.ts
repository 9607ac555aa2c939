import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { CouponRedeemBody } from '@swapu/shared/money-api';
import { call } from '../../lib/api';

/**
 * Redeems a coupon code. What it granted shows on listings and on my Swap Assist account, read
 * afresh here; the page refreshes my own items' list too (features/posts owns that query).
 */
export function useRedeemCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponRedeemBody) => call(endpoints.redeemCoupon, { body }),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: ['posts'] }), qc.invalidateQueries({ queryKey: ['assist'] })]);
    },
  });
}
