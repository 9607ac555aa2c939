// npm run bench:swipe [-- --rows N] [-- --likes M] [-- --engine pg|pglite] [-- --rounds N] [-- --members N] [-- --reuse] [-- --explain] [-- --smoke]
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
// --smoke (decision 0046): 2,000 listings, 2,000 likes, 4 members (every history), 1 round.
// The data (listings, likes, the measured members' history) is generated in bench/swipe-data.ts.

import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite, type Database } from '../apps/server/src/db/client';
import { ensureReferenceData } from '../apps/server/src/db/reference-data';
import { signAccessToken } from '../apps/server/src/lib/tokens';
import { benchDbUrl, benchServerEnv, smoke, SMOKE, fmtRatio, onCleanup, parseArgs, printTable, runBench, tempDir } from './lib';
import { generatedBenchDatabase } from './bench-database';
import { execute } from './db-load';
import { findMembers, generate, log, type Member, prepareRun, type SwipeDataOptions } from './swipe-data';

const { values, flags } = parseArgs();
const ROWS = Number(values.get('rows') ?? (SMOKE ? 2_000 : 1_000_000));
const LIKES = Number(values.get('likes') ?? (SMOKE ? 2_000 : 1_000_000));
const ENGINE = (values.get('engine') ?? 'pg') as 'pg' | 'pglite';
const ROUNDS = Number(values.get('rounds') ?? (SMOKE ? 1 : 25));
const MEMBERS = Number(values.get('members') ?? (SMOKE ? 4 : 8));
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
/** What bench/swipe-data.ts generates and measures. */
const DATA: SwipeDataOptions = { rows: ROWS, likes: LIKES, members: MEMBERS, now: NOW };
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

async function openBenchDatabase(): Promise<Database> {
  if (ENGINE === 'pglite') {
    const database = await openPglite(tempDir('swipe'));
    await database.migrate();
    await ensureReferenceData(database.db);
    await generate(database, DATA);
    return database;
  }
  return generatedBenchDatabase({
    name: DB_NAME,
    reuse: REUSE,
    connections: 10,
    log,
    holds: async (database) => {
      const [{ n }] = (await execute<{ n: number }>(database, sql`select count(*)::int as n from posts`)) as [{ n: number }];
      return n === ROWS ? `${n.toLocaleString()} listings` : null;
    },
    generate: (database) => generate(database, DATA),
  });
}

// ---------------------------------------------------------------------------------------------

interface DeckBody {
  items: Array<{ id: string }>;
}

async function main() {
  const database = await openBenchDatabase();
  onCleanup(() => database.close());
  const members = await findMembers(database, DATA);
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
    benchServerEnv({ DATA_DIR: tempDir('swipe-data'), SEED_DEMO: 'false', SHARED_CACHE_MS: '0' }),
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
  smoke('bench:swipe', {
    rows: [
      'baseline: home feed page',
      'deck: next 20 cards',
      'deck ranked afresh',
      'right swipe',
      'left swipe',
      ...members.map((m) => m.id),
    ],
    measured: {
      'live listings': live,
      likes,
      'feed pages timed': feed.length,
      'decks timed': deck.length,
      'decks ranked afresh timed': ranked.length,
      'right swipes timed': right.length,
      'left swipes timed': left.length,
      ...Object.fromEntries(members.map((m) => [`${m.id}: fewest cards in a deck`, Math.min(...perMember.get(m.id)!.cards)])),
    },
  });
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
