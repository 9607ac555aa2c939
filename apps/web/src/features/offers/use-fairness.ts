import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { OfferTerms } from '@swapu/shared/offers';
import { ApiError, call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';
import { useSession } from '../../lib/use-session';

/**
 * What the fair-swap meter weighs: an offer as it stands, the draft terms of a counter-offer on
 * it, or a draft offer on a listing.
 */
export type FairnessSource =
  | { kind: 'offer'; offerId: string }
  | { kind: 'counter'; offerId: string; terms: Pick<OfferTerms, 'itemIds' | 'cashKind' | 'cashCents'> }
  | { kind: 'draft'; postId: string; terms: Pick<OfferTerms, 'itemIds' | 'cashKind' | 'cashCents'> };

const queryOf = (terms: Pick<OfferTerms, 'itemIds' | 'cashKind' | 'cashCents'>) => ({
  items: terms.itemIds.join(',') || undefined,
  cashKind: terms.cashKind,
  cashCents: terms.cashKind === 'none' ? undefined : terms.cashCents,
});

/**
 * The meter's answer (GET …/fairness), by the viewer: the verdict is theirs. A failure stays a
 * failure of the meter alone (tried once more at most): the offer never waits for it.
 */
export function useFairness(source: FairnessSource) {
  const { userId } = useSession();
  const viewer = userId ?? '';
  return useQuery({
    ...(source.kind === 'draft'
      ? (() => {
          const query = queryOf(source.terms);
          const params = { id: source.postId };
          return {
            queryKey: keyOf(endpoints.draftFairness, { params, query, viewer }),
            queryFn: () => call(endpoints.draftFairness, { params, query }),
          };
        })()
      : (() => {
          const query = source.kind === 'counter' ? queryOf(source.terms) : undefined;
          const params = { id: source.offerId };
          return {
            queryKey: keyOf(endpoints.offerFairness, { params, query, viewer }),
            queryFn: () => call(endpoints.offerFairness, { params, query }),
          };
        })()),
    // While the draft changes, the last answer stays on screen (dimmed) instead of a skeleton.
    placeholderData: keepPreviousData,
    // A refusal (4xx) is the answer; a failure of the server may be tried once more.
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status < 500),
    staleTime: 60_000,
  });
}
