// The data bench:swipe (bench/swipe.ts) measures over: listings, members and likes copied into
// the database, the measured members and their swipe history, and what each run takes back first.

import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { swipeDay } from '../packages/shared/src/purchases';
import type { Database } from '../apps/server/src/db/client';
import { copyInto, copyListings, dropIndexes, execute, placesFrom } from './db-load';
import { copyLine, createRandom } from './search-data';

/** What to generate: listings, likes, and how many members are measured; `now` is the accounts' creation. */
export interface SwipeDataOptions {
  rows: number;
  likes: number;
  members: number;
  now: Date;
}

const DAY = 86_400_000;
export const log = (m: string) => console.log(`[bench:swipe] ${m}`);
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The measured members

/**
 * How much a measured member has swiped before the run: `heavy` has swiped the top `perSource`
 * cards of each of their deck's sources (40 % right, so liked, the rest passed this month) plus
 * older passes and plain likes; `active` the same on a smaller scale; `new` nothing at all.
 */
export const PROFILES = {
  heavy: { perSource: 600, oldPasses: 1000, plainLikes: 300 },
  active: { perSource: 60, oldPasses: 100, plainLikes: 30 },
  new: { perSource: 0, oldPasses: 0, plainLikes: 0 },
} as const;
export type Profile = keyof typeof PROFILES;
const profileOf = (k: number): Profile => (['heavy', 'heavy', 'active', 'new'] as const)[k % 4]!;
/** Every other member subscribes (no limit, no early-access wait); the rest bought extra swipes for today. */
const subscriberOf = (k: number) => k % 2 === 0;

export interface Member {
  k: number;
  id: string;
  itemId: string;
  profile: Profile;
  subscriber: boolean;
}

/**
 * The measured members, the same on every run over the same data: owners of published items
 * spread over the newest 30 % of the table, every other one with wish keywords on that item.
 */
export async function findMembers(database: Database, opts: SwipeDataOptions): Promise<Member[]> {
  const members: Member[] = [];
  for (let k = 0; k < opts.members; k++) {
    const from = `b${Math.floor(opts.rows * (0.7 + (0.3 * k) / opts.members))
      .toString(36)
      .padStart(7, '0')}`;
    const taken = members.map((m) => m.id);
    const [row] = await execute<{ id: string; owner_id: string }>(
      database,
      sql`select id, owner_id from posts where state = 'published' and id >= ${from}
        and (cardinality(wish_keywords) > 0) = ${k % 2 === 0}
        and owner_id not in (${sql.join(
          [...taken, ''].map((t) => sql`${t}`),
          sql`, `,
        )})
        order by id limit 1`,
    );
    if (!row) throw new Error(`no published item found for measured member ${k}`);
    members.push({ k, id: row.owner_id, itemId: row.id, profile: profileOf(k), subscriber: subscriberOf(k) });
  }
  return members;
}

// ---------------------------------------------------------------------------------------------
// Loading

