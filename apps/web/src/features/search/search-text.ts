import type { TFunction } from '../../i18n/core';
import { CATEGORIES } from '@swapu/shared/constants';
import type { SearchResult, SuggestedItem } from '@swapu/shared/search';
import type { SearchUrlState } from '@swapu/shared/search-url';

type T = TFunction;

const categoryName = (t: T, slug: string) => ((CATEGORIES as readonly string[]).includes(slug) ? t(`categories:names.${slug}`) : slug);
const SAVED_NAME_MAX = 80;

/** What a saved search is called unless the person renames it: its words, else its categories, else its place. */
export function defaultSearchName(t: T, s: SearchUrlState): string {
  const name = s.q
    ? s.q
    : s.category?.length
      ? s.category.map((c) => categoryName(t, c)).join(', ')
      : s.near
        ? t('search:save.nameNear', { place: s.near })
        : t('search:save.nameDefault');
  return name.slice(0, SAVED_NAME_MAX);
}

/** A saved search's filters in a few words: "Bicycles · within 25 km of Fitzroy · $10–$250". */
export function describeSearch(t: T, s: SearchUrlState, money: (cents: number) => string): string {
  const parts: string[] = [];
  if (s.q) parts.push(`“${s.q}”`);
  if (s.category?.length) parts.push(s.category.map((c) => categoryName(t, c)).join(', '));
  if (s.condition?.length) parts.push(s.condition.map((c) => t(`posts:condition.${c}`)).join(', '));
  if (s.minCents !== undefined && s.maxCents !== undefined) parts.push(`${money(s.minCents)}–${money(s.maxCents)}`);
  else if (s.minCents !== undefined) parts.push(t('search:describe.from', { value: money(s.minCents) }));
  else if (s.maxCents !== undefined) parts.push(t('search:describe.upTo', { value: money(s.maxCents) }));
  const place = s.near ?? (s.lat !== undefined ? t('search:place.yourLocation') : undefined);
  if (s.radiusKm !== undefined && place) parts.push(t('search:describe.within', { km: s.radiusKm, place }));
  else if (place) parts.push(t('search:describe.near', { place }));
  if (s.delivery) parts.push(t(`search:filters.deliveryShort.${s.delivery}`));
  if (s.openToSelling) parts.push(t('search:filters.openToSelling'));
  if (s.openToSwapAnything) parts.push(t('search:filters.openToSwapAnything'));
  return parts.join(' · ');
}

/** The query as the typo tolerance read it: "bycicle lamp" with bycicle → bicycle is "bicycle lamp". */
export function correctedQuery(q: string, corrections: SearchResult['corrections']): string {
  const fixes = new Map(corrections.map((c) => [c.from.toLowerCase(), c.to.join(' / ')]));
  return q
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => fixes.get(w.toLowerCase()) ?? w)
    .join(' ');
}

/** Why an item is suggested, in one short line. */
export function reasonText(t: T, item: Pick<SuggestedItem, 'reason' | 'because'>): string {
  const what = item.because ? categoryName(t, item.because) : null;
  switch (item.reason) {
    case 'wish':
      return what ? t('search:suggested.reason.wish', { what }) : t('search:suggested.reason.wishAny');
    case 'wants_yours':
      return t('search:suggested.reason.wants_yours');
    case 'interest':
      return what ? t('search:suggested.reason.interest', { what }) : t('search:suggested.reason.interestAny');
    case 'liked':
      return t('search:suggested.reason.liked');
    case 'nearby':
      return item.because ? t('search:suggested.reason.nearby', { place: item.because }) : t('search:suggested.reason.nearbyAny');
  }
}
