import { sql } from 'drizzle-orm';
import { CHAIN_MAX_MEMBERS, CHAIN_MIN_MEMBERS, CHAIN_VALUE_BAND } from '@swapu/shared/chains';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { PgBoss } from 'pg-boss';
import type { App } from '../../lib/context';
import { lead, type Leadership } from '../../lib/leader';
import { rowsOf } from '../../lib/sql-rows';
import { assistedSql } from '../assist/index';
import { lapseDue, proposeChain, type ChainDeps } from './chains.service';
import { graphMessage, type EngineReply } from './engine/core';
import type { Chain } from './engine/index';
import { inProcessEngine, threadEngine, type ChainEngine } from './engine-runner';

/**
 * The chain finder (issue 19, decisions 0027 and 0028): the like graph over the items that may
 * join a chain, the engine's capped mode (3–5 members, ±30 %, Swap Assist first among equals),
 * and each ring proposed through proposeChain, which checks it again in the database and keeps an
 * item in at most one open chain.
 */

/** What may join a chain: published, out of early access, not reserved, not in an open chain, owner in good standing. */
const eligible = (now: Date, alias = 'p') => {
  const p = sql.raw(alias);
  return sql`${p}.state = 'published' and ${p}.published_at <= ${new Date(now.getTime() - EARLY_ACCESS_MS).toISOString()}::timestamptz
  and coalesce(${p}.cash_value_cents, 0) > 0
  and not exists (select 1 from post_reservations r where r.post_id = ${p}.id)
  and not exists (select 1 from swap_chain_members m where m.gives_post_id = ${p}.id and m.open)
  and exists (select 1 from users u where u.id = ${p}.owner_id and not u.banned and u.deleted_at is null)`;
};

const SEARCH = { minMembers: CHAIN_MIN_MEMBERS, maxMembers: CHAIN_MAX_MEMBERS, valueBand: CHAIN_VALUE_BAND } as const;

export interface FinderRun {
  items: number;
  likes: number;
  found: number;
  proposed: string[];
  ms: number;
  /** Likes runs: whether the engine had an index, and how many likes touched items it does not know. */
  indexed?: boolean;
  unknown?: number;
}

export interface FinderOptions {
  /** Where the engine runs; a fresh in-process engine by default. */
  engine?: ChainEngine;
  timeBudgetMs?: number;
}

async function propose(deps: ChainDeps, chains: Chain[], now: Date): Promise<string[]> {
  const proposed: string[] = [];
  for (const c of chains) {
    const id = await proposeChain(
      deps,
      c.items.map((postId, k) => ({ userId: c.givers[k]!, givesPostId: postId })),
      now,
    );
    if (id) proposed.push(id);
  }
  return proposed;
}

/** One full recomputation: finds rings among the eligible items, proposes each, and leaves the engine indexed for likes. */
export async function findAndProposeChains(deps: ChainDeps, now: Date, opts: FinderOptions = {}): Promise<FinderRun> {
  const started = Date.now();
  const db = deps.database.db;
  const items = await rowsOf<{ id: string; owner_id: string; value: number; assisted: boolean }>(
    db,
    sql`select p.id, p.owner_id, p.cash_value_cents as value, ${assistedSql(sql`p`, now)} as assisted from posts p where ${eligible(now)}`,
  );
  // A like of an eligible item by the owner of eligible items: each of their items could go for it.
  const edges = await rowsOf<{ from: string; to: string }>(
    db,
    sql`select q.id as "from", l.post_id as "to" from post_likes l
      join posts q on q.owner_id = l.liked_by_id and q.id <> l.post_id
      join posts p on p.id = l.post_id
      where ${eligible(now)} and ${eligible(now, 'q')}`,
  );
  const engine = opts.engine ?? inProcessEngine();
  const reply = await engine.run({
    kind: 'full',
    graph: graphMessage(
      items.map((i) => ({ id: i.id, ownerId: i.owner_id, valueCents: Number(i.value), assisted: i.assisted })),
      edges,
    ),
    options: { ...SEARCH, timeBudgetMs: opts.timeBudgetMs ?? 45_000 },
  });
  const proposed = await propose(deps, reply.chains, now);
  return { items: items.length, likes: edges.length, found: reply.chains.length, proposed, ms: Date.now() - started };
}

/** A like to search through: `likerId` liked `postId`. */
export interface NewLike {
  likerId: string;
  postId: string;
}

