// npm run bench:swipe [-- --rows N] [-- --likes M] [-- --engine pg|pglite] [-- --rounds N] [-- --members N] [-- --reuse] [-- --explain]
//
// Swap Swipe at scale (issue 18). Generates N realistic listings (default 1,000,000) from about
// N/10 members and M likes (default 1,000,000) straight into the database with COPY, plus the
// swipe history of the measured members (some have swiped and liked thousands of cards from the
// top of their own decks, some a few hundred, some none), then measures, signed in as each of
// them, the p50/p95 time of
//   - GET /api/v1/swipe/deck/:postId (the next 20 cards for the member's item), and
//   - POST /api/v1/swipes {direction: 'right'} on a card of that deck (a like, counted),
// in rounds: each member asks for their deck, swipes its first two cards right and the third
// left, and asks again, so every deck has to skip what was just swiped. A deck is ranked once and
// dealt from until it is stale (swipe_decks, decision 0026): after its swipes each round the
// member's kept deck is dropped and the deck asked for again, measured apart as "ranked afresh"
// (the cost of a session's first deck); the round's own deck is dealt from it. The baseline, in the same
// run: the home feed's first page (GET /api/v1/posts?limit=20), as bench:search measures it, asked
// before each deck.
// Times are the in-process request time (app.inject), server work without a network.
//
// On PostgreSQL, --reuse keeps the generated database (swapu_bench_swipe_<N>_<M>) for the next
// run; each run first takes back what the previous one swiped. --explain prints EXPLAIN ANALYZE
// of every statement one deck of each measured member runs.

import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import { swipeDay } from '../packages/shared/src/purchases';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, openPostgres, type Database } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import {
  benchDbUrl,
  createBenchDatabase,
  fmtRatio,
  onCleanup,
  parseArgs,
  PG_ADMIN_URL,
  printTable,
  runBench,
  tempDir,
  unregisterBenchDatabase,
} from './lib';
import { copyInto, dropIndexes, execute } from './db-load';
import { POST_COLUMNS, copyLine, createRandom, generatePost, localityPicker, postLine, type Locality } from './search-data';

const { values, flags } = parseArgs();
const ROWS = Number(values.get('rows') ?? 1_000_000);
const LIKES = Number(values.get('likes') ?? 1_000_000);
const ENGINE = (values.get('engine') ?? 'pg') as 'pg' | 'pglite';
const ROUNDS = Number(values.get('rounds') ?? 25);
const MEMBERS = Number(values.get('members') ?? 8);
const REUSE = flags.has('reuse');
const EXPLAIN = flags.has('explain');
if (!Number.isInteger(ROWS) || ROWS < 1000 || ROWS > 5_000_000) throw new Error('--rows must be 1000..5000000');
if (!Number.isInteger(LIKES) || LIKES < 0 || LIKES > 10_000_000) throw new Error('--likes must be 0..10000000');
if (!Number.isInteger(ROUNDS) || ROUNDS < 1 || ROUNDS > 1000) throw new Error('--rounds must be 1..1000');
if (!Number.isInteger(MEMBERS) || MEMBERS < 1 || MEMBERS > 64) throw new Error('--members must be 1..64');
if (ENGINE !== 'pg' && ENGINE !== 'pglite') throw new Error('--engine must be pg or pglite');

/** The issue's goals on PostgreSQL at 1,000,000 listings and 1,000,000 likes. */
const DECK_GOAL_MS = 30;
const SWIPE_GOAL_MS = 10;

