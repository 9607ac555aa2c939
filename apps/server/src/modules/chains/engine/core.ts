import { findChains, type Chain, type FindChainsOptions } from './find-chains';
import { buildChainGraph, type ChainItemInput, type WantEdgeInput } from './graph';
import { ChainIndex } from './incremental';

/**
 * The engine as the service uses it (issue 19, decision 0028): a full recomputation builds the
 * want graph, runs the capped search and keeps a ChainIndex over that graph; likes that arrive
 * afterwards are searched incrementally through that index (only the chains through each new like),
 * until the next full run replaces it. Stateful and synchronous apart from the solver: it runs in a
 * worker thread in the server (./thread.ts) and in process in tests.
 *
 * The graph crosses the thread boundary compactly: item fields as parallel arrays and the edges as
 * one Int32Array of item positions (from, to, from, to, …), which is transferred, not copied.
 */
export interface GraphMessage {
  ids: string[];
  owners: string[];
  /** Value in cents, NaN when unknown. */
  values: Float64Array;
  assisted: Uint8Array;
  /** Pairs of positions in `ids`: edges[2k] would be given for edges[2k + 1]. */
  edges: Int32Array;
}

export type ChainSearchOptions = Pick<FindChainsOptions, 'minMembers' | 'maxMembers' | 'valueBand' | 'timeBudgetMs'>;

export type EngineRequest =
  | { kind: 'full'; graph: GraphMessage; options: ChainSearchOptions }
  | { kind: 'likes'; likes: WantEdgeInput[]; exclude: string[]; options: ChainSearchOptions };

export interface EngineReply {
  chains: Chain[];
  /** Full: the number of items and likes in the graph. Likes: how many were searched. */
  items: number;
  likes: number;
  /** Likes that touch an item the index does not know (listed or back since the last full run). */
  unknown: number;
  /** False when there is no index yet (likes before the first full run): a full run is needed. */
  indexed: boolean;
  method?: string;
  optimal?: boolean;
  ms: number;
}

/** Packs items and want edges for the thread (the edges' array is transferable). */
export function graphMessage(items: readonly ChainItemInput[], edges: Iterable<WantEdgeInput>): GraphMessage {
  const pos = new Map<string, number>();
  items.forEach((it, i) => pos.set(it.id, i));
  const pairs: number[] = [];
  for (const e of edges) {
    const a = pos.get(e.from);
    const b = pos.get(e.to);
    if (a !== undefined && b !== undefined) pairs.push(a, b);
  }
  return {
    ids: items.map((i) => i.id),
    owners: items.map((i) => i.ownerId),
    values: Float64Array.from(items, (i) => i.valueCents ?? NaN),
    assisted: Uint8Array.from(items, (i) => (i.assisted ? 1 : 0)),
    edges: Int32Array.from(pairs),
  };
}

function* edgesOf(g: GraphMessage): Generator<WantEdgeInput> {
  for (let k = 0; k + 1 < g.edges.length; k += 2) yield { from: g.ids[g.edges[k]!]!, to: g.ids[g.edges[k + 1]!]! };
}

export class ChainEngineCore {
  private index: ChainIndex | null = null;

  async run(req: EngineRequest): Promise<EngineReply> {
    const t0 = performance.now();
    if (req.kind === 'full') {
      const g = req.graph;
      const items: ChainItemInput[] = g.ids.map((id, i) => ({
        id,
        ownerId: g.owners[i]!,
        valueCents: Number.isNaN(g.values[i]!) ? null : g.values[i]!,
        assisted: g.assisted[i] === 1,
      }));
      const graph = buildChainGraph(items, edgesOf(g));
      const result = await findChains(graph, { mode: 'capped', ...req.options });
      this.index = new ChainIndex(graph);
      return {
        chains: result.chains,
        items: graph.n,
        likes: g.edges.length / 2,
        unknown: 0,
        indexed: true,
        method: result.method,
        optimal: result.optimal,
        ms: performance.now() - t0,
      };
    }
    const index = this.index;
    if (!index) return { chains: [], items: 0, likes: 0, unknown: req.likes.length, indexed: false, ms: performance.now() - t0 };
    const taken = new Set(req.exclude);
    const chains: Chain[] = [];
    let unknown = 0;
    for (const like of req.likes) {
      if (!index.graph.index.has(like.from) || !index.graph.index.has(like.to)) {
        unknown++;
        continue;
      }
      index.addLike(like.from, like.to);
      const r = index.chainThrough(like.from, like.to, {
        minMembers: req.options.minMembers,
        maxMembers: req.options.maxMembers,
        valueBand: req.options.valueBand,
        inChains: taken,
      });
      if (r.chain) {
        chains.push(r.chain);
        for (const id of r.chain.items) taken.add(id);
      }
    }
    return { chains, items: index.graph.n, likes: req.likes.length, unknown, indexed: true, ms: performance.now() - t0 };
  }
}
