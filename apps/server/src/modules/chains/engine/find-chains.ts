import { enumerateCycles } from './cycles';
import { type ChainGraph, edgeCount, filterEdges, pruneToCycles } from './graph';
import { type PackingModel, solvePacking } from './highs';
import type { CycleSet } from './cycles';
import { incidence, type Packing, packCycles } from './packing';
import { maxCycleCover, permutationCycles } from './uncapped';

/** A swap chain: items[k]'s owner gives items[k] and receives items[k + 1] (the last receives items[0]). */
export interface Chain {
  items: string[];
  /** The owner (member id) giving each item: givers[k] gives items[k] and receives items[k + 1]. */
  givers: string[];
  /** Real items (dummies excluded): the members taking part, one item each. */
  members: number;
}

export interface FindChainsOptions {
  /** 'uncapped': the most items traded, cycles of any length. 'capped': what the product proposes. */
  mode: 'uncapped' | 'capped';
  /** Capped: cycles of minMembers..maxMembers members, each owner at most once per cycle. Defaults 2 and 5. */
  minMembers?: number;
  maxMembers?: number;
  /** Each receiver's received value within ±valueBand of what they give (when both values are known). Default null. */
  valueBand?: number | null;
  /** Capped: the whole computation's budget; enumeration, heuristic and solver share it. Default 30,000 ms. */
  timeBudgetMs?: number;
  /** Item ids that may not take part (e.g. already in accepted chains). */
  exclude?: ReadonlySet<string>;
  /** Capped: 'auto' solves the integer program with HiGHS when it fits; 'heuristic' never does. Default 'auto'. */
  solver?: 'auto' | 'heuristic';
  /** Capped: stop enumerating after this many cycles (the result is then not proved optimal). Default 2,000,000. */
  maxCycles?: number;
  /** Capped: the integer program is tried only up to this many cycles. Default 400,000. */
  ilpMaxCycles?: number;
  /**
   * Capped: when the solver gives no bound (heuristic only, too many cycles), bound the result by
   * the uncapped optimum. It costs about an uncapped run. Default true.
   */
  uncappedBound?: boolean;
}

export interface ChainResult {
  mode: 'uncapped' | 'capped';
  chains: Chain[];
  /** Real items in chains (dummies never count). */
  itemsTraded: number;
  assistedTraded: number;
  /** Members in the longest chain. */
  largestChain: number;
  /**
   * 'matching': uncapped min-cost matching (always exact); 'ilp': HiGHS's integer program found it;
   * 'relax-and-fix': the cycles the LP relaxation takes whole, and HiGHS's integer program over the rest;
   * 'lp-rounding': greedy in the order of the LP relaxation's values, then local search;
   * 'heuristic': greedy (by weight, then fewest conflicts) and local search, without a solver.
   */
  method: 'matching' | 'ilp' | 'relax-and-fix' | 'lp-rounding' | 'heuristic';
  /** True when itemsTraded (and, among equals, assisted items) is proved the maximum. */
  optimal: boolean;
  /** A proved upper bound on itemsTraded, or null when none was reached in the budget. */
  upperBound: number | null;
  /**
   * Where the bound comes from: 'matching' or 'ilp' (the optimum itself), 'lp' (the LP relaxation of the
   * cycle formulation), 'ilp-bound' (HiGHS's dual bound: the LP with cuts), 'uncapped' (the uncapped
   * optimum, when the cycles could not all be enumerated or no solver ran).
   */
  boundSource: 'matching' | 'ilp' | 'ilp-bound' | 'lp' | 'uncapped' | null;
  /** 1 - itemsTraded / upperBound (0 when optimal). */
  gap: number | null;
  stats: {
    items: number;
    edges: number;
    /** Edges left after the value band, exclusions and the strongly-connected-components pruning. */
    usableEdges: number;
    /** Capped: cycles enumerated, and whether enumeration stopped early. */
    cycles: number | null;
    cyclesTruncated: boolean;
    ms: { prepare: number; enumerate: number; heuristic: number; solver: number; bound: number; total: number };
  };
}

/**
 * Item weights for the objective: W per item traded, W + 1 per Swap Assist item, 0 per dummy,
 * with W = assisted items + 1 so that all assisted bonuses together are worth less than one item.
 */
