import { sql, type SQL } from 'drizzle-orm';
import type { SuggestedItem, SuggestionReason } from '@swapu/shared/search';
import type { Database } from '../../db/client';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { rowsOf } from '../../lib/sql-rows';
import { assistedSql } from '../assist/index';
import { cardColumnsSql, toHit, type RawCardRow } from '../posts/index';
import { estimateWithin } from './position-sample';
import { distanceKmSql, textArray, withinSql } from './search-conditions';
import { CELLS_BELOW_ITEMS, cellsQuery } from './search-places';

const PER_REASON = 12;
const TOTAL = 40;
const NEARBY_KM = 25;

type Row = RawCardRow & { because: string | null };

/**
 * /suggested: items for this person, each with why — their own items' wishes, people who want
 * what they have, their interests, what they liked, and what is near them. Never their own items,
 * never ones they already like, always the early-access rule.
 */
export async function suggestedFor(database: Database, viewer: Viewer, now: Date): Promise<SuggestedItem[]> {
  const me = viewer.userId!;
  const q = <T>(query: SQL) => rowsOf<T>(database.db, query);
  const [profile] = await q<{ interests: string[]; lat: number | null; lng: number | null; suburb: string | null }>(
    sql`select interests, lat, lng, suburb from users where id = ${me}`,
  );
  const [mine] = await q<{ wish_categories: string[]; wish_keywords: string[]; categories: string[]; liked: string[] }>(
    sql`select
      array(select distinct unnest(wish_categories) from posts where owner_id = ${me} and state = 'published') as wish_categories,
      array(select distinct lower(unnest(wish_keywords)) from posts where owner_id = ${me} and state = 'published') as wish_keywords,
      array(select distinct unnest(categories) from posts where owner_id = ${me} and state = 'published') as categories,
      array(select c from post_likes l join posts p on p.id = l.post_id, unnest(p.categories) c
            where l.liked_by_id = ${me} group by c order by count(*) desc limit 3) as liked`,
  );
  const place = profile?.lat != null && profile.lng != null ? { label: profile.suburb ?? '', lat: profile.lat, lng: profile.lng } : null;
  const origin = place ? sql`ll_to_earth(${place.lat}::float8, ${place.lng}::float8)` : null;
  // Swap Assist's rule (modules/assist/ranking.ts): within each reason, assisted items come first.
  const assisted = assistedSql(sql`posts`, now);
  const common = sql`${visiblePublishedCondition(viewer, now)} and posts.owner_id <> ${me}
    and not exists (select 1 from post_likes l where l.post_id = posts.id and l.liked_by_id = ${me})`;
  const select = (because: SQL) => sql`select ${cardColumnsSql(place ? distanceKmSql(place) : null)}, ${because} as because from posts`;
  const byCategory = (cats: string[], column: SQL = sql`posts.categories`) =>
    sql`${select(sql`(select c from unnest(${column}) c where c = any(${textArray(cats)}) limit 1)`)}
      where ${common} and ${column} && ${textArray(cats)} order by ${assisted} desc, posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`;

  const lists: [SuggestionReason, Promise<Row[]>][] = [];
  if (mine?.wish_categories.length) lists.push(['wish', q<Row>(byCategory(mine.wish_categories))]);
  if (mine?.wish_keywords.length) {
    const words = mine.wish_keywords.slice(0, 10);
    lists.push([
      'wish',
      q<Row>(sql`${select(sql`(select k from unnest(${textArray(words)}) k where posts.search_vector @@ plainto_tsquery('english'::regconfig, k) limit 1)`)}
        where ${common} and posts.search_vector @@ (${sql.join(
          words.map((w) => sql`plainto_tsquery('english'::regconfig, ${w})`),
          sql` || `,
        )})
        order by ${assisted} desc, posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`),
    ]);
  }
  if (mine?.categories.length) lists.push(['wants_yours', q<Row>(byCategory(mine.categories, sql`posts.wish_categories`))]);
  if (profile?.interests.length) lists.push(['interest', q<Row>(byCategory(profile.interests))]);
  if (mine?.liked.length) lists.push(['liked', q<Row>(byCategory(mine.liked))]);
  if (origin && place) {
    const m = NEARBY_KM * 1000;
    // As in search: place cells for a radius holding few items; a plain distance filter (the
    // planner walks the newest items) where most of what is listed is near.
    const nearbyCells = (await estimateWithin(database, place, NEARBY_KM)) < CELLS_BELOW_ITEMS ? cellsQuery(place, NEARBY_KM) : null;
    lists.push([
      'nearby',
      q<Row>(sql`${select(sql`posts.suburb`)}
        where ${common} ${nearbyCells ? sql`and posts.search_vector @@ ${nearbyCells}::tsquery` : sql``} and ${withinSql(place, m)}
        order by ${assisted} desc, posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`),
    ]);
  }
  const results = await Promise.all(lists.map(async ([reason, p]) => ({ reason, rows: await p })));
  // Take the reasons in turn so every reason shows near the top.
  const seen = new Set<string>();
  const out: SuggestedItem[] = [];
  for (let i = 0; i < PER_REASON && out.length < TOTAL; i++) {
    for (const { reason, rows } of results) {
      const r = rows[i];
      if (!r || seen.has(r.id) || out.length >= TOTAL) continue;
      seen.add(r.id);
      out.push({ ...toHit(r, now), reason, because: r.because });
    }
  }
  return out;
}
