import { sql, type SQL } from 'drizzle-orm';
import type { SuggestedItem, SuggestionReason } from '@swapu/shared/search';
import type { Database } from '../../db/client';
import { visiblePublishedCondition, type Viewer } from '../../lib/viewer';
import { toCard } from '../posts/posts.service';

const PER_REASON = 12;
const TOTAL = 40;
const NEARBY_KM = 25;

const textArray = (values: string[]) => sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

interface Row {
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
  because: string | null;
}

/**
 * /suggested: items for this person, each with why — their own items' wishes, people who want
 * what they have, their interests, what they liked, and what is near them. Never their own items,
 * never ones they already like, always the early-access rule.
 */
export async function suggestedFor(database: Database, viewer: Viewer, now: Date): Promise<SuggestedItem[]> {
  const me = viewer.userId!;
  const q = async <T,>(query: SQL) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
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
  const origin = profile?.lat != null && profile.lng != null ? sql`ll_to_earth(${profile.lat}::float8, ${profile.lng}::float8)` : null;
  const common = sql`${visiblePublishedCondition(viewer, now)} and posts.owner_id <> ${me}
    and not exists (select 1 from post_likes l where l.post_id = posts.id and l.liked_by_id = ${me})`;
  const select = (because: SQL) => sql`select posts.id, posts.title, posts.state, posts.cash_value_cents, posts.condition, posts.categories,
    posts.suburb, posts.au_state, posts.open_to_selling, posts.open_to_swap_anything, posts.published_at, posts.created_at, posts.boosted_until,
    (select pi.storage_key from post_images pi where pi.post_id = posts.id order by pi.position asc limit 1) as image_key,
    ${origin ? sql`earth_distance(${origin}, posts.earth_pt) / 1000.0` : sql`null::float8`} as distance_km,
    ${because} as because from posts`;
  const byCategory = (cats: string[], column: SQL = sql`posts.categories`) =>
    sql`${select(sql`(select c from unnest(${column}) c where c = any(${textArray(cats)}) limit 1)`)}
      where ${common} and ${column} && ${textArray(cats)} order by posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`;

  const lists: [SuggestionReason, Promise<Row[]>][] = [];
  if (mine?.wish_categories.length) lists.push(['wish', q<Row>(byCategory(mine.wish_categories))]);
  if (mine?.wish_keywords.length) {
    const words = mine.wish_keywords.slice(0, 10);
    lists.push([
      'wish',
      q<Row>(sql`${select(sql`(select k from unnest(${textArray(words)}) k where posts.search_vector @@ plainto_tsquery('english'::regconfig, k) limit 1)`)}
        where ${common} and posts.search_vector @@ (${sql.join(words.map((w) => sql`plainto_tsquery('english'::regconfig, ${w})`), sql` || `)})
        order by posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`),
    ]);
  }
  if (mine?.categories.length) lists.push(['wants_yours', q<Row>(byCategory(mine.categories, sql`posts.wish_categories`))]);
  if (profile?.interests.length) lists.push(['interest', q<Row>(byCategory(profile.interests))]);
  if (mine?.liked.length) lists.push(['liked', q<Row>(byCategory(mine.liked))]);
  if (origin) {
    const m = NEARBY_KM * 1000;
    lists.push([
      'nearby',
      q<Row>(sql`${select(sql`posts.suburb`)}
        where ${common} and earth_box(${origin}, ${m}::float8) @> posts.earth_pt and earth_distance(${origin}, posts.earth_pt) <= ${m}::float8
        order by posts.published_at desc nulls last, posts.id desc nulls last limit ${PER_REASON}`),
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
      const card = toCard(
        {
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
          publishedAt: new Date(r.published_at),
          createdAt: new Date(r.created_at),
          boostedUntil: r.boosted_until ? new Date(r.boosted_until) : null,
          imageKey: r.image_key,
        },
        now,
      );
      const { state: _s, ...rest } = card;
      const km = r.distance_km === null ? null : Math.round(Number(r.distance_km) * 10) / 10;
      out.push({ ...rest, distanceKm: km, reason, because: r.because });
    }
  }
  return out;
}
