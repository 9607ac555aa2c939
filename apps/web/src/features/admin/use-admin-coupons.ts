import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import type { CouponCreateBody } from '@swapu/shared/money-api';
import { call, pathOf } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { keyOf, pathKey } from '../../lib/query-keys';

/** The admin list's query key (generating codes refreshes it). */
export const adminCouponsKey = pathKey(adminEndpoints.adminCoupons);

/** Admins: one page of coupons, newest first; the previous page stays on screen while the next loads. */
export const useAdminCoupons = (limit: number, offset: number) =>
  useQuery({
    queryKey: keyOf(adminEndpoints.adminCoupons, { query: { limit, offset } }),
    queryFn: () => call(adminEndpoints.adminCoupons, { query: { limit, offset } }),
    placeholderData: keepPreviousData,
  });

/** Admins: generates one code (optionally their own) or a batch. */
export function useCreateCoupons() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CouponCreateBody) => call(adminEndpoints.adminCreateCoupons, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCouponsKey }),
  });
}

/** Admins: disables a code (it redeems no more) or enables it again. */
export function useSetCouponDisabled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ code, disabled }: { code: string; disabled: boolean }) =>
      call(adminEndpoints.adminDisableCoupon, { params: { code }, body: { disabled } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminCouponsKey }),
  });
}

/** Admins: every coupon as a CSV file. */
export const downloadCouponsCsv = () => downloadFile(pathOf(adminEndpoints.adminCouponsCsv), 'text/csv', 'swapu-coupons.csv');