export async function generate(database: Database, opts: SwipeDataOptions) {
  const { rows: ROWS, likes: LIKES, now: NOW } = opts;
  const r = createRandom(42);
  const place = await placesFrom(database, r);
  const userCount = Math.max(500, Math.round(ROWS / 10));
  const owners = Array.from({ length: userCount }, (_, i) => `bu${i.toString(36).padStart(6, '0')}`);

  // Members who accepted the terms (a write needs it), created at NOW: what a later run takes back
  // is what its measured members did after their account's creation.
  let t = performance.now();
  await copyInto(
    database,
    'users',
    [
      'id',
      'email',
      'display_name',
      'suburb',
      'postcode',
      'au_state',
      'lat',
      'lng',
      'terms_accepted_at',
      'privacy_accepted_at',
      'created_at',
      'updated_at',
    ],
    (function* () {
      for (const [i, id] of owners.entries()) {
        const l = place();
        yield copyLine([id, `member${i}@bench.swapu.au`, `Member ${i}`, l.suburb, l.postcode, l.auState, l.lat, l.lng, NOW, NOW, NOW, NOW]);
      }
    })(),
  );
  log(`${userCount.toLocaleString()} members copied in ${secs(t)}`);

  // What the likes need to know of each listing, kept from its generation.
  const ownerOf = new Int32Array(ROWS);
  const publishedAt = new Float64Array(ROWS);
  const postIndexes = await dropIndexes(database, 'posts');
  t = performance.now();
  await copyListings(database, ROWS, { r, owners, place, now: NOW }, (p, i) => {
    ownerOf[i] = parseInt(p.ownerId.slice(2), 36);
    publishedAt[i] = p.state === 'published' ? p.publishedAt!.getTime() : 0;
  });
  log(`${ROWS.toLocaleString()} listings copied (search fields by trigger) in ${secs(t)}`);
  t = performance.now();
  if (database.kind === 'pg') await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const ix of postIndexes) await database.db.execute(sql.raw(ix.indexdef));
  await database.db.execute(sql`analyze posts`);
  log(`${postIndexes.length} listing indexes built in ${secs(t)}`);

  const members = await findMembers(database, opts);
  const measured = new Set(members.map((m) => parseInt(m.id.slice(2), 36)));

  // Likes from everyone else: newer listings collect more of them, and a few members like a lot
  // (the liker is drawn with a heavy tail). Each (listing, member) pair once; never one's own.
  const likeIndexes = await dropIndexes(database, 'post_likes');
  t = performance.now();
  const seen = new Set<number>();
  await copyInto(
    database,
    'post_likes',
    ['id', 'post_id', 'post_owner_id', 'liked_by_id', 'liked_time'],
    (function* () {
      let n = 0;
      while (n < LIKES) {
        const i = Math.min(ROWS - 1, Math.floor(ROWS * Math.sqrt(r.next())));
        const liker = Math.floor(r.next() ** 3 * userCount);
        const published = publishedAt[i]!;
        if (!published || liker === ownerOf[i] || measured.has(liker)) continue;
        const key = i * userCount + liker;
        if (seen.has(key)) continue;
        seen.add(key);
        const at = new Date(published + r.next() * (NOW.getTime() - 3600_000 - published));
        yield copyLine([`bl${n.toString(36)}`, `b${i.toString(36).padStart(7, '0')}`, owners[ownerOf[i]!]!, owners[liker]!, at]);
        n++;
      }
    })(),
  );
  seen.clear();
  log(`${LIKES.toLocaleString()} likes copied in ${secs(t)}`);
  t = performance.now();
  for (const ix of likeIndexes) await database.db.execute(sql.raw(ix.indexdef));
  log(`${likeIndexes.length} like indexes built in ${secs(t)}`);

  t = performance.now();
  const made = await swipeHistory(database, members, r, NOW);
  await database.db.execute(sql`analyze`);
  log(`measured members' history (${made.swipes.toLocaleString()} swipes, ${made.likes.toLocaleString()} likes) and analyse in ${secs(t)}`);
}

/**
 * The measured members' history before the run: the top of each of their deck's sources (the
 * cards they would have been dealt), swiped 40 % right (with the like) and 60 % left this month;
 * older passes (no longer excluding) and plain likes from post pages at random.
 */
