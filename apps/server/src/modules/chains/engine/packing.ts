import type { CycleSet } from './cycles';

/**
 * The heuristic for capped mode: pack vertex-disjoint cycles greedily, then improve by local
 * search. It needs no solver, runs in about linear time per pass and is the fallback when the
 * integer program is too large or runs out of time (and the way its start solution is made).
 */

/** Which cycles pass through each item: cyclesOf[vStart[v] .. vStart[v + 1]). */
export interface Incidence {
  vStart: Int32Array;
  cyclesOf: Int32Array;
}

export function incidence(cs: CycleSet, n: number): Incidence {
  const vStart = new Int32Array(n + 1);
  for (let k = 0; k < cs.items.length; k++) vStart[cs.items[k]! + 1]!++;
  for (let v = 0; v < n; v++) vStart[v + 1]! += vStart[v]!;
  const fill = vStart.slice(0, n);
  const cyclesOf = new Int32Array(cs.items.length);
  for (let c = 0; c < cs.count; c++) for (let k = cs.start[c]!; k < cs.start[c + 1]!; k++) cyclesOf[fill[cs.items[k]!]!++] = c;
  return { vStart, cyclesOf };
}

export interface Packing {
  chosen: Uint8Array;
  total: number;
}

/**
 * Greedy in a given order, then 1-for-many exchanges: for a cycle not chosen, drop the chosen
 * cycles it meets, take it, refill the freed items greedily, and keep the change only when the
 * total weight grows. Passes repeat until one changes nothing, the target is reached or the
 * deadline passes.
 */
export function packCycles(
  cs: CycleSet,
  n: number,
  weight: Float64Array,
  inc: Incidence,
  deadline: number,
  order?: Int32Array,
  /** Stop as soon as the total reaches this (a proved bound: nothing better exists). */
  target = Infinity,
): Packing {
  const { start, items } = cs;
  const { vStart, cyclesOf } = inc;
  const usedBy = new Int32Array(n).fill(-1);
  const chosen = new Uint8Array(cs.count);
  let total = 0;
  // conflict degree: how many other cycles share an item with c (counted with multiplicity)
  const conflicts = new Int32Array(cs.count);
  for (let c = 0; c < cs.count; c++) {
    let d = 0;
    for (let k = start[c]!; k < start[c + 1]!; k++) d += vStart[items[k]! + 1]! - vStart[items[k]!]! - 1;
    conflicts[c] = d;
  }
  const ord =
    order ??
    Int32Array.from({ length: cs.count }, (_, c) => c).sort((a, b) => weight[b]! - weight[a]! || conflicts[a]! - conflicts[b]! || a - b);
  const fits = (c: number) => {
    for (let k = start[c]!; k < start[c + 1]!; k++) if (usedBy[items[k]!] !== -1) return false;
    return true;
  };
  const take = (c: number) => {
    chosen[c] = 1;
    total += weight[c]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) usedBy[items[k]!] = c;
  };
  const drop = (c: number) => {
    chosen[c] = 0;
    total -= weight[c]!;
    for (let k = start[c]!; k < start[c + 1]!; k++) usedBy[items[k]!] = -1;
  };
  for (let r = 0; r < ord.length; r++) if (fits(ord[r]!)) take(ord[r]!);

  // position of each cycle in the greedy order, to refill in that order
  const pos = new Int32Array(cs.count);
  for (let r = 0; r < ord.length; r++) pos[ord[r]!] = r;
  const mark = new Int32Array(cs.count);
  let stamp = 0;
  let improved = true;
  const removed: number[] = [];
  const added: number[] = [];
  let cand = new Int32Array(1024);
  while (improved && total < target && performance.now() < deadline) {
    improved = false;
    for (let r = 0; r < ord.length; r++) {
      const c = ord[r]!;
      if (chosen[c]) continue;
      if (total >= target || ((r & 1023) === 0 && performance.now() > deadline)) break;
      // the chosen cycles c meets
      stamp++;
      removed.length = 0;
      let lost = 0;
      for (let k = start[c]!; k < start[c + 1]!; k++) {
        const b = usedBy[items[k]!]!;
        if (b !== -1 && mark[b] !== stamp) {
          mark[b] = stamp;
          removed.push(b);
          lost += weight[b]!;
        }
      }
      if (removed.length === 0) {
        take(c);
        improved = true;
        continue;
      }
      // an upper bound on the gain: c plus every cycle through the freed items
      for (const b of removed) drop(b);
      take(c);
      added.length = 0;
      added.push(c);
      let nc = 0;
      stamp++;
      for (const b of removed) {
        for (let k = start[b]!; k < start[b + 1]!; k++) {
          const v = items[k]!;
          for (let t = vStart[v]!; t < vStart[v + 1]!; t++) {
            const d = cyclesOf[t]!;
            if (mark[d] !== stamp && !chosen[d]) {
              mark[d] = stamp;
              if (!fits(d)) continue; // meets c or another chosen cycle: it cannot refill
              if (nc === cand.length) {
                const c2 = new Int32Array(nc * 2);
                c2.set(cand);
                cand = c2;
              }
              cand[nc++] = pos[d]!;
            }
          }
        }
      }
      // refill in greedy order (cand holds positions in that order)
      const sorted = cand.subarray(0, nc).sort();
      let gained = weight[c]!;
      for (let t = 0; t < nc; t++) {
        const d = ord[sorted[t]!]!;
        if (fits(d)) {
          take(d);
          added.push(d);
          gained += weight[d]!;
        }
      }
      if (gained > lost + 1e-9) {
        improved = true;
      } else {
        for (const d of added) drop(d);
        for (const b of removed) take(b);
      }
    }
  }
  return { chosen, total };
}