const DB_NAME = `swapu_bench_swipe_${ROWS}_${LIKES}_v1`;
const NOW = new Date();
const DAY = 86_400_000;
const log = (m: string) => console.log(`[bench:swipe] ${m}`);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const secs = (t: number) => `${((performance.now() - t) / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------
// The measured members

/**
 * How much a measured member has swiped before the run: `heavy` has swiped the top `perSource`
 * cards of each of their deck's sources (40 % right, so liked, the rest passed this month) plus
 * older passes and plain likes; `active` the same on a smaller scale; `new` nothing at all.
 */
const PROFILES = {
  heavy: { perSource: 600, oldPasses: 1000, plainLikes: 300 },
  active: { perSource: 60, oldPasses: 100, plainLikes: 30 },
  new: { perSource: 0, oldPasses: 0, plainLikes: 0 },
} as const;
type Profile = keyof typeof PROFILES;
const profileOf = (k: number): Profile => (['heavy', 'heavy', 'active', 'new'] as const)[k % 4]!;
/** Every other member subscribes (no limit, no early-access wait); the rest bought extra swipes for today. */
const subscriberOf = (k: number) => k % 2 === 0;

interface Member {
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
async function findMembers(database: Database): Promise<Member[]> {
  const members: Member[] = [];
  for (let k = 0; k < MEMBERS; k++) {
    const from = `b${Math.floor(ROWS * (0.7 + (0.3 * k) / MEMBERS))
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

async function generate(database: Database) {
  const r = createRandom(42);
  const all = await execute<{ suburb: string; postcode: string; au_state: string; lat: number; lng: number }>(
    database,
    sql`select suburb, postcode, au_state, lat, lng from localities`,
  );
  const localities: Locality[] = all.map((l) => ({ suburb: l.suburb, postcode: l.postcode, auState: l.au_state, lat: l.lat, lng: l.lng }));
  const place = localityPicker(localities, r);
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
  await copyInto(
    database,
    'posts',
    POST_COLUMNS,
    (function* () {
      for (let i = 0; i < ROWS; i++) {
        const p = generatePost(i, ROWS, r, owners, place, NOW);
        ownerOf[i] = parseInt(p.ownerId.slice(2), 36);
        publishedAt[i] = p.state === 'published' ? p.publishedAt!.getTime() : 0;
        yield postLine(p);
      }
    })(),
  );
  log(`${ROWS.toLocaleString()} listings copied (search fields by trigger) in ${secs(t)}`);
  t = performance.now();
  if (database.kind === 'pg') await database.db.execute(sql`set maintenance_work_mem = '512MB'`);
  for (const ix of postIndexes) await database.db.execute(sql.raw(ix.indexdef));
  await database.db.execute(sql`analyze posts`);
  log(`${postIndexes.length} listing indexes built in ${secs(t)}`);

  const members = await findMembers(database);
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
  const made = await swipeHistory(database, members, r);
  await database.db.execute(sql`analyze`);
  log(`measured members' history (${made.swipes.toLocaleString()} swipes, ${made.likes.toLocaleString()} likes) and analyse in ${secs(t)}`);
}

/**
 * The measured members' history before the run: the top of each of their deck's sources (the
 * cards they would have been dealt), swiped 40 % right (with the like) and 60 % left this month;
 * older passes (no longer excluding) and plain likes from post pages at random.
 */
async function swipeHistory(database: Database, members: Member[], r: ReturnType<typeof createRandom>) {
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

async function openBenchDatabase(): Promise<Database> {
  if (ENGINE === 'pglite') {
    const database = await openPglite(tempDir('swipe'));
    await database.migrate();
    await ensureReferenceData(database.db);
    await generate(database);
    return database;
  }
  if (REUSE) {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    const exists = (await admin.query('select 1 from pg_database where datname = $1', [DB_NAME])).rowCount;
    await admin.end();
    if (exists) {
      const database = await openPostgres(benchDbUrl(DB_NAME), 10);
      await database.migrate();
      const [{ n }] = (await execute<{ n: number }>(database, sql`select count(*)::int as n from posts`)) as [{ n: number }];
      if (n === ROWS) {
        log(`reusing ${DB_NAME} (${n.toLocaleString()} listings)`);
        return database;
      }
      await database.close();
    }
  }
  const url = await createBenchDatabase(DB_NAME);
  // Kept for the next run with --reuse.
  if (REUSE) unregisterBenchDatabase(DB_NAME);
  const database = await openPostgres(url, 10);
  await database.migrate();
  await ensureReferenceData(database.db);
  await generate(database);
  return database;
}

/**
 * Before every run (fresh or reused): takes back what an earlier run's members did (anything
 * after their account's creation), and lets them swipe without meeting today's limit: a
 * subscription for half of them, plenty of extra swipes bought for today for the others.
 */
async function prepareRun(database: Database, members: Member[]) {
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

// ---------------------------------------------------------------------------------------------

interface DeckBody {
  items: Array<{ id: string }>;
}

async function main() {
  const database = await openBenchDatabase();
  onCleanup(() => database.close());
  const members = await findMembers(database);
  await prepareRun(database, members);
  const counts = await execute<{ id: string; likes: number; swipes: number }>(
    database,
    sql`select u.id, (select count(*)::int from post_likes l where l.liked_by_id = u.id) as likes,
        (select count(*)::int from swipes s where s.user_id = u.id) as swipes
      from users u where u.id in (${sql.join(
        members.map((m) => sql`${m.id}`),
        sql`, `,
      )})`,
  );

  const config = loadConfig(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: tempDir('swipe-data'),
      SEED_DEMO: 'false',
      SHARED_CACHE_MS: '0',
    },
    ENGINE === 'pg' ? { databaseUrl: benchDbUrl(DB_NAME) } : {},
  );
  const app = await buildApp({ config, database, serveWeb: false });
  onCleanup(() => app.close());
  await app.ready();

  const headers = new Map<string, Record<string, string>>();
  for (const m of members) headers.set(m.id, { authorization: `Bearer ${await signAccessToken(config.jwtSecret, m.id, new Date(), 0)}` });

  const request = async (method: 'GET' | 'POST', url: string, member?: Member, payload?: object) => {
    const t = performance.now();
    const res = await app.inject({ method, url, headers: member ? headers.get(member.id) : {}, ...(payload ? { payload } : {}) });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return { ms, body: res.json() as unknown };
  };
  const deckOf = async (m: Member) => {
    const r = await request('GET', `/api/v1/swipe/deck/${m.itemId}`, m);
    return { ms: r.ms, items: (r.body as DeckBody).items };
  };
  const swipeOn = (m: Member, postId: string, direction: 'left' | 'right') =>
    request('POST', '/api/v1/swipes', m, { fromPostId: m.itemId, postId, direction });

  // The baseline: the home feed's first page (a guest's, as bench:search measures it), asked once
  // before each deck, so that it meets the same machine as the decks and swipes do.
  const feed: number[] = [];
  const feedPage = async () => (await request('GET', '/api/v1/posts?limit=20')).ms;
  for (let i = 0; i < 5; i++) await feedPage();

  const [{ live, likes }] = (await execute<{ live: number; likes: number }>(
    database,
    sql`select (select count(*)::int from posts where state = 'published') as live, (select count(*)::int from post_likes) as likes`,
  )) as [{ live: number; likes: number }];
  log(
    `${ENGINE === 'pg' ? 'PostgreSQL' : 'PGlite'}: ${ROWS.toLocaleString()} listings (${live.toLocaleString()} live), ${likes.toLocaleString()} likes; ` +
      `${MEMBERS} members × ${ROUNDS} rounds (feed page, deck, 2 right swipes, 1 left swipe)`,
  );

  // Warm-up: each member's deck twice (not measured, nothing swiped).
  for (const m of members) for (let i = 0; i < 2; i++) await deckOf(m);
  if (EXPLAIN) await explainDecks(database, app, members, headers);

  const deck: number[] = [];
  const ranked: number[] = [];
  const right: number[] = [];
  const left: number[] = [];
  const perMember = new Map<string, { deck: number[]; cards: number[] }>(members.map((m) => [m.id, { deck: [], cards: [] }]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const m of members) {
      feed.push(await feedPage());
      const d = await deckOf(m);
      deck.push(d.ms);
      perMember.get(m.id)!.deck.push(d.ms);
      perMember.get(m.id)!.cards.push(d.items.length);
      if (d.items.length < 3) throw new Error(`${m.id}'s deck for ${m.itemId} dealt only ${d.items.length} cards`);
      right.push((await swipeOn(m, d.items[0]!.id, 'right')).ms);
      right.push((await swipeOn(m, d.items[1]!.id, 'right')).ms);
      left.push((await swipeOn(m, d.items[2]!.id, 'left')).ms);
      // The same member's deck ranked afresh, as the first deck of a session (or after an edit,
      // or DECK_TTL_MS) is: what the next round's deck then deals from.
      await database.db.execute(sql`delete from swipe_decks where user_id = ${m.id} and from_post_id = ${m.itemId}`);
      feed.push(await feedPage());
      ranked.push((await deckOf(m)).ms);
    }
  }

  const feed95 = pct(feed, 95);
  const row = (name: string, xs: number[], goal: number | null) => {
    const p95 = pct(xs, 95);
    return [
      name,
      xs.length,
      pct(xs, 50).toFixed(1),
      p95.toFixed(1),
      fmtRatio(p95 / feed95),
      goal === null ? '-' : `≤ ${goal} ms`,
      goal === null ? '-' : p95 <= goal ? 'yes' : 'NO',
    ];
  };
  console.log('');
  printTable(
    ['request', 'n', 'p50 ms', 'p95 ms', 'p95 vs feed', 'goal (p95)', 'meets'],
    [
      row('baseline: home feed page GET /api/v1/posts?limit=20', feed, null),
      row('deck: next 20 cards GET /api/v1/swipe/deck/:postId', deck, DECK_GOAL_MS),
      row("deck ranked afresh (a session's first deck)", ranked, null),
      row("right swipe POST /api/v1/swipes {direction:'right'}", right, SWIPE_GOAL_MS),
      row("left swipe POST /api/v1/swipes {direction:'left'}", left, null),
    ],
  );
  console.log('');
  printTable(
    ['member', 'item', 'history', 'plan', 'likes', 'swipes', 'cards', 'deck p50 ms', 'deck p95 ms'],
    members.map((m) => {
      const c = counts.find((x) => x.id === m.id);
      const pm = perMember.get(m.id)!;
      return [
        m.id,
        m.itemId,
        m.profile,
        m.subscriber ? 'subscriber' : 'free + extra',
        c?.likes ?? 0,
        c?.swipes ?? 0,
        Math.min(...pm.cards),
        pct(pm.deck, 50).toFixed(1),
        pct(pm.deck, 95).toFixed(1),
      ];
    }),
  );
  const deck95 = pct(deck, 95);
  const right95 = pct(right, 95);
  console.log(
    `\ndeck p95 ${deck95.toFixed(1)} ms (goal ≤ ${DECK_GOAL_MS} ms; ranked afresh ${pct(ranked, 95).toFixed(1)} ms), right swipe p95 ${right95.toFixed(1)} ms (goal ≤ ${SWIPE_GOAL_MS} ms) ` +
      `on ${ENGINE === 'pg' ? 'PostgreSQL' : 'PGlite'} at ${ROWS.toLocaleString()} listings and ${LIKES.toLocaleString()} likes` +
      (ENGINE === 'pg' && ROWS >= 1_000_000 && LIKES >= 1_000_000 ? '' : ' (the goals are set for PostgreSQL at 1,000,000 / 1,000,000)'),
  );
}

/** EXPLAIN ANALYZE of every statement one deck of each measured member runs. */
async function explainDecks(
  database: Database,
  app: Awaited<ReturnType<typeof buildApp>>,
  members: Member[],
  headers: Map<string, Record<string, string>>,
) {
  const original = database.db.execute.bind(database.db);
  let captured: SQL[] = [];
  (database.db as unknown as { execute: (q: SQL) => unknown }).execute = (q: SQL) => {
    captured.push(q);
    return original(q);
  };
  try {
    for (const m of members) {
      captured = [];
      const url = `/api/v1/swipe/deck/${m.itemId}`;
      await app.inject({ method: 'GET', url, headers: headers.get(m.id) });
      const statements = captured;
      captured = [];
      console.log(`\n=== ${m.profile} member ${m.id} (${m.subscriber ? 'subscriber' : 'free'}): ${url}`);
      for (const q of statements) {
        const plan = (await original(sql`explain (analyze, costs off, buffers on, summary on) ${q}`)) as unknown as {
          rows: Record<string, string>[];
        };
        captured = [];
        console.log(plan.rows.map((r) => `  ${Object.values(r)[0]!}`).join('\n'));
        console.log('  --');
      }
    }
  } finally {
    (database.db as unknown as { execute: unknown }).execute = original;
  }
}

runBench(main, 90 * 60_000);
