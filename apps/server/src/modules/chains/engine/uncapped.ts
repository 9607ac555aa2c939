import { type ChainGraph, pruneToCycles } from './graph';

/**
 * Uncapped mode: the most items traded with cycles of any length (a maximum-weight cycle cover),
 * as TradeMaximizer computes it.
 *
 * Every item i is a sender and a receiver; receiver i may take sender j when i → j is an edge
 * (cost 0), or itself, meaning "does not trade" (cost w_i: the item's weight, 0 for a dummy).
 * A perfect matching of least cost is a permutation whose non-fixed points are the chains, and it
 * trades the most weight. Weights are integers: W for an item, W + 1 for a Swap Assist item, with
 * W = (assisted items + 1), so all the assisted bonuses together never outweigh one more item.
 *
 * The matching is the primal-dual (Hungarian) method on the sparse graph: a maximum matching on
 * the tight edges (zero reduced cost) by augmenting paths, then one multi-source Dijkstra from all
 * free receivers over reduced costs, which moves the potentials so that the shortest augmenting
 * paths become tight, and again, until every receiver is matched. Costs are small integers, so
 * few distinct path lengths occur and each Dijkstra is followed by many augmentations at once.
 */
export function maxCycleCover(g0: ChainGraph, weight: Int32Array): Int32Array;
export function maxCycleCover(g0: ChainGraph, weight: Int32Array, deadline: number): Int32Array | null;
/** With a deadline (a performance.now() value), gives up and returns null once it has passed. */
export function maxCycleCover(g0: ChainGraph, weight: Int32Array, deadline = Infinity): Int32Array | null {
  const g = pruneToCycles(g0);
  const { n, outStart, outTo } = g;
  const u = new Float64Array(n); // receiver (left) potentials
  const v = new Float64Array(n); // sender (right) potentials
  const matchL = new Int32Array(n).fill(-1);
  const matchR = new Int32Array(n).fill(-1);
  // cost of receiver i taking sender j
  const cost = (i: number, j: number) => (i === j ? weight[i]! : 0);
  for (let i = 0; i < n; i++) u[i] = outStart[i + 1]! > outStart[i]! ? Math.min(0, weight[i]!) : weight[i]!;

  // --- maximum matching on the tight edges: Hopcroft–Karp (BFS layers, then DFS along them) ---
  const layer = new Int32Array(n);
  const queue = new Int32Array(n);
  const stackL = new Int32Array(n + 1);
  const stackK = new Int32Array(n + 1); // next neighbour position; k = outStart[x + 1] is the self edge
  const stackJ = new Int32Array(n + 1);
  const NONE = 0x3fffffff;
  const free: number[] = [];
  // greedy start: each receiver takes its first free tight sender
  for (let i = 0; i < n; i++) {
    const end = outStart[i + 1]!;
    for (let k = outStart[i]!; k <= end; k++) {
      const j = k < end ? outTo[k]! : i;
      if (matchR[j] === -1 && cost(i, j) - u[i]! - v[j]! === 0) {
        matchL[i] = j;
        matchR[j] = i;
        break;
      }
    }
    if (matchL[i] === -1) free.push(i);
  }
  const bfs = (): number => {
    let qh = 0;
    let qt = 0;
    layer.fill(NONE);
    for (const i of free) {
      layer[i] = 0;
      queue[qt++] = i;
    }
    let limit = NONE;
    while (qh < qt) {
      const x = queue[qh++]!;
      if (layer[x]! >= limit) break;
      const end = outStart[x + 1]!;
      for (let k = outStart[x]!; k <= end; k++) {
        const j = k < end ? outTo[k]! : x;
        if (cost(x, j) - u[x]! - v[j]! !== 0) continue;
        const y = matchR[j]!;
        if (y === -1) {
          if (limit === NONE) limit = layer[x]! + 1;
        } else if (layer[y] === NONE) {
          layer[y] = layer[x]! + 1;
          queue[qt++] = y;
        }
      }
    }
    return limit;
  };
  const dfs = (root: number, limit: number): boolean => {
    let sp = 0;
    stackL[0] = root;
    stackK[0] = outStart[root]!;
    while (sp >= 0) {
      const x = stackL[sp]!;
      const k = stackK[sp]!;
      const end = outStart[x + 1]!;
      if (k > end) {
        layer[x] = NONE; // dead end for this round
        sp--;
        continue;
      }
      stackK[sp] = k + 1;
      const j = k < end ? outTo[k]! : x;
      if (cost(x, j) - u[x]! - v[j]! !== 0) continue;
      const y = matchR[j]!;
      if (y === -1) {
        if (layer[x]! + 1 !== limit) continue;
        stackJ[sp] = j;
        for (let s = sp; s >= 0; s--) {
          matchL[stackL[s]!] = stackJ[s]!;
          matchR[stackJ[s]!] = stackL[s]!;
        }
        return true;
      }
      if (layer[y] !== layer[x]! + 1) continue;
      stackJ[sp] = j;
      sp++;
      stackL[sp] = y;
      stackK[sp] = outStart[y]!;
    }
    return false;
  };
  const augmentTight = () => {
    while (free.length > 0 && performance.now() < deadline) {
      const limit = bfs();
      if (limit === NONE) return;
      let w = 0;
      for (let f = 0; f < free.length; f++) {
        const i = free[f]!;
        if (!dfs(i, limit)) free[w++] = i;
      }
      free.length = w;
    }
  };

  // --- Dijkstra over reduced costs from all free receivers -----------------------------------
  const distR = new Float64Array(n).fill(Infinity);
  const distL = new Float64Array(n).fill(Infinity);
  const doneR = new Uint8Array(n);
  const doneL = new Uint8Array(n);
  const touchedR: number[] = [];
  const touchedL: number[] = [];
  const heap = new MinHeap();
  const relax = (x: number, dx: number) => {
    const end = outStart[x + 1]!;
    for (let k = outStart[x]!; k <= end; k++) {
      const j = k < end ? outTo[k]! : x;
      if (doneR[j]) continue;
      const d = dx + cost(x, j) - u[x]! - v[j]!;
      if (d < distR[j]!) {
        if (distR[j] === Infinity) touchedR.push(j);
        distR[j] = d;
        heap.push(d, j);
      }
    }
  };

  augmentTight();
  while (free.length > 0) {
    if (performance.now() > deadline) return null;
    for (const i of free) {
      distL[i] = 0;
      doneL[i] = 1;
      touchedL.push(i);
    }
    for (const i of free) relax(i, 0);
    let D = Infinity;
    while (heap.size > 0) {
      const d = heap.topKey();
      const j = heap.pop();
      if (doneR[j] || d > distR[j]!) continue;
      const y = matchR[j]!;
      if (y === -1) {
        D = d;
        break;
      }
      doneR[j] = 1;
      distL[y] = d;
      doneL[y] = 1;
      touchedL.push(y);
      relax(y, d);
    }
    if (D === Infinity) throw new Error('maxCycleCover: no augmenting path (cannot happen: every item may keep itself)');
    for (const x of touchedL) {
      if (doneL[x]) u[x]! += D - distL[x]!;
      distL[x] = Infinity;
      doneL[x] = 0;
    }
    for (const j of touchedR) {
      if (doneR[j]) v[j]! -= D - distR[j]!;
      distR[j] = Infinity;
      doneR[j] = 0;
    }
    touchedL.length = 0;
    touchedR.length = 0;
    heap.clear();
    augmentTight();
  }
  return matchL;
}