/**
 * The incremental search after likes (issue 19): each like that still stands gives edges from the
 * liker's eligible items to the liked item, and the engine searches only the chains through those
 * edges, in the index its last full run left. A ring whose items are no longer free (sold, reserved,
 * hidden since that run) is searched again without them, up to three times.
 */
export async function proposeThroughLikes(deps: ChainDeps, now: Date, likes: NewLike[], engine: ChainEngine): Promise<FinderRun> {
  const started = Date.now();
  const db = deps.database.db;
  if (!likes.length) return { items: 0, likes: 0, found: 0, proposed: [], ms: 0, indexed: true, unknown: 0 };
  const pairs = sql.join(
    likes.map((l) => sql`(${l.likerId}, ${l.postId})`),
    sql`, `,
  );
  const edges = await rowsOf<{ from: string; to: string }>(
    db,
    sql`select distinct q.id as "from", p.id as "to" from (values ${pairs}) as n(liker, post)
      join post_likes l on l.post_id = n.post and l.liked_by_id = n.liker
      join posts p on p.id = n.post
      join posts q on q.owner_id = n.liker and q.id <> p.id
      where ${eligible(now)} and ${eligible(now, 'q')}`,
  );
  const exclude = new Set(
    (
      await rowsOf<{ id: string }>(
        db,
        sql`select post_id as id from post_reservations union select gives_post_id from swap_chain_members where open`,
      )
    ).map((r) => r.id),
  );
  const proposed: string[] = [];
  let found = 0;
  let reply: EngineReply | null = null;
  for (let round = 0; round < 3; round++) {
    reply = await engine.run({ kind: 'likes', likes: edges, exclude: [...exclude], options: SEARCH });
    found += reply.chains.length;
    let gone = 0;
    for (const c of reply.chains) {
      const ids = sql.join(
        c.items.map((id) => sql`${id}`),
        sql`, `,
      );
      const taken = await rowsOf<{ id: string }>(db, sql`select p.id from posts p where p.id in (${ids}) and not (${eligible(now)})`);
      if (taken.length) {
        for (const t of taken) exclude.add(t.id);
        gone++;
        continue;
      }
      proposed.push(...(await propose(deps, [c], now)));
      for (const id of c.items) exclude.add(id);
    }
    if (!gone) break;
  }
  return {
    items: reply?.items ?? 0,
    likes: edges.length,
    found,
    proposed,
    ms: Date.now() - started,
    indexed: reply?.indexed ?? false,
    unknown: reply?.unknown ?? 0,
  };
}

/** The queue of likes to search through (one job per like; the leader takes them in batches). */
export const CHAIN_LIKES_QUEUE = 'chains-likes';
/** The advisory lock key of the chain finder's leader (lib/leader.ts). */
export const CHAIN_LEADER_KEY = 'swapu:chain-finder';
/** A full recomputation runs this often on the leader. */
const FULL_MS = 10 * 60_000;
/** Likes wait this long before they are searched, so likes in a row are searched as one batch. */
const LIKES_AFTER_S = 3;
/**
 * Likes that touch listings the index does not know ask for a full run, leaving at least ten times
 * the last full run's length after it (so those runs take at most a tenth of the engine's thread):
 * a few seconds at the demo's size, about 7 minutes at 100,000 listings.
 */
const FULL_GAP_FACTOR = 10;

/**
 * Runs the finder while the server runs (decision 0028). One instance leads at a time (lib/leader.ts:
 * a PostgreSQL advisory lock on a connection of its own): the engine's index lives in one process,
 * so the searches run where it is. Any instance queues a like as a job on `chains-likes` (pg-boss,
 * so none is lost while no instance leads); the leader searches them incrementally a few seconds
 * later, in batches. The leader runs a full recomputation when it takes the lead (a new leader, or
 * the one that took over from an instance that died: nothing asked of the old one is lost), every
 * 10 minutes, and when likes touch listings its last full run did not know; one at a time, and a
 * run asked for while one runs follows it. The engine itself runs in a worker thread; each run
 * first sweeps lapsed chains.
 */
