import { useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';

/** My receipts' query key (a purchase adds one). */
export const receiptsKey = ['receipts'] as const;

/** My receipts (tax invoices and refund notes), newest first. */
export const useReceipts = () => useQuery({ queryKey: receiptsKey, queryFn: () => call(endpoints.receipts).then((r) => r.items) });

/** One of my receipts. */
export const useReceipt = (id: string) =>
  useQuery({ queryKey: [...receiptsKey, id], queryFn: () => call(endpoints.receipt, { params: { id } }) });
