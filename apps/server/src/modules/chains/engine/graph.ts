/**
 * The want graph the swap-chain engine works on (issue 19, decision 0027), in compact arrays.
 *
 * An edge q → p means "q's owner would give q to receive p" (they liked p). A chain is a cycle
 * q0 → q1 → … → q(k-1) → q0: the owner of each item gives it away and receives the next one.
 *
 * Dummy items are TradeMaximizer's (`%NAME` in a math trade): they belong to a member, carry no
 * value and are never counted as items traded; a chain may pass through them, each at most once.
 */

/** One listing, as the service layer (or the math-trade parser) hands it to the engine. */
export interface ChainItemInput {
  id: string;
  ownerId: string;
  /** Value in cents; null when unknown (no value band is checked on its edges). */
  valueCents: number | null;
  /** Swap Assist: first among equals. */
  assisted: boolean;
  /** A TradeMaximizer dummy item (math trades only). */
  dummy?: boolean;
}

/** A like: the owner of `from` would give `from` to receive `to`. */
export interface WantEdgeInput {
  from: string;
  to: string;
}

/** The compact graph: items are numbered 0..n-1 in input order; out-edges in CSR form. */
export interface ChainGraph {
  readonly n: number;
  readonly ids: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Owner number per item (see ownerIds). */
  readonly owner: Int32Array;
  readonly ownerIds: readonly string[];
  /** Value in cents per item, NaN when unknown. */
  readonly value: Float64Array;
  readonly assisted: Uint8Array;
  readonly dummy: Uint8Array;
  /** Out-edges of item v: outTo[outStart[v] .. outStart[v + 1]), sorted ascending, no duplicates. */
  readonly outStart: Int32Array;
  readonly outTo: Int32Array;
  /** Edges dropped while building: unknown ids, self-likes, same-owner likes, duplicates. */
  readonly dropped: { unknown: number; self: number; sameOwner: number; duplicate: number };
}

/**
 * Builds the compact graph. Edges to or from unknown items, an item's edge to itself, repeated
 * edges and edges between two items of the same owner are dropped (as TradeMaximizer does: one's
 * own dummy is the only own item one may want).
 */
export function buildChainGraph(items: readonly ChainItemInput[], edges: Iterable<WantEdgeInput>): ChainGraph {
  const n = items.length;
  const ids: string[] = new Array<string>(n);
  const index = new Map<string, number>();
  const owner = new Int32Array(n);
  const ownerIds: string[] = [];
  const ownerIndex = new Map<string, number>();
  const value = new Float64Array(n);
  const assisted = new Uint8Array(n);
  const dummy = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    if (index.has(it.id)) throw new Error(`duplicate item id ${it.id}`);
    index.set(it.id, i);
    ids[i] = it.id;
    let o = ownerIndex.get(it.ownerId);
    if (o === undefined) {
      o = ownerIds.length;
      ownerIds.push(it.ownerId);
      ownerIndex.set(it.ownerId, o);
    }
    owner[i] = o;
    value[i] = it.valueCents ?? NaN;
    assisted[i] = it.assisted ? 1 : 0;
    dummy[i] = it.dummy ? 1 : 0;
  }

  const dropped = { unknown: 0, self: 0, sameOwner: 0, duplicate: 0 };
  let from = new Int32Array(1024);
  let to = new Int32Array(1024);
  let m = 0;
  for (const e of edges) {
    const a = index.get(e.from);
    const b = index.get(e.to);
    if (a === undefined || b === undefined) {
      dropped.unknown++;
      continue;
    }
    if (a === b) {
      dropped.self++;
      continue;
    }
    if (owner[a] === owner[b] && !dummy[b]) {
      dropped.sameOwner++;
      continue;
    }
    if (m === from.length) {
      const f2 = new Int32Array(m * 2);
      f2.set(from);
      from = f2;
      const t2 = new Int32Array(m * 2);
      t2.set(to);
      to = t2;
    }
    from[m] = a;
    to[m] = b;
    m++;
  }
  return fromEdgeArrays({ n, ids, index, owner, ownerIds, value, assisted, dummy }, from, to, m, dropped);
}

type NodeData = Pick<ChainGraph, 'n' | 'ids' | 'index' | 'owner' | 'ownerIds' | 'value' | 'assisted' | 'dummy'>;

/** CSR from an edge list (counting sort by source, then each row sorted and deduplicated). */
export function fromEdgeArrays(nodes: NodeData, from: Int32Array, to: Int32Array, m: number, dropped?: ChainGraph['dropped']): ChainGraph {
  const { n } = nodes;
  const start = new Int32Array(n + 1);
  for (let k = 0; k < m; k++) start[from[k]! + 1]!++;
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const adj = new Int32Array(m);
  for (let k = 0; k < m; k++) adj[fill[from[k]!]!++] = to[k]!;
  // sort each row and drop duplicates, compacting in place
  const outStart = new Int32Array(n + 1);
  let w = 0;
  let duplicate = 0;
  for (let v = 0; v < n; v++) {
    const row = adj.subarray(start[v]!, start[v + 1]!).sort();
    outStart[v] = w;
    for (let k = 0; k < row.length; k++) {
      if (k > 0 && row[k] === row[k - 1]) {
        duplicate++;
        continue;
      }
      adj[w++] = row[k]!;
    }
  }
  outStart[n] = w;
  const d = dropped ?? { unknown: 0, self: 0, sameOwner: 0, duplicate: 0 };
  return { ...nodes, outStart, outTo: adj.slice(0, w), dropped: { ...d, duplicate: d.duplicate + duplicate } };
}

