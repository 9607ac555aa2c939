import type { Locality } from '@swapu/shared/api';
import { endpoints } from '@swapu/shared/endpoints';
import { call } from './api';

// Lookups shared by components and features: the header's completions, the place fields.

/** Completions for the words typed in the header search box. */
export const fetchSuggestions = (q: string, signal?: AbortSignal) =>
  call(endpoints.suggest, { query: { q }, ...(signal ? { signal } : {}) });

/** Australian localities whose suburb or postcode starts with `q`. */
export const fetchLocalities = (q: string): Promise<Locality[]> => call(endpoints.localities, { query: { q } }).then((r) => r.items);
