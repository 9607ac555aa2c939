import { sql, type SQL } from 'drizzle-orm';
import type { PostCard } from '@swapu/shared/api';
import type { Condition, PostState } from '@swapu/shared/constants';
import type { SearchHit } from '@swapu/shared/search';
import { posts } from '../../db/schema/index';
import { cardSrcSet, imageVariantKeys, mediaUrl } from '../../lib/storage';

/**
 * A post card: the one definition of what every list of items shows (feed, search, likes, offers,
 * reviews, suggestions). It owns the columns (for Drizzle selects and for raw SQL), the row types
 * each returns, and the mapping to the API's card.
 */

/** The public URL of a stored file (listing photos and their variants): /media/, or the CDN's. */
export const media = (key: string) => mediaUrl(key);

/**
 * The key of a post's first photo. Written with the table's name, not Drizzle's column objects:
 * inside a select list Drizzle renders columns unqualified, and this subquery has its own table.
 */
export const firstImageKeySql = sql<string | null>`(
  select pi.storage_key from post_images pi
  where pi.post_id = posts.id
  order by pi.position asc limit 1)`;

/** The card's columns for a Drizzle select from `posts`. */
export const cardColumns = {
  id: posts.id,
  title: posts.title,
  state: posts.state,
  cashValueCents: posts.cashValueCents,
  condition: posts.condition,
  categories: posts.categories,
  suburb: posts.suburb,
  auState: posts.auState,
  openToSelling: posts.openToSelling,
  openToSwapAnything: posts.openToSwapAnything,
  publishedAt: posts.publishedAt,
  createdAt: posts.createdAt,
  boostedUntil: posts.boostedUntil,
  imageKey: firstImageKeySql,
};

/** A card as a Drizzle select of cardColumns returns it. */
export interface CardRow {
  id: string;
  title: string;
  state: string;
  cashValueCents: number | null;
  condition: string;
  categories: string[];
  suburb: string | null;
  auState: string | null;
  openToSelling: boolean;
  openToSwapAnything: boolean;
  publishedAt: Date | null;
  createdAt: Date;
  boostedUntil: Date | null;
  imageKey: string | null;
}

/** The card's columns for raw SQL over the unaliased `posts`, with a distance (km) when given. */
export const cardColumnsSql = (distanceKm: SQL | null) => sql`posts.id, posts.title, posts.state, posts.cash_value_cents, posts.condition,
  posts.categories, posts.suburb, posts.au_state, posts.open_to_selling, posts.open_to_swap_anything,
  posts.published_at, posts.created_at, posts.boosted_until, ${firstImageKeySql} as image_key,
  ${distanceKm ?? sql`null::float8`} as distance_km`;

/** A card as raw SQL returns cardColumnsSql (timestamps are strings inside row_to_json). */
export interface RawCardRow {
  id: string;
  title: string;
  state: string;
  cash_value_cents: number | null;
  condition: string;
  categories: string[];
  suburb: string | null;
  au_state: string | null;
  open_to_selling: boolean;
  open_to_swap_anything: boolean;
  published_at: Date | string;
  created_at: Date | string;
  boosted_until: Date | string | null;
  image_key: string | null;
  distance_km: number | string | null;
}

export function toCard(r: CardRow, now: Date): PostCard & { state: PostState } {
  return {
    id: r.id,
    title: r.title,
    state: r.state as PostState,
    cashValueCents: r.cashValueCents ?? 0,
    condition: r.condition as Condition,
    categories: r.categories,
    suburb: r.suburb,
    auState: r.auState,
    openToSelling: r.openToSelling,
    openToSwapAnything: r.openToSwapAnything,
    thumbUrl: r.imageKey ? media(imageVariantKeys(r.imageKey).sm) : null,
    thumbSrcSet: r.imageKey ? cardSrcSet(r.imageKey, media) : null,
    publishedAt: (r.publishedAt ?? r.createdAt).toISOString(),
    boosted: !!r.boostedUntil && r.boostedUntil > now,
  };
}

const asDate = (d: Date | string | null) => (d === null ? null : d instanceof Date ? d : new Date(d));

/** A raw card row as the camelCase row toCard takes. */
export function fromRawCard(r: RawCardRow): CardRow {
  return {
    id: r.id,
    title: r.title,
    state: r.state,
    cashValueCents: r.cash_value_cents,
    condition: r.condition,
    categories: r.categories,
    suburb: r.suburb,
    auState: r.au_state,
    openToSelling: r.open_to_selling,
    openToSwapAnything: r.open_to_swap_anything,
    publishedAt: asDate(r.published_at),
    createdAt: asDate(r.created_at)!,
    boostedUntil: asDate(r.boosted_until),
    imageKey: r.image_key,
  };
}

/** A search result: the card without its state (search shows published items only), with its distance. */
export function toHit(r: RawCardRow, now: Date): SearchHit {
  const { state: _state, ...rest } = toCard(fromRawCard(r), now);
  const km = r.distance_km === null ? null : Number(r.distance_km);
  return { ...rest, distanceKm: km === null ? null : Math.round(km * 10) / 10 };
}
