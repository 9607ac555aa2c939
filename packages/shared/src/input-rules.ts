import { EMAIL_PATTERN, PASSWORD_MIN_LENGTH } from './constants';
import type { OfferTerms } from './offers';
import type { SearchFilters } from './search';

// Checks the web app runs as a person types, and the server runs again: plain functions, no zod.

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email.trim());

export const isPasswordLongEnough = (password: string) => password.length >= PASSWORD_MIN_LENGTH;

/** True when a search has something to look for (spec section 5: 'Search needs at least one term'). */
export function hasSearchTerm(f: Pick<SearchFilters, 'q' | 'category' | 'radiusKm' | 'wantsMine'>): boolean {
  return !!(f.q && f.q.trim()) || !!f.category?.length || f.radiusKm !== undefined || !!f.wantsMine;
}

/** 'No valid offer method was chosen. Please try again.' unless items or cash are chosen. */
export function offerMethodChosen(t: Pick<OfferTerms, 'itemIds' | 'cashKind' | 'cashCents'>): boolean {
  const cash = t.cashKind !== 'none' && t.cashCents > 0;
  if (t.cashKind === 'only') return cash && t.itemIds.length === 0;
  return t.itemIds.length > 0 || cash;
}
