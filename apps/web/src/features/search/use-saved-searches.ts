import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import type { SearchFiltersBody } from '@swapu/shared/search';
import type { SearchUrlState } from '@swapu/shared/search-url';
import { track } from '../../lib/analytics';
import { call } from '../../lib/api';
import { keyOf } from '../../lib/query-keys';

const key = keyOf(endpoints.savedSearches, { variant: 'items' });

/** The signed-in person's saved searches. */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: key,
    queryFn: () => call(endpoints.savedSearches).then((r) => r.items),
    enabled,
  });
}

/** Saves a search: its filters as a JSON body; the sort and "wants what I have" are not kept. */
export function useSaveSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ name, state }: { name: string; state: SearchUrlState }) => {
      const { sort: _sort, wantsMine: _wants, ...rest } = state;
      const filters: SearchFiltersBody = rest;
      return call(endpoints.saveSearch, { body: { name, filters } });
    },
    onSuccess: () => {
      track('user_action', { action: 'search_save' });
      return qc.invalidateQueries({ queryKey: key });
    },
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(endpoints.deleteSavedSearch, { params: { id } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
