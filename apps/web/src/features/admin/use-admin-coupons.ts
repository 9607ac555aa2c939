import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { CouponCreateBody } from '@swapu/shared/money-api';
import { call, pathOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';

/** The admin list's query key (generating codes refreshes it). */
export const adminCouponsKey = ['admin', 'coupons'] as const;

/** Admins: one page of coupons, newest first; the previous page stays on screen while the next loads. */
export const useAdminCoupons = (limit: number, offset: number) =>
  useQuery({
    queryKey: [...adminCouponsKey, limit, offset],
    queryFn: () => call(endpoints.adminCoupons, { query: { limit, offset } }),
    placeholderData: keepPreviousData,
  });

/** Admins: generates one code (optionally their own) or a batch. */
export function useCreateCoupons() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponCreateBody) => call(endpoints.adminCreateCoupons, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCouponsKey }),
  });
}

/** Admins: disables a code (it redeems no more) or enables it again. */
export function useSetCouponDisabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, disabled }: { code: string; disabled: boolean }) =>
      call(endpoints.adminDisableCoupon, { params: { code }, body: { disabled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCouponsKey }),
  });
}

/** Admins: every coupon as a CSV file. */
export const downloadCouponsCsv = () => downloadFile(pathOf(endpoints.adminCouponsCsv), 'text/csv', 'swapu-coupons.csv');
