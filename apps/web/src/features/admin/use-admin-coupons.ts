import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { ErrorCode } from '@swapu/shared/errors';
import type { CouponCreateBody } from '@swapu/shared/money-api';
import { ApiError, call, pathOf } from '../../lib/api';
import { getSession } from '../../lib/session';

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

/**
 * Admins: every coupon as a CSV file. The API needs the bearer token, so a plain link cannot
 * fetch it: the file is fetched here and handed to the browser as a download.
 */
export async function downloadCouponsCsv(): Promise<void> {
  const headers = new Headers({ accept: 'text/csv' });
  const token = getSession().token;
  if (token) headers.set('authorization', `Bearer ${token}`);
  let res: Response;
  try {
    res = await fetch(pathOf(endpoints.adminCouponsCsv), { headers });
  } catch {
    throw new ApiError(0, 'generic', 'An error occurred');
  }
  if (!res.ok) {
    let code: ErrorCode = 'generic';
    try {
      const body = (await res.json()) as { error?: { code?: string } };
      if (typeof body.error?.code === 'string' && /^[a-z0-9_]+$/.test(body.error.code)) code = body.error.code as ErrorCode;
    } catch {
      // not JSON: the generic error
    }
    throw new ApiError(res.status, code, 'An error occurred');
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'swapu-coupons.csv';
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
