import { sql } from 'drizzle-orm';
import { CHAIN_MAX_MEMBERS, CHAIN_MIN_MEMBERS, CHAIN_VALUE_BAND } from '@swapu/shared/chains';
import { EARLY_ACCESS_MS } from '@swapu/shared/constants';
import type { App } from '../../lib/context';
import { rowsOf } from '../../lib/sql-rows';
import { assistedSql } from '../assist/ranking';
import { lapseDue, proposeChain, type ChainDeps } from './chains.service';
import { buildChainGraph, findChains } from './engine/index';

/**
 * The chain finder (issue 19, decisions 0027 and 0028): the like graph over the items that may
 * join a chain, the engine's capped mode (3–5 members, ±30 %, Swap Assist first among equals),
 * and each ring proposed through proposeChain, which checks it again in the database and keeps an
 * item in at most one open chain.
 */

/** What may join a chain: published, out of early access, not reserved, not in an open chain, owner in good standing. */
const eligible = (
  now: Date,
) => sql`p.state = 'published' and p.published_at <= ${new Date(now.getTime() - EARLY_ACCESS_MS).toISOString()}::timestamptz
  and coalesce(p.cash_value_cents, 0) > 0
  and not exists (select 1 from post_reservations r where r.post_id = p.id)
  and not exists (select 1 from swap_chain_members m where m.gives_post_id = p.id and m.open)
  and exists (select 1 from users u where u.id = p.owner_id and not u.banned and u.deleted_at is null)`;

export interface FinderRun {
  items: number;
  likes: number;
  found: number;
  proposed: string[];
  ms: number;
}

/** One full recomputation: finds rings among the eligible items and proposes each. */
export async function findAndProposeChains(deps: ChainDeps, now: Date, timeBudgetMs = 20_000): Promise<FinderRun> {
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
      where ${eligible(now)} and q.id in (select p.id from posts p where ${eligible(now)})`,
  );
  const graph = buildChainGraph(
    items.map((i) => ({ id: i.id, ownerId: i.owner_id, valueCents: Number(i.value), assisted: i.assisted })),
    edges,
  );
  const result = await findChains(graph, {
    mode: 'capped',
    minMembers: CHAIN_MIN_MEMBERS,
    maxMembers: CHAIN_MAX_MEMBERS,
    valueBand: CHAIN_VALUE_BAND,
    timeBudgetMs,
  });
  const proposed: string[] = [];
  for (const c of result.chains) {
    const id = await proposeChain(
      deps,
      c.items.map((postId, k) => ({ userId: c.givers[k]!, givesPostId: postId })),
      now,
    );
    if (id) proposed.push(id);
  }
  return { items: items.length, likes: edges.length, found: result.chains.length, proposed, ms: Date.now() - started };
}

/** A full recomputation runs this often while the server runs; a like asks for one sooner (debounced). */
const FULL_MS = 10 * 60_000;
const AFTER_LIKE_MS = 5_000;

/**
 * Runs the finder while the server runs: on a schedule, and a few seconds after a like (many likes
 * in a row make one run). Runs never overlap; a found chain's window is swept (lapseDue) each time.
 */
export function attachChainFinder(app: App) {
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const deps = () => ({ database: app.ctx.database, publicUrl: app.ctx.config.publicUrl, hub: app.ctx.hub });
  const run = async () => {
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        const now = app.ctx.clock.now();
        await lapseDue(deps(), now);
        const r = await findAndProposeChains(deps(), now);
        if (r.proposed.length) app.log.info({ ...r, proposed: r.proposed.length }, 'swap chains proposed');
      } catch (err) {
        app.log.warn({ err }, 'swap chain finder failed');
      }
    })();
    await running;
    running = null;
    if (again && !stopped) {
      again = false;
      schedule(AFTER_LIKE_MS);
    }
  };
  /** A run `ms` from now, unless one is due sooner (so a steady stream of likes cannot keep putting it off). */
  const schedule = (ms: number) => {
    if (stopped || Date.now() + ms >= dueAt) return;
    clearTimeout(timer);
    dueAt = Date.now() + ms;
    timer = setTimeout(() => {
      dueAt = Infinity;
      void run().finally(() => schedule(FULL_MS));
    }, ms).unref();
  };
  app.ctx.chainFinder = { soon: () => schedule(AFTER_LIKE_MS) };
  app.addHook('onReady', async () => schedule(AFTER_LIKE_MS));
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  });
}
