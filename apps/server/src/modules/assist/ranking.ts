import { sql, type SQL } from 'drizzle-orm';

/**
 * Swap Assist's one ranking rule (issue 16), for every list that puts other people's items in
 * front of a member: Swap Swipe decks, suggestions and swap chains. An assisted item — its own
 * Swap Assist running, or its owner's unlimited package — comes first among items that rank
 * equal by the list's own measure; it never outranks a better match.
 */

/**
 * SQL: is the item assisted at `now`? `post` is the posts row's alias in the query (e.g.
 * sql`posts` or sql`p`). Use it in an ORDER BY as `${assistedSql(...)} desc` after the list's
 * own score and before its tie-breaks.
 */
export const assistedSql = (post: SQL, now: Date): SQL => {
  const at = now.toISOString();
  return sql`(coalesce(${post}.swap_assist_until > ${at}::timestamptz, false)
    or exists (select 1 from member_assist ma where ma.user_id = ${post}.owner_id and ma.until > ${at}::timestamptz))`;
};

/**
 * In memory: orders `items` by `score` (higher first), assisted ones first among equal scores,
 * keeping the given order otherwise (a stable sort).
 */
export function rankAssistedFirst<T>(items: readonly T[], score: (t: T) => number, assisted: (t: T) => boolean): T[] {
  return items
    .map((item, i) => ({ item, i, s: score(item), a: assisted(item) ? 1 : 0 }))
    .sort((x, y) => y.s - x.s || y.a - x.a || x.i - y.i)
    .map((x) => x.item);
}
