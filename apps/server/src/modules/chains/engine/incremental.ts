import { reverseAdjacency } from './cycles';
import type { Chain } from './find-chains';
import { type ChainGraph, hasEdge, withinBand } from './graph';

/**
 * Incremental recomputation after a new like (issue 19): only the chains through the new edge
 * a → b are searched, among items not yet in chains. A backward 0-1 BFS from a (over in-edges,
 * up to maxMembers - 1 real items) gives each item the fewest real items on its way back to a;
 * a DFS from b then follows only what can close in time, with distinct owners and the value band
 * on every edge. The best chain (most members, then most Swap Assist items) is returned.
 *
 * The index keeps the graph's reverse adjacency and the likes added since it was built, so a new
 * like costs no rebuild. New or removed listings need a new index (a full recomputation).
 */
export interface ChainThroughOptions {
  /** Defaults 2 and 5. */
  minMembers?: number;
  maxMembers?: number;
  /** Default null. */
  valueBand?: number | null;
  /** Items already in chains (they may not take part). */
  inChains: ReadonlySet<string>;
  /** Stop the search after this many steps (then the best chain found so far is returned). Default 2,000,000. */
  maxSteps?: number;
}

export interface ChainThroughResult {
  chain: Chain | null;
  /** Cycles through the edge that were found (with minMembers..maxMembers members). */
  found: number;
  steps: number;
  /** Whether maxSteps stopped the search (the chain may then not be the best one). */
  stopped: boolean;
}

const FAR = 0x3fffffff;

export class ChainIndex {
  readonly graph: ChainGraph;
  private readonly inStart: Int32Array;
  private readonly inFrom: Int32Array;
  private readonly extraOut = new Map<number, number[]>();
  private readonly extraIn = new Map<number, number[]>();
  private readonly dist: Int32Array;
  private readonly ownerOnPath: Uint8Array;

  constructor(graph: ChainGraph) {
    this.graph = graph;
    const rev = reverseAdjacency(graph);
    this.inStart = rev.inStart;
    this.inFrom = rev.inFrom;
    this.dist = new Int32Array(graph.n).fill(FAR);
    this.ownerOnPath = new Uint8Array(graph.ownerIds.length);
  }

  /** Adds a like (the owner of `from` would give it to receive `to`); false when it is unknown, invalid or already there. */
  addLike(from: string, to: string): boolean {
    const g = this.graph;
    const a = g.index.get(from);
    const b = g.index.get(to);
    if (a === undefined || b === undefined || a === b) return false;
    if (g.owner[a] === g.owner[b] && !g.dummy[b]) return false;
    if (this.hasLike(a, b)) return false;
    push(this.extraOut, a, b);
    push(this.extraIn, b, a);
    return true;
  }

  private hasLike(a: number, b: number): boolean {
    return hasEdge(this.graph, a, b) || (this.extraOut.get(a)?.includes(b) ?? false);
  }

  /** The best chain through the like from → to (which must be in the index), or null. */
  chainThrough(from: string, to: string, opts: ChainThroughOptions): ChainThroughResult {
    const g = this.graph;
    const L = opts.maxMembers ?? 5;
    const minMembers = Math.max(2, opts.minMembers ?? 2);
    const band = opts.valueBand ?? null;
    const maxSteps = opts.maxSteps ?? 2_000_000;
    const none: ChainThroughResult = { chain: null, found: 0, steps: 0, stopped: false };
    const a = g.index.get(from);
    const b = g.index.get(to);
    if (a === undefined || b === undefined || !this.hasLike(a, b)) return none;
    const { dummy, owner, ids, outStart, outTo, assisted } = g;
    const taken = (v: number) => opts.inChains.has(ids[v]!);
    if (taken(a) || taken(b) || !withinBand(g, a, b, band)) return none;
    if (!dummy[a] && !dummy[b] && owner[a] === owner[b]) return none;

    // backward 0-1 BFS from a: dist[y] = fewest real items on y → … → a, y counted, a not
    const dist = this.dist;
    const touched: number[] = [a];
    const realA = dummy[a] ? 0 : 1;
    dist[a] = 0;
    // real items go to the back of the queue, dummies (no cost) to a stack served first
    const queue: number[] = [a];
    let head = 0;
    const front: number[] = [];
    while (front.length > 0 || head < queue.length) {
      const x = front.length > 0 ? front.pop()! : queue[head++]!;
      const dx = dist[x]!;
      const visit = (y: number) => {
        if (y === a || taken(y) || !withinBand(g, y, x, band)) return;
        const dy = dx + (dummy[y] ? 0 : 1);
        if (dy + realA > L || dy >= dist[y]!) return;
        if (dist[y] === FAR) touched.push(y);
        dist[y] = dy;
        if (dummy[y]) front.push(y);
        else queue.push(y);
      };
      for (let k = this.inStart[x]!; k < this.inStart[x + 1]!; k++) visit(this.inFrom[k]!);
      const extra = this.extraIn.get(x);
      if (extra) for (const y of extra) visit(y);
    }

    let best: number[] | null = null;
    let bestReal = 0;
    let bestAssisted = 0;
    let found = 0;
    let steps = 0;
    let stopped = false;
    const path: number[] = [a, b];
    const onPath = this.ownerOnPath;
    let real = 0;
    let assistedOnPath = 0;
    let dummies = 0;
    for (const v of path) {
      if (dummy[v]) dummies++;
      else {
        real++;
        assistedOnPath += assisted[v]!;
        onPath[owner[v]!] = 1;
      }
    }
    const consider = () => {
      if (real < minMembers) return;
      found++;
      if (real > bestReal || (real === bestReal && assistedOnPath > bestAssisted)) {
        best = [...path];
        bestReal = real;
        bestAssisted = assistedOnPath;
      }
    };
    const dfs = (x: number) => {
      const visit = (y: number): boolean => {
        if (++steps > maxSteps) {
          stopped = true;
          return true;
        }
        if (!withinBand(g, x, y, band)) return false;
        if (y === a) {
          consider();
          return false;
        }
        const d = dist[y]!;
        if (d === FAR || real + d > L) return false;
        if (dummy[y]) {
          if (dummies >= L || path.includes(y)) return false;
          dummies++;
          path.push(y);
          dfs(y);
          path.pop();
          dummies--;
        } else {
          if (onPath[owner[y]!]) return false;
          onPath[owner[y]!] = 1;
          real++;
          assistedOnPath += assisted[y]!;
          path.push(y);
          dfs(y);
          path.pop();
          assistedOnPath -= assisted[y]!;
          real--;
          onPath[owner[y]!] = 0;
        }
        return stopped;
      };
      for (let k = outStart[x]!; k < outStart[x + 1]!; k++) if (visit(outTo[k]!)) return;
      const extra = this.extraOut.get(x);
      if (extra) for (const y of extra) if (visit(y)) return;
    };
    if (real <= L && dist[b] !== FAR) dfs(b);
    for (const v of path) if (!dummy[v]) onPath[owner[v]!] = 0;
    for (const v of touched) dist[v] = FAR;

    const chosen = best as number[] | null;
    const chain: Chain | null = chosen
      ? { items: chosen.map((v) => ids[v]!), givers: chosen.map((v) => g.ownerIds[owner[v]!]!), members: bestReal }
      : null;
    return { chain, found, steps, stopped };
  }
}

function push(map: Map<number, number[]>, k: number, v: number) {
  const list = map.get(k);
  if (list) list.push(v);
  else map.set(k, [v]);
}
