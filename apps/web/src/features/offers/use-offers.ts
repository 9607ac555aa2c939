import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyPost } from '@swapu/shared/api';
import type { CreateOffer, Offer, OfferState, OfferSummary, TransitionBody } from '@swapu/shared/offers';
import { api, qs } from '../../lib/api';

export const offersKey = ['offers'] as const;
const offerKey = (id: string) => ['offers', 'detail', id] as const;
const offerUrl = (id: string) => `/api/v1/offers/${encodeURIComponent(id)}`;
const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export interface OfferQuery {
  box?: 'sent' | 'received';
  status?: OfferState;
}

/** GET /api/v1/offers: the viewer's offers, newest first, by box (sent/received) or by state. */
export function useOffers(query: OfferQuery) {
  return useQuery({
    queryKey: ['offers', 'list', query.box ?? null, query.status ?? null],
    queryFn: () => api<{ items: OfferSummary[] }>(`/api/v1/offers${qs({ box: query.box, status: query.status })}`).then((r) => r.items),
  });
}

/** One offer with its history and what the viewer may do now. */
export function useOffer(id: string | null | undefined) {
  return useQuery({
    queryKey: offerKey(id ?? ''),
    queryFn: () => api<Offer>(offerUrl(id!)),
    enabled: !!id,
  });
}

/** The viewer's live listings: what they can put in an offer. */
export function useMyPublishedItems(enabled = true) {
  return useQuery({
    queryKey: ['me', 'posts', 'published'],
    queryFn: () => api<{ items: MyPost[] }>('/api/v1/me/posts?state=published').then((r) => r.items),
    enabled,
  });
}

/** Everything an offer changes: lists, listings (reserved), profiles (swaps completed). */
function useAfterOfferChange() {
  const qc = useQueryClient();
  return async (offer: Offer) => {
    qc.setQueryData(offerKey(offer.id), offer);
    await Promise.all([
      qc.invalidateQueries({ queryKey: offersKey, predicate: (q) => q.queryKey[2] !== offer.id }),
      qc.invalidateQueries({ queryKey: ['posts'] }),
      qc.invalidateQueries({ queryKey: ['me', 'posts'] }),
      qc.invalidateQueries({ queryKey: ['users'] }),
    ]);
  };
}

/** POST /api/v1/offers → 201 with the new offer. */
export function useCreateOffer() {
  const after = useAfterOfferChange();
  return useMutation({
    mutationFn: (body: CreateOffer) => api<Offer>('/api/v1/offers', json(body)),
    onSuccess: after,
  });
}

/**
 * POST /api/v1/offers/{id}/transitions. The answer is the offer as it is now, or for a
 * counter-offer or a resubmission the new offer (the caller goes there).
 */
export function useOfferTransition(id: string) {
  const qc = useQueryClient();
  const after = useAfterOfferChange();
  return useMutation({
    mutationFn: (body: TransitionBody) => api<Offer>(`${offerUrl(id)}/transitions`, json(body)),
    onSuccess: async (offer) => {
      await after(offer);
      // A new offer came out of this one: this one changed too.
      if (offer.id !== id) await qc.invalidateQueries({ queryKey: offerKey(id) });
    },
    // "This offer is no longer valid": show the offer as it is now.
    onError: () => qc.invalidateQueries({ queryKey: offerKey(id) }),
  });
}
