import type { AnyEndpoint, PathParams, PatternOf, QueryOf } from '@swapu/shared/endpoints';

/**
 * The cache's keys, made from the endpoint table's rows, so no feature writes one by hand.
 *
 * A key is the row's path after /api/v1/, split at the slashes with its :params filled in, then
 * one object: `['users', id, 'points', {}]`, `['posts', { query }]`. Invalidating a prefix
 * therefore follows the API's own hierarchy: `groupKey('posts')` reaches the feed, every listing
 * and the edit form; `pathKey(endpoints.profile, { id })` a member's profile, points, reviews and
 * goals; `groupKey('me')` everything that is the signed-in person's own, which the session's
 * change of person drops. The last object says which answer this is:
 * - `query`: the row's query, as call() sends it;
 * - `viewer`: the signed-in user id, for an answer that depends on who asks (the account, points,
 *   the leaderboard's "you"), so one member's answer is never shown to the next;
 * - `variant`: a query that keeps something other than the row's plain answer (a page list, a
 *   count picked out, a form's copy with its own lifetime), so two shapes never share an entry.
 */

/** Rows whose path does not start with /me but whose answer is the viewer's own: kept under 'me'. */
const VIEWER_OWN = new Set(['notifications', 'rooms']);

type ParamsOf<E> = [keyof PathParams<PatternOf<E>>] extends [never] ? { params?: undefined } : { params: PathParams<PatternOf<E>> };
export type KeyOptions<E> = ParamsOf<E> & { query?: QueryOf<E>; viewer?: string; variant?: string | readonly (string | number)[] };
type KeyArgs<E> = object extends KeyOptions<E> ? [options?: KeyOptions<E>] : [options: KeyOptions<E>];
type PathArgs<E> = object extends ParamsOf<E> ? [params?: undefined] : [params: PathParams<PatternOf<E>>];

/** The row's path as key parts: '/api/v1/users/:id/points' with { id } → ['users', id, 'points']. */
export function pathKey<E extends AnyEndpoint>(endpoint: E, ...[params]: PathArgs<E>): string[] {
  const parts = endpoint.pattern
    .replace(/^\/api\/(v1\/)?/, '')
    .split('/')
    .map((p) => (p.startsWith(':') ? ((params as Record<string, string> | undefined)?.[p.slice(1)] ?? '') : p));
  return VIEWER_OWN.has(parts[0]!) ? ['me', ...parts] : parts;
}

/** The key of one query of `endpoint`. */
export function keyOf<E extends AnyEndpoint>(endpoint: E, ...[options]: KeyArgs<E>): readonly unknown[] {
  const { params, query, viewer, variant } = (options ?? {}) as KeyOptions<AnyEndpoint> & { params?: Record<string, string> };
  const which: { query?: unknown; viewer?: string; variant?: unknown } = {};
  if (query !== undefined) which.query = query;
  if (viewer !== undefined) which.viewer = viewer;
  if (variant !== undefined) which.variant = variant;
  return [...pathKey(endpoint, params as never), which];
}

/** Every query under a path's first part: 'posts', 'me', 'users', 'offers', 'admin', 'deliveries'… */
export const groupKey = (group: string): readonly string[] => [group];

/**
 * For `invalidateQueries({ predicate })`: the queries of this row alone (any query, viewer or
 * variant), not those of the rows under its path (the deliveries list, not one delivery).
 */
export function ofRow<E extends AnyEndpoint>(endpoint: E, ...[params]: PathArgs<E>) {
  const path = pathKey(endpoint, params as never);
  return ({ queryKey }: { queryKey: readonly unknown[] }) =>
    queryKey.length === path.length + 1 && path.every((p, i) => queryKey[i] === p) && typeof queryKey[path.length] === 'object';
}