/** Cycles of a permutation (fixed points dropped), each as items q0 → q1 → …: q_k receives q_{k+1}. */
export function permutationCycles(perm: Int32Array): number[][] {
  const n = perm.length;
  const seen = new Uint8Array(n);
  const cycles: number[][] = [];
  for (let s = 0; s < n; s++) {
    if (seen[s] || perm[s] === s) continue;
    const c: number[] = [];
    let x = s;
    while (!seen[x]) {
      seen[x] = 1;
      c.push(x);
      x = perm[x]!;
    }
    cycles.push(c);
  }
  return cycles;
}

/** A binary min-heap of (key, value) with lazy deletion, in growable typed arrays. */
export class MinHeap {
  private keys = new Float64Array(1024);
  private vals = new Int32Array(1024);
  size = 0;
  clear() {
    this.size = 0;
  }
  topKey(): number {
    return this.keys[0]!;
  }
  push(key: number, val: number) {
    if (this.size === this.keys.length) {
      const k2 = new Float64Array(this.size * 2);
      k2.set(this.keys);
      this.keys = k2;
      const v2 = new Int32Array(this.size * 2);
      v2.set(this.vals);
      this.vals = v2;
    }
    const { keys, vals } = this;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (keys[p]! <= key) break;
      keys[i] = keys[p]!;
      vals[i] = vals[p]!;
      i = p;
    }
    keys[i] = key;
    vals[i] = val;
  }
  pop(): number {
    const { keys, vals } = this;
    const top = vals[0]!;
    const n = --this.size;
    if (n === 0) return top;
    const key = keys[n]!;
    const val = vals[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= key) break;
      keys[i] = keys[c]!;
      vals[i] = vals[c]!;
      i = c;
    }
    keys[i] = key;
    vals[i] = val;
    return top;
  }
}