async function swipeHistory(database: Database, members: Member[], r: ReturnType<typeof createRandom>, NOW: Date) {
  const swipeRows: string[] = [];
  const likeRows: string[] = [];
  const at = (daysAgoMin: number, daysAgoMax: number) =>
    new Date(NOW.getTime() - 3600_000 - (daysAgoMin + r.next() * (daysAgoMax - daysAgoMin)) * DAY);
  for (const m of members) {
    const p = PROFILES[m.profile];
    if (!p.perSource) continue;
    const [mine] = await execute<{
      categories: string[];
      wish_categories: string[];
      wish_keywords: string[];
      lat: number;
      lng: number;
      cash_value_cents: number;
    }>(database, sql`select categories, wish_categories, wish_keywords, lat, lng, cash_value_cents from posts where id = ${m.itemId}`);
    const arr = (xs: string[]) =>
      sql`array[${sql.join(
        xs.map((x) => sql`${x}`),
        sql`, `,
      )}]::text[]`;
    const live = sql`state = 'published' and owner_id <> ${m.id}`;
    const newest = sql`order by published_at desc, id desc limit ${p.perSource}`;
    const v = mine!.cash_value_cents;
    const sources = [
      sql`select id from posts where ${live} and categories && ${arr(mine!.wish_categories)} ${newest}`,
      sql`select id from posts where ${live} and wish_categories && ${arr(mine!.categories)} ${newest}`,
      sql`select id from posts where ${live} and cash_value_cents between ${Math.floor(v * 0.7)} and ${Math.ceil(v * 1.3)} ${newest}`,
      sql`select id from posts where ${live} ${newest}`,
      sql`select id from posts where ${live} and earth_pt is not null
        order by earth_pt <-> ll_to_earth(${mine!.lat}::float8, ${mine!.lng}::float8) limit ${p.perSource}`,
    ];
    if (mine!.wish_keywords.length)
      sources.push(
        sql`select id from posts where ${live} and search_vector @@ plainto_tsquery('english'::regconfig, ${mine!.wish_keywords[0]!}) ${newest}`,
      );
    const deckIds = await execute<{ id: string; owner_id: string }>(
      database,
      sql`select distinct c.id, p.owner_id from (${sql.join(
        sources.map((s) => sql`(${s})`),
        sql` union all `,
      )}) c join posts p on p.id = c.id`,
    );
    const liked = new Set<string>();
    for (const d of deckIds) {
      if (r.next() < 0.4) {
        const when = at(0.1, 60);
        swipeRows.push(copyLine([m.id, d.id, m.itemId, 'right', swipeDay(when), when]));
        likeRows.push(copyLine([`bm${m.k}_${likeRows.length.toString(36)}`, d.id, d.owner_id, m.id, when]));
        liked.add(d.id);
      } else {
        const when = at(0.1, 29);
        swipeRows.push(copyLine([m.id, d.id, m.itemId, 'left', swipeDay(when), when]));
      }
    }
    const taken = new Set(deckIds.map((d) => d.id));
    const others = await execute<{ id: string; owner_id: string }>(
      database,
      sql`select id, owner_id from posts tablesample system (1) repeatable (${m.k})
        where ${live} limit ${p.oldPasses + p.plainLikes}`,
    );
    for (const [j, o] of others.entries()) {
      if (taken.has(o.id)) continue;
      if (j < p.oldPasses) {
        const when = at(31, 120);
        swipeRows.push(copyLine([m.id, o.id, m.itemId, 'left', swipeDay(when), when]));
      } else {
        likeRows.push(copyLine([`bm${m.k}_${likeRows.length.toString(36)}`, o.id, o.owner_id, m.id, at(0.1, 200)]));
      }
    }
  }
  await copyInto(database, 'swipes', ['user_id', 'post_id', 'from_post_id', 'direction', 'day', 'created_at'], swipeRows);
  await copyInto(database, 'post_likes', ['id', 'post_id', 'post_owner_id', 'liked_by_id', 'liked_time'], likeRows);
  return { swipes: swipeRows.length, likes: likeRows.length };
}

/**
 * Before every run (fresh or reused): takes back what an earlier run's members did (anything
 * after their account's creation), and lets them swipe without meeting today's limit: a
 * subscription for half of them, plenty of extra swipes bought for today for the others.
 */
export async function prepareRun(database: Database, members: Member[]) {
  const ids = sql.join(
    members.map((m) => sql`${m.id}`),
    sql`, `,
  );
  const since = sql`(select min(created_at) from users where id in (${ids}))`;
  await database.db.execute(sql`delete from swipes where user_id in (${ids}) and created_at >= ${since}`);
  await database.db.execute(sql`delete from post_likes where liked_by_id in (${ids}) and liked_time >= ${since}`);
  await database.db.execute(sql`delete from favorites where user_id in (${ids}) and created_at >= ${since}`);
  await database.db.execute(sql`delete from post_matches where liked_by_id in (${ids}) and created_at >= ${since}`);
  await database.db.execute(sql`delete from swipe_counts where user_id in (${ids})`);
  await database.db.execute(sql`delete from subscriptions where user_id in (${ids})`);
  await database.db.execute(sql`delete from swipe_extras where user_id in (${ids})`);
  await database.db.execute(sql`delete from swipe_decks where user_id in (${ids})`);
  const now = new Date();
  const until = new Date(now.getTime() + 30 * DAY).toISOString();
  for (const m of members) {
    if (m.subscriber)
      await database.db.execute(
        sql`insert into subscriptions (id, user_id, status, current_period_end) values (${`bsub_${m.id}`}, ${m.id}, 'active', ${until}::timestamptz)`,
      );
    else
      await database.db.execute(
        sql`insert into swipe_extras (user_id, day, extra, updated_at) values (${m.id}, ${swipeDay(now)}, 100000, ${now.toISOString()}::timestamptz)`,
      );
  }
}
