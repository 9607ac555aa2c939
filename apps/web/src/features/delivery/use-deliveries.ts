import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Delivery, DeliveryOrderBody, DeliveryState, DeliveryStatusFilter, LabelSize } from '@swapu/shared/delivery-api';
import { endpoints } from '@swapu/shared/endpoints';
import { call, pathOf, qs } from '../../lib/api';
import { downloadFile } from '../../lib/download';
import { groupKey, keyOf, ofRow, pathKey } from '../../lib/query-keys';

/** Every delivery query starts with this key (a booking or a cancel refreshes them all). */
export const deliveriesKey = groupKey('deliveries');
const oneKey = (id: string) => keyOf(endpoints.delivery, { params: { id } });

/** /delivery-swap: the items of my accepted and completed swaps, each with its delivery if arranged. */
export const useShippable = () =>
  useQuery({
    queryKey: keyOf(endpoints.deliveryShippable, { variant: 'items' }),
    queryFn: () => call(endpoints.deliveryShippable).then((r) => r.items),
  });

/** The order form, prefilled from both profiles and the item (404 order_id_issue for a wrong or foreign id). */
export const useDeliveryDraft = (postId: string, offerId: string, receiver: string) =>
  useQuery({
    queryKey: keyOf(endpoints.deliveryDraft, { params: { postId, offerId, receiver } }),
    queryFn: () => call(endpoints.deliveryDraft, { params: { postId, offerId, receiver } }),
  });

/** My deliveries, sent and received; optionally one status only. */
export const useDeliveries = (status?: DeliveryStatusFilter) =>
  useQuery({
    queryKey: keyOf(endpoints.deliveries, { query: { status }, variant: 'items' }),
    queryFn: () => call(endpoints.deliveries, { query: { status } }).then((r) => r.items),
  });

/**
 * How often a delivery is read again, so a person can watch it move: every 3 s while the courier
 * is being booked (or a payment just made is being confirmed), every 5 s while the parcel awaits
 * pickup or travels, and never once it has arrived, been cancelled or failed.
 */
export function pollInterval(state: DeliveryState | undefined, justPaid = false): number | false {
  if (state === 'booking') return 3000;
  if (state === 'awaiting_payment' && justPaid) return 3000;
  if (state === 'label_created' || state === 'shipped' || state === 'in_transit') return 5000;
  return false;
}

/** One delivery, polled while it is on the move (see pollInterval). */
export const useDelivery = (id: string, { justPaid = false }: { justPaid?: boolean } = {}) =>
  useQuery({
    queryKey: oneKey(id),
    queryFn: () => call(endpoints.delivery, { params: { id } }),
    refetchInterval: (q) => pollInterval(q.state.data?.state, justPaid),
  });

/** Gets a quote: the order as a delivery awaiting payment (its price holds for QUOTE_HOLD_MINUTES). */
export function useCreateDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: DeliveryOrderBody) => call(endpoints.createDelivery, { body }),
    onSuccess: (d) => qc.setQueryData(oneKey(d.id), d),
  });
}

/** Starts paying for a quoted delivery; answers where to pay (409 quote_expired once the price no longer holds). */
export const useDeliveryCheckout = () => useMutation({ mutationFn: (id: string) => call(endpoints.deliveryCheckout, { params: { id } }) });

/** Cancels a delivery before pickup (refunded); the lists are read afresh. */
export function useCancelDelivery() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.cancelDelivery, { params: { id } }),
    onSuccess: async (d: Delivery) => {
      qc.setQueryData(oneKey(d.id), d);
      await Promise.all([
        qc.invalidateQueries({ predicate: ofRow(endpoints.deliveries) }),
        qc.invalidateQueries({ queryKey: pathKey(endpoints.deliveryShippable) }),
      ]);
    },
  });
}

/** GET …/deliveries/:id/label?size=: a PDF, so not in the JSON endpoint table; built from the delivery's own address. */
const labelPath = (id: string, size: LabelSize) => `${pathOf(endpoints.delivery, { params: { id } })}/label${qs({ size })}`;

/**
 * Downloads a delivery's label PDF (A4 or 4×6); see downloadFile for what a refusal rejects with.
 */
export const downloadLabel = (id: string, size: LabelSize, fileName: string) =>
  downloadFile(labelPath(id, size), 'application/pdf', fileName);