export function itemWeights(g: ChainGraph): { weight: Int32Array; W: number } {
  let assisted = 0;
  for (let v = 0; v < g.n; v++) if (!g.dummy[v] && g.assisted[v]) assisted++;
  const W = assisted + 1;
  const weight = new Int32Array(g.n);
  for (let v = 0; v < g.n; v++) weight[v] = g.dummy[v] ? 0 : W + g.assisted[v]!;
  return { weight, W };
}

export function toChains(g: ChainGraph, cycles: number[][]): { chains: Chain[]; items: number; assisted: number; largest: number } {
  const chains: Chain[] = [];
  let items = 0;
  let assisted = 0;
  let largest = 0;
  for (const c of cycles) {
    let members = 0;
    for (const v of c) {
      if (g.dummy[v]) continue;
      members++;
      assisted += g.assisted[v]!;
    }
    if (members === 0) continue; // a loop of dummies only trades nothing
    items += members;
    largest = Math.max(largest, members);
    chains.push({ items: c.map((v) => g.ids[v]!), givers: c.map((v) => g.ownerIds[g.owner[v]!]!), members });
  }
  return { chains, items, assisted, largest };
}

function excludeMask(g: ChainGraph, exclude?: ReadonlySet<string>): Uint8Array | undefined {
  if (!exclude || exclude.size === 0) return undefined;
  const mask = new Uint8Array(g.n);
  for (const id of exclude) {
    const v = g.index.get(id);
    if (v !== undefined) mask[v] = 1;
  }
  return mask;
}

function assertBandSupported(g: ChainGraph, band: number | null) {
  if (band === null) return;
  if (!(band >= 0)) throw new Error(`valueBand must be a non-negative number, got ${band}`);
  for (let v = 0; v < g.n; v++) {
    if (g.dummy[v]) throw new Error('value bands are not supported with dummy items (a band is checked edge by edge)');
  }
}

/**
 * The cycle formulation as a set-packing model over the given cycles (all by default): one column
 * per cycle, one row per item on two of them or more (an item on one cycle only adds nothing to
 * x ≤ 1).
 */
function packingModel(cs: CycleSet, n: number, cw: Float64Array, cols?: Int32Array): PackingModel {
  const numCols = cols ? cols.length : cs.count;
  const col = (j: number) => (cols ? cols[j]! : j);
  const uses = new Int32Array(n);
  for (let j = 0; j < numCols; j++) for (let k = cs.start[col(j)]!; k < cs.start[col(j) + 1]!; k++) uses[cs.items[k]!]!++;
  const rowOf = new Int32Array(n).fill(-1);
  let numRows = 0;
  for (let v = 0; v < n; v++) if (uses[v]! >= 2) rowOf[v] = numRows++;
  const starts = new Int32Array(numCols + 1);
  const rows: number[] = [];
  const weight = new Float64Array(numCols);
  for (let j = 0; j < numCols; j++) {
    const c = col(j);
    weight[j] = cw[c]!;
    const entries: number[] = [];
    for (let k = cs.start[c]!; k < cs.start[c + 1]!; k++) {
      const r = rowOf[cs.items[k]!]!;
      if (r !== -1) entries.push(r);
    }
    entries.sort((x, y) => x - y);
    for (const r of entries) rows.push(r);
    starts[j + 1] = rows.length;
  }
  return { numCols, numRows, weight, starts, rows: Int32Array.from(rows) };
}

/**
 * Relax and fix: keep the cycles the LP relaxation takes whole (x = 1; they share no item), and
 * solve the integer program over the cycles that avoid them. Much smaller than the whole program,
 * it is solved in a fraction of the time, and usually within a few items of the optimum.
 */
