import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { endpoints } from '@swapu/shared/endpoints';
import { adminEndpoints } from '@swapu/shared/admin-endpoints';
import { groupKey, keyOf, ofRow, pathKey } from './query-keys';

/** The keys of the queries a prefix (or predicate) reaches, in a cache holding `keys`. */
function reached(
  keys: (readonly unknown[])[],
  filter: { queryKey?: readonly unknown[]; exact?: boolean; predicate?: (q: { queryKey: readonly unknown[] }) => boolean },
) {
  const qc = new QueryClient();
  for (const k of keys) qc.setQueryData(k, 1);
  return qc
    .getQueryCache()
    .findAll(filter)
    .map((q) => q.queryKey);
}

describe('query keys', () => {
  it('are the row path with its params filled in, then what the query asks', () => {
    expect(keyOf(endpoints.post, { params: { id: 'p1' } })).toEqual(['posts', 'p1', {}]);
    expect(keyOf(endpoints.userPoints, { params: { id: 'u1' } })).toEqual(['users', 'u1', 'points', {}]);
    expect(keyOf(endpoints.feed, { query: { category: 'bicycles' } })).toEqual(['posts', { query: { category: 'bicycles' } }]);
    expect(keyOf(endpoints.me, { viewer: 'u1' })).toEqual(['me', { viewer: 'u1' }]);
    expect(keyOf(endpoints.post, { params: { id: 'p1' }, variant: 'edit' })).toEqual(['posts', 'p1', { variant: 'edit' }]);
    expect(keyOf(adminEndpoints.adminUsers, { query: { q: 'x' } })[0]).toBe('admin');
  });

  it('keep the viewer own rows under me, whatever their path', () => {
    expect(pathKey(endpoints.notifications)).toEqual(['me', 'notifications']);
    expect(pathKey(endpoints.rooms)).toEqual(['me', 'rooms']);
    expect(pathKey(endpoints.room, { id: 'r1' })).toEqual(['me', 'rooms', 'r1']);
  });

  it('the posts group reaches the feed, a listing, its edit form and nothing of mine', () => {
    const feed = keyOf(endpoints.feed, { query: { category: 'bicycles' } });
    const detail = keyOf(endpoints.post, { params: { id: 'p1' } });
    const edit = keyOf(endpoints.post, { params: { id: 'p1' }, variant: 'edit' });
    const mine = keyOf(endpoints.myPosts);
    expect(reached([feed, detail, edit, mine], { queryKey: groupKey('posts') })).toEqual([feed, detail, edit]);
  });

  it('the me group reaches the account, my listings, notifications, chats, goals and points', () => {
    const me = keyOf(endpoints.me, { viewer: 'u1' });
    const mine = [
      me,
      keyOf(endpoints.myPosts, { query: { state: 'published' } }),
      keyOf(endpoints.notifications, { variant: 'unread' }),
      keyOf(endpoints.rooms),
      keyOf(endpoints.goals),
      keyOf(endpoints.favorites),
      keyOf(endpoints.myPoints, { viewer: 'u1' }),
      keyOf(endpoints.tokens),
    ];
    const others = [keyOf(endpoints.profile, { params: { id: 'u1' } }), keyOf(endpoints.feed)];
    expect(reached([...mine, ...others], { queryKey: groupKey('me') })).toEqual(mine);
    expect(reached([...mine, ...others], { queryKey: pathKey(endpoints.myPosts) })).toEqual([mine[1]]);
  });

  it('a member path reaches their profile, points, reviews and goals, not another member', () => {
    const hers = [
      keyOf(endpoints.profile, { params: { id: 'u1' } }),
      keyOf(endpoints.userPoints, { params: { id: 'u1' } }),
      keyOf(endpoints.reviews, { params: { id: 'u1' } }),
      keyOf(endpoints.userGoals, { params: { id: 'u1' } }),
    ];
    const his = keyOf(endpoints.profile, { params: { id: 'u2' } });
    expect(reached([...hers, his], { queryKey: pathKey(endpoints.profile, { id: 'u1' }) })).toEqual(hers);
    expect(reached([...hers, his], { queryKey: groupKey('users') })).toEqual([...hers, his]);
  });

  it('the offers group reaches the lists and each offer; position 1 is the offer id', () => {
    const list = keyOf(endpoints.offers, { query: { box: 'received' } });
    const one = keyOf(endpoints.offer, { params: { id: 'o1' } });
    const two = keyOf(endpoints.offer, { params: { id: 'o2' } });
    expect(reached([list, one, two], { queryKey: groupKey('offers'), predicate: (q) => q.queryKey[1] !== 'o1' })).toEqual([list, two]);
  });

  it('the rooms list alone is reached exactly, a row alone by its predicate', () => {
    const rooms = keyOf(endpoints.rooms);
    const room = keyOf(endpoints.room, { params: { id: 'r1' } });
    expect(reached([rooms, room], { queryKey: rooms, exact: true })).toEqual([rooms]);
    const list = keyOf(endpoints.deliveries, { query: { status: 'shipped' } });
    const one = keyOf(endpoints.delivery, { params: { id: 'd1' } });
    const shippable = keyOf(endpoints.deliveryShippable);
    expect(reached([list, one, shippable], { predicate: ofRow(endpoints.deliveries) })).toEqual([list]);
  });

  it('the admin support path reaches the threads and each thread', () => {
    const threads = keyOf(endpoints.supportThreads);
    const thread = keyOf(endpoints.supportThread, { params: { userId: 'u1' } });
    expect(reached([threads, thread], { queryKey: pathKey(endpoints.supportThreads) })).toEqual([threads, thread]);
  });
});
