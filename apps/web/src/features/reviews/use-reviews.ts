import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review, ReviewBody, ReviewList } from '@swapu/shared/offers';
import { api } from '../../lib/api';

export type { Review, ReviewList };

/** GET /api/v1/users/{id}/reviews: the reviews a person received, newest first. */
export function useUserReviews(userId: string) {
  return useQuery({
    queryKey: ['users', userId, 'reviews'],
    queryFn: () => api<ReviewList>(`/api/v1/users/${encodeURIComponent(userId)}/reviews`),
    enabled: !!userId,
  });
}

/** POST /api/v1/offers/{id}/review → 201; the reviewed person's rating and the offer change. */
export function useSubmitReview(offerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewBody) =>
      api<Review>(`/api/v1/offers/${encodeURIComponent(offerId)}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: ['offers'] }), qc.invalidateQueries({ queryKey: ['users'] })]),
  });
}
