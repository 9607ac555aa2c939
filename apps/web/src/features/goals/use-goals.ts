import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Goal, GoalBody, GoalPatch } from '@swapu/shared/engagement';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from '../../lib/api';
import { groupKey, keyOf, pathKey } from '../../lib/query-keys';

export const goalsKey = keyOf(endpoints.goals, { variant: 'items' });

/**
 * My goals. Always read afresh when the tab opens: a swap completed elsewhere (the offer page,
 * the other person) moves them.
 */
export function useGoals() {
  return useQuery({ queryKey: goalsKey, queryFn: () => call(endpoints.goals).then((r) => r.items), staleTime: 0 });
}

/**
 * My listings in every state: where a goal's current item stands (live, in a swap, gone) and
 * which live ones can start a goal or go in an offer. Under my listings' path, so whatever
 * refreshes my listings refreshes these.
 */
export function useMyListings() {
  return useQuery({
    queryKey: keyOf(endpoints.myPosts, { variant: 'items' }),
    queryFn: () => call(endpoints.myPosts).then((r) => r.items),
  });
}

export function useCreateGoal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: GoalBody) => call(endpoints.createGoal, { body }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: pathKey(endpoints.goals) });
    },
  });
}

export function useUpdateGoal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: GoalPatch }) => call(endpoints.updateGoal, { params: { id }, body: patch }),
    onSuccess: (goal) => {
      qc.setQueryData<Goal[]>(goalsKey, (list) => list?.map((g) => (g.id === goal.id ? goal : g)));
      void qc.invalidateQueries({ queryKey: groupKey('users') });
    },
  });
}

/** Items that move an active goal up (nothing is asked for a goal that is not active). */
export function useGoalSuggestions(goal: Pick<Goal, 'id' | 'state' | 'current'>) {
  return useQuery({
    queryKey: keyOf(endpoints.goalSuggestions, { params: { id: goal.id }, variant: ['items', goal.current.id] }),
    queryFn: () => call(endpoints.goalSuggestions, { params: { id: goal.id } }).then((r) => r.items),
    enabled: goal.state === 'active',
  });
}

/** The goals a member shows on their profile. */
export function useUserGoals(userId: string) {
  return useQuery({
    queryKey: keyOf(endpoints.userGoals, { params: { id: userId }, variant: 'items' }),
    queryFn: () => call(endpoints.userGoals, { params: { id: userId } }).then((r) => r.items),
    enabled: !!userId,
  });
}