/** Number of edges. */
export const edgeCount = (g: ChainGraph): number => g.outStart[g.n]!;

/** Whether the edge a → b exists (binary search in a's sorted row). */
export function hasEdge(g: ChainGraph, a: number, b: number): boolean {
  let lo = g.outStart[a]!;
  let hi = g.outStart[a + 1]! - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const x = g.outTo[mid]!;
    if (x === b) return true;
    if (x < b) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}

/**
 * Whether the receiver `q` may receive `p` under a value band (±band of what q gives). Unknown
 * values and dummies pass: a band is checked only between two known values.
 */
export function withinBand(g: ChainGraph, q: number, p: number, band: number | null): boolean {
  if (band === null) return true;
  const vq = g.value[q]!;
  const vp = g.value[p]!;
  if (Number.isNaN(vq) || Number.isNaN(vp)) return true;
  return vp >= vq * (1 - band) - 1e-9 && vp <= vq * (1 + band) + 1e-9;
}

/**
 * The graph restricted to edges usable under the options: within the value band, and (when
 * `exclude` is given) with neither end excluded (items already in chains).
 */
export function filterEdges(g: ChainGraph, band: number | null, exclude?: Uint8Array): ChainGraph {
  if (band === null && !exclude) return g;
  const from = new Int32Array(edgeCount(g));
  const to = new Int32Array(edgeCount(g));
  let m = 0;
  for (let q = 0; q < g.n; q++) {
    if (exclude?.[q]) continue;
    for (let k = g.outStart[q]!; k < g.outStart[q + 1]!; k++) {
      const p = g.outTo[k]!;
      if (exclude?.[p]) continue;
      if (!withinBand(g, q, p, band)) continue;
      from[m] = q;
      to[m] = p;
      m++;
    }
  }
  return fromEdgeArrays(g, from, to, m, g.dropped);
}

/**
 * Strongly connected components (iterative Tarjan). An edge between two components lies on no
 * cycle, so the engine drops those edges first (as TradeMaximizer does).
 */
export function sccLabels(g: ChainGraph): Int32Array {
  const { n, outStart, outTo } = g;
  const idx = new Int32Array(n).fill(-1);
  const low = new Int32Array(n);
  const comp = new Int32Array(n).fill(-1);
  const stack = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const callV = new Int32Array(n);
  const callK = new Int32Array(n);
  let sp = 0;
  let counter = 0;
  let nComp = 0;
  for (let root = 0; root < n; root++) {
    if (idx[root] !== -1) continue;
    let depth = 0;
    callV[0] = root;
    callK[0] = outStart[root]!;
    idx[root] = low[root] = counter++;
    stack[sp++] = root;
    onStack[root] = 1;
    while (depth >= 0) {
      const v = callV[depth]!;
      const k = callK[depth]!;
      if (k < outStart[v + 1]!) {
        callK[depth] = k + 1;
        const w = outTo[k]!;
        if (idx[w] === -1) {
          idx[w] = low[w] = counter++;
          stack[sp++] = w;
          onStack[w] = 1;
          depth++;
          callV[depth] = w;
          callK[depth] = outStart[w]!;
        } else if (onStack[w] && idx[w]! < low[v]!) {
          low[v] = idx[w]!;
        }
      } else {
        if (low[v] === idx[v]) {
          let w: number;
          do {
            w = stack[--sp]!;
            onStack[w] = 0;
            comp[w] = nComp;
          } while (w !== v);
          nComp++;
        }
        depth--;
        if (depth >= 0) {
          const u = callV[depth]!;
          if (low[v]! < low[u]!) low[u] = low[v]!;
        }
      }
    }
  }
  return comp;
}

/** The graph without the edges that join two strongly connected components (they lie on no cycle). */
export function pruneToCycles(g: ChainGraph): ChainGraph {
  const comp = sccLabels(g);
  const from = new Int32Array(edgeCount(g));
  const to = new Int32Array(edgeCount(g));
  let m = 0;
  for (let q = 0; q < g.n; q++) {
    for (let k = g.outStart[q]!; k < g.outStart[q + 1]!; k++) {
      const p = g.outTo[k]!;
      if (comp[p] !== comp[q]) continue;
      from[m] = q;
      to[m] = p;
      m++;
    }
  }
  if (m === edgeCount(g)) return g;
  return fromEdgeArrays(g, from, to, m, g.dropped);
}
