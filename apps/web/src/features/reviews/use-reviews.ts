import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { Review, ReviewBody, ReviewList } from '@swapu/shared/offers';
import { call } from '../../lib/api';
import { groupKey, keyOf } from '../../lib/query-keys';

export type { Review, ReviewList };

/** The reviews a person received, newest first. */
export function useUserReviews(userId: string) {
  return useQuery({
    queryKey: keyOf(endpoints.reviews, { params: { id: userId } }),
    queryFn: () => call(endpoints.reviews, { params: { id: userId } }),
    enabled: !!userId,
  });
}

/** Reviews the other party of a completed swap, once; the reviewed person's rating and the offer change. */
export function useSubmitReview(offerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) => call(endpoints.review, { params: { id: offerId }, body }),
    onSuccess: () =>
      Promise.all([qc.invalidateQueries({ queryKey: groupKey('offers') }), qc.invalidateQueries({ queryKey: groupKey('users') })]),
  });
}
