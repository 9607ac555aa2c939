import type { Locality, LocalityList } from '@swapu/shared/api';
import type { SuggestResult } from '@swapu/shared/search';
import { api, qs } from './api';

// Lookups shared by components and features: the header's completions, the place fields.

/** Completions for the words typed in the header search box. */
export const fetchSuggestions = (q: string, signal?: AbortSignal) =>
  api<SuggestResult>(`/api/v1/search/suggest${qs({ q })}`, signal ? { signal } : {});

/** Australian localities whose suburb or postcode starts with `q`. */
export const fetchLocalities = (q: string): Promise<Locality[]> => api<LocalityList>(`/api/v1/localities${qs({ q })}`).then((r) => r.items);