async function relaxAndFix(cs: CycleSet, n: number, cw: Float64Array, lpx: Float64Array, W: number, timeLimitSec: number) {
  const used = new Uint8Array(n);
  const chosen = new Uint8Array(cs.count);
  let total = 0;
  for (let c = 0; c < cs.count; c++) {
    if (lpx[c]! < 0.999) continue;
    chosen[c] = 1;
    total += cw[c]!;
    for (let k = cs.start[c]!; k < cs.start[c + 1]!; k++) used[cs.items[k]!] = 1;
  }
  const rest: number[] = [];
  for (let c = 0; c < cs.count; c++) {
    if (chosen[c]) continue;
    let free = true;
    for (let k = cs.start[c]!; k < cs.start[c + 1]! && free; k++) if (used[cs.items[k]!]) free = false;
    if (free) rest.push(c);
  }
  const cols = Int32Array.from(rest);
  // items first: stop once no further item can be gained (the tie-break among equals may be left)
  const sub = rest.length ? await solvePacking(packingModel(cs, n, cw, cols), { integer: true, timeLimitSec, absGap: W - 0.5 }) : null;
  if (sub?.x) {
    for (let j = 0; j < cols.length; j++) {
      if (sub.x[j]! > 0.5) {
        chosen[cols[j]!] = 1;
        total += cw[cols[j]!]!;
      }
    }
  }
  return { packing: { chosen, total } as Packing, ms: sub?.ms ?? 0, fixedCols: cs.count - rest.length, restCols: rest.length };
}

