import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

/** My receipts' query key (a purchase adds one). */
export const receiptsKey = keyOf(endpoints.receipts, { variant: 'items' });

/** My receipts (tax invoices and refund notes), newest first. */
export const useReceipts = () => useQuery({ queryKey: receiptsKey, queryFn: () => call(endpoints.receipts).then((r) => r.items) });

/** One of my receipts. */
export const useReceipt = (id: string) =>
  useQuery({ queryKey: keyOf(endpoints.receipt, { params: { id } }), queryFn: () => call(endpoints.receipt, { params: { id } }) });