export function attachChainFinder(app: App, opts: { engine?: ChainEngine; retryMs?: number } = {}) {
  const engine = opts.engine ?? threadEngine((err) => app.log.error({ err }, 'the chain engine thread failed'));
  let boss: PgBoss | null = null;
  let started: Promise<void> = Promise.resolve();
  let leadership: Leadership | null = null;
  let leading = false;
  let fullTimer: NodeJS.Timeout | undefined;
  let everyTimer: NodeJS.Timeout | undefined;
  let lastFull = { endedAt: 0, ms: 0 };
  /** The full run in progress, and whether another was asked for meanwhile. */
  let fullRunning: Promise<void> | null = null;
  let fullAgain = false;
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });
  const full = async () => {
    const now = app.ctx.clock.now();
    await lapseDue(deps(), now);
    const r = await findAndProposeChains(deps(), now, { engine });
    lastFull = { endedAt: Date.now(), ms: r.ms };
    app.log.info({ ...r, proposed: r.proposed.length }, 'swap chain search (full)');
  };
  const runFull = (): Promise<void> => {
    if (fullRunning) {
      fullAgain = true;
      return fullRunning;
    }
    fullRunning = (async () => {
      try {
        do {
          fullAgain = false;
          await full().catch((err: unknown) => app.log.warn({ err }, 'swap chain search (full) failed'));
        } while (fullAgain && leading);
      } finally {
        fullRunning = null;
      }
    })();
    return fullRunning;
  };
  /** A full run in `afterSeconds` on the leader (an earlier one already due wins). */
  const askFull = (afterSeconds: number) => {
    if (!leading || fullTimer) return;
    fullTimer = setTimeout(() => {
      fullTimer = undefined;
      if (leading) void runFull();
    }, afterSeconds * 1000).unref();
  };
  const throughLikes = async (likes: NewLike[]) => {
    const now = app.ctx.clock.now();
    await lapseDue(deps(), now);
    const r = await proposeThroughLikes(deps(), now, likes, engine);
    if (r.proposed.length) app.log.info({ ...r, proposed: r.proposed.length }, 'swap chains proposed after likes');
    // No index yet, or likes of listings it does not know: a full run, as soon as the gap allows.
    if (!r.indexed) askFull(0);
    else if (r.unknown) {
      const due = lastFull.endedAt + FULL_GAP_FACTOR * lastFull.ms;
      askFull(Math.max(LIKES_AFTER_S, Math.ceil((due - Date.now()) / 1000)));
    }
  };
  const every = () => {
    everyTimer = setTimeout(() => {
      if (!leading) return;
      void runFull().finally(every);
    }, FULL_MS).unref();
  };
  const onLead = async () => {
    await started;
    if (!boss) return;
    leading = true;
    app.log.info('the swap chain search leads on this instance');
    await boss.work<NewLike>(CHAIN_LIKES_QUEUE, { batchSize: 500, pollingIntervalSeconds: 2 }, async (jobs) => {
      await throughLikes(jobs.map((j) => ({ likerId: j.data.likerId, postId: j.data.postId })));
    });
    askFull(LIKES_AFTER_S);
    every();
  };
  const onLose = async () => {
    if (!leading) return;
    leading = false;
    clearTimeout(fullTimer);
    fullTimer = undefined;
    clearTimeout(everyTimer);
    app.log.warn('the swap chain search no longer leads on this instance');
    await boss?.offWork(CHAIN_LIKES_QUEUE, { wait: true }).catch(() => {});
    await fullRunning;
  };

  app.ctx.chainFinder = {
    liked(likerId, postId) {
      void started.then(() =>
        boss?.send(CHAIN_LIKES_QUEUE, { likerId, postId }, { startAfter: LIKES_AFTER_S }).catch((err: unknown) => {
          app.log.warn({ err }, 'could not queue a like for the swap chain search: the next full search covers it');
        }),
      );
    },
  };
  app.addHook('onReady', async () => {
    started = (async () => {
      try {
        const b = await app.ctx.jobs.boss();
        await b.createQueue(CHAIN_LIKES_QUEUE, { retryLimit: 2, retryDelay: 10 });
        boss = b;
      } catch (err) {
        app.log.error({ err }, 'the swap chain search did not start');
      }
    })();
    await started;
    if (boss)
      leadership = lead(app.ctx.database, CHAIN_LEADER_KEY, {
        onLead,
        onLose,
        onError: (err) => app.log.warn({ err }, 'the swap chain search leadership connection failed'),
        ...(opts.retryMs ? { retryMs: opts.retryMs } : {}),
      });
  });
  app.addHook('onClose', async () => {
    await started;
    await leadership?.stop();
    await engine.close();
  });
}