/** Finds swap chains in a want graph. See decision 0027 for the method and its measurements. */
export async function findChains(g: ChainGraph, opts: FindChainsOptions): Promise<ChainResult> {
  const t0 = performance.now();
  const band = opts.valueBand ?? null;
  assertBandSupported(g, band);
  const { weight, W } = itemWeights(g);
  const exclude = excludeMask(g, opts.exclude);
  const gf = pruneToCycles(filterEdges(g, band, exclude));
  const tPrepared = performance.now();
  const ms = { prepare: tPrepared - t0, enumerate: 0, heuristic: 0, solver: 0, bound: 0, total: 0 };
  const base = { items: g.n, edges: edgeCount(g), usableEdges: edgeCount(gf) };

  if (opts.mode === 'uncapped') {
    const perm = maxCycleCover(gf, weight);
    const r = toChains(g, permutationCycles(perm));
    ms.solver = performance.now() - tPrepared;
    ms.total = performance.now() - t0;
    return {
      mode: 'uncapped',
      chains: r.chains,
      itemsTraded: r.items,
      assistedTraded: r.assisted,
      largestChain: r.largest,
      method: 'matching',
      optimal: true,
      upperBound: r.items,
      boundSource: 'matching',
      gap: 0,
      stats: { ...base, cycles: null, cyclesTruncated: false, ms },
    };
  }

  const L = opts.maxMembers ?? 5;
  const minMembers = opts.minMembers ?? 2;
  if (!(Number.isInteger(L) && L >= 2)) throw new Error(`maxMembers must be an integer of at least 2, got ${L}`);
  if (!(Number.isInteger(minMembers) && minMembers >= 2 && minMembers <= L)) {
    throw new Error(`minMembers must be an integer from 2 to maxMembers, got ${minMembers}`);
  }
  const budget = opts.timeBudgetMs ?? 30_000;
  const deadline = t0 + budget;
  const cs = enumerateCycles(gf, {
    minMembers,
    maxMembers: L,
    maxCycles: opts.maxCycles ?? 2_000_000,
    deadline: t0 + budget * 0.5,
  });
  const tEnum = performance.now();
  ms.enumerate = tEnum - tPrepared;

  const cw = new Float64Array(cs.count);
  for (let c = 0; c < cs.count; c++) {
    let s = 0;
    for (let k = cs.start[c]!; k < cs.start[c + 1]!; k++) s += weight[cs.items[k]!]!;
    cw[c] = s;
  }
  const inc = incidence(cs, g.n);
  const timeLeft = () => deadline - performance.now();
  const useSolver = (opts.solver ?? 'auto') === 'auto' && cs.count > 0 && cs.count <= (opts.ilpMaxCycles ?? 400_000) && timeLeft() > 0;

  let packing: Packing;
  let method: ChainResult['method'] = 'heuristic';
  let optimal = false;
  let boundWeight: number | null = null;
  let boundSource: ChainResult['boundSource'] = null;

  if (!useSolver) {
    const tH = performance.now();
    packing = packCycles(cs, g.n, cw, inc, tH + Math.max(50, timeLeft() * 0.5));
    ms.heuristic = performance.now() - tH;
    if (cs.count === 0 && !cs.truncated) {
      optimal = true;
      boundWeight = 0;
      boundSource = 'ilp';
    }
  } else {
    const model = packingModel(cs, g.n, cw);
    // 1. the LP relaxation: a bound, and an order for rounding
    const lp = await solvePacking(model, { integer: false, timeLimitSec: (timeLeft() * 0.3) / 1000 });
    ms.solver += lp.ms;
    if (lp.status === 'optimal' && lp.bound !== null && !cs.truncated) {
      boundWeight = lp.bound;
      boundSource = 'lp';
    }
    // 2. LP rounding: greedy in order of LP value (then weight), then local search
    const tH = performance.now();
    let order: Int32Array | undefined;
    if (lp.x) {
      const x = lp.x;
      order = Int32Array.from({ length: cs.count }, (_, c) => c).sort((p, q) => x[q]! - x[p]! || cw[q]! - cw[p]! || p - q);
    }
    const target = boundWeight === null ? Infinity : Math.floor(boundWeight + 1e-6);
    packing = packCycles(cs, g.n, cw, inc, tH + Math.max(50, timeLeft() * 0.15), order, target);
    ms.heuristic = performance.now() - tH;
    if (order) method = 'lp-rounding';
    if (boundWeight !== null && packing.total >= Math.floor(boundWeight + 1e-6)) {
      // the rounding reaches the LP bound (weights are integers): proved optimal
      optimal = true;
    } else if (timeLeft() > 200) {
      // 3. relax and fix, when the LP gave values
      if (lp.x && timeLeft() > 1000) {
        const rf = await relaxAndFix(cs, g.n, cw, lp.x, W, (timeLeft() * 0.35) / 1000);
        ms.solver += rf.ms;
        if (rf.packing.total > packing.total + 1e-6) {
          packing = rf.packing;
          method = 'relax-and-fix';
        }
      }
    }
    if (!optimal && boundWeight !== null && packing.total >= Math.floor(boundWeight + 1e-6)) {
      optimal = true;
    } else if (!optimal && timeLeft() > 200) {
      // 4. the whole integer program, started from the best packing so far
      const start = new Float64Array(cs.count);
      for (let c = 0; c < cs.count; c++) start[c] = packing.chosen[c]!;
      const mip = await solvePacking(model, { integer: true, timeLimitSec: (timeLeft() * 0.95) / 1000, start });
      ms.solver += mip.ms;
      if (mip.x && mip.objective !== null && mip.objective > packing.total + 1e-6) {
        const chosen = new Uint8Array(cs.count);
        for (let c = 0; c < cs.count; c++) chosen[c] = mip.x[c]! > 0.5 ? 1 : 0;
        packing = { chosen, total: mip.objective };
        method = 'ilp';
      }
      // over a partial cycle set the solver proves nothing about the whole problem
      if (!cs.truncated) {
        if (mip.status === 'optimal') {
          optimal = true;
          boundWeight = packing.total;
          boundSource = 'ilp';
        } else if (mip.bound !== null && (boundWeight === null || mip.bound < boundWeight)) {
          boundWeight = mip.bound;
          boundSource = 'ilp-bound';
        }
      }
    }
  }
  const chosen = packing.chosen;

  const cycles: number[][] = [];
  for (let c = 0; c < cs.count; c++) if (chosen[c]) cycles.push(Array.from(cs.items.subarray(cs.start[c]!, cs.start[c + 1]!)));
  const r = toChains(g, cycles);

  let upperBound = boundWeight === null ? null : Math.floor(boundWeight / W + 1e-9);
  if (upperBound === null && (opts.uncappedBound ?? true) && timeLeft() > 0) {
    // the uncapped optimum bounds every capped packing (a packing is a cycle cover)
    const tb = performance.now();
    const perm = maxCycleCover(gf, weight, deadline);
    if (perm) {
      upperBound = toChains(g, permutationCycles(perm)).items;
      boundSource = 'uncapped';
    }
    ms.bound = performance.now() - tb;
  }
  ms.total = performance.now() - t0;
  return {
    mode: 'capped',
    chains: r.chains,
    itemsTraded: r.items,
    assistedTraded: r.assisted,
    largestChain: r.largest,
    method,
    optimal,
    upperBound,
    boundSource,
    gap: upperBound === null ? null : upperBound === 0 ? 0 : 1 - r.items / upperBound,
    stats: { ...base, cycles: cs.count, cyclesTruncated: cs.truncated, ms },
  };
}
