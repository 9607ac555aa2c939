import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { CouponRedeemBody } from '@swapu/shared/money-api';
import { call } from '../../lib/api';
import { groupKey } from '../../lib/query-keys';

/**
 * Redeems a coupon code. What it granted shows on listings ('posts', …) and on my own items and
 * account ('me', …), read afresh here.
 */
export function useRedeemCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponRedeemBody) => call(endpoints.redeemCoupon, { body }),
    onSuccess: async () => {
      await Promise.all([qc.invalidateQueries({ queryKey: groupKey('posts') }), qc.invalidateQueries({ queryKey: groupKey('me') })]);
    },
  });
}
