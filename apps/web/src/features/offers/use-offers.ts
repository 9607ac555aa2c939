import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { CreateOffer, Offer, OfferState, TransitionBody } from '@swapu/shared/offers';
import { track } from '../../lib/analytics';
import { call } from '../../lib/api';
import { groupKey, keyOf, pathKey } from '../../lib/query-keys';

export const offersKey = groupKey('offers');
const offerKey = (id: string) => keyOf(endpoints.offer, { params: { id } });

export interface OfferQuery {
  box?: 'sent' | 'received';
  status?: OfferState;
}

/** The viewer's offers, newest first, by box (sent/received) or by state. */
export function useOffers(query: OfferQuery) {
  return useQuery({
    queryKey: keyOf(endpoints.offers, { query: { box: query.box, status: query.status }, variant: 'items' }),
    queryFn: () => call(endpoints.offers, { query: { box: query.box, status: query.status } }).then((r) => r.items),
  });
}

/** One offer with its history and what the viewer may do now. */
export function useOffer(id: string | null | undefined) {
  return useQuery({
    queryKey: offerKey(id ?? ''),
    queryFn: () => call(endpoints.offer, { params: { id: id! } }),
    enabled: !!id,
  });
}

/** The viewer's live listings: what they can put in an offer. */
export function useMyPublishedItems(enabled = true) {
  return useQuery({
    queryKey: keyOf(endpoints.myPosts, { query: { state: 'published' }, variant: 'items' }),
    queryFn: () => call(endpoints.myPosts, { query: { state: 'published' } }).then((r) => r.items),
    enabled,
  });
}

/** Everything an offer changes: lists, listings (reserved), profiles (swaps completed). */
function useAfterOfferChange() {
  const qc = useQueryClient();
  return async (offer: Offer) => {
    qc.setQueryData(offerKey(offer.id), offer);
    await Promise.all([
      // Keys are ['offers', {…}] (the lists) and ['offers', id, {…}]: all but this offer, just set.
      qc.invalidateQueries({ queryKey: offersKey, predicate: (q) => q.queryKey[1] !== offer.id }),
      qc.invalidateQueries({ queryKey: groupKey('posts') }),
      qc.invalidateQueries({ queryKey: pathKey(endpoints.myPosts) }),
      qc.invalidateQueries({ queryKey: groupKey('users') }),
    ]);
  };
}

/** Makes an offer; the answer is the new offer. */
export function useCreateOffer() {
  const after = useAfterOfferChange();
  return useMutation({
    mutationFn: (body: CreateOffer) => call(endpoints.createOffer, { body }),
    onSuccess: (offer) => {
      track('user_action', { action: 'offer_make', target: 'post' });
      return after(offer);
    },
  });
}

/**
 * Moves an offer on (accept, decline, counter, …). The answer is the offer as it is now, or for a
 * counter-offer or a resubmission the new offer (the caller goes there).
 */
export function useOfferTransition(id: string) {
  const qc = useQueryClient();
  const after = useAfterOfferChange();
  return useMutation({
    mutationFn: (body: TransitionBody) => call(endpoints.offerTransition, { params: { id }, body }),
    onSuccess: async (offer) => {
      await after(offer);
      // A new offer came out of this one: this one changed too.
      if (offer.id !== id) await qc.invalidateQueries({ queryKey: offerKey(id) });
    },
    // "This offer is no longer valid": show the offer as it is now.
    onError: () => qc.invalidateQueries({ queryKey: offerKey(id) }),
  });
}
