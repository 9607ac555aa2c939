import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedSearch, SearchFiltersBody } from '@swapu/shared/search';
import type { SearchUrlState } from '@swapu/shared/search-url';
import { api } from '../../lib/api';

const key = ['me', 'saved-searches'] as const;

/** The signed-in person's saved searches (GET /api/v1/me/saved-searches). */
export function useSavedSearches(enabled = true) {
  return useQuery({
    queryKey: key,
    queryFn: () => api<{ items: SavedSearch[] }>('/api/v1/me/saved-searches').then((r) => r.items),
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
      return api<SavedSearch>('/api/v1/me/saved-searches', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, filters }),
      });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteSavedSearch() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<void>(`/api/v1/me/saved-searches/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
