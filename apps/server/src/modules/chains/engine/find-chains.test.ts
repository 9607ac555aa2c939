import { describe, expect, it } from 'vitest';
import { type ChainResult, findChains, type FindChainsOptions } from './find-chains';
import type { ChainGraph } from './graph';
import { randomGraph, tg } from './test-graphs';
import { validateChains } from './validate';

const solvers = ['auto', 'heuristic'] as const;

async function run(g: ChainGraph, opts: FindChainsOptions): Promise<ChainResult> {
  const r = await findChains(g, { timeBudgetMs: 10_000, ...opts });
  const capped = opts.mode === 'capped';
  const v = validateChains(g, r.chains, {
    maxMembers: capped ? (opts.maxMembers ?? 5) : null,
    minMembers: capped ? opts.minMembers : undefined,
    valueBand: opts.valueBand ?? null,
  });
  expect(v.violations).toEqual([]);
  expect(v.itemsTraded).toBe(r.itemsTraded);
  for (const id of opts.exclude ?? []) expect(r.chains.flatMap((c) => c.items)).not.toContain(id);
  return r;
}
const ringsOf = (r: ChainResult) => r.chains.map((c) => [...c.items].sort().join('')).sort();

describe('findChains on hand-made graphs', () => {
  // two 3-rings share nothing, but a 2-ring a ↔ b blocks both: taking short rings first trades 2, the optimum 6
  const shortLoses = tg('a b c d e f', 'a>b>a a>c>d>a b>e>f>b');
  // a 5-ring through a1 and b1 blocks two 4-rings: taking long rings first trades 5, the optimum 8
  const longLoses = tg('a1 a2 a3 a4 b1 b2 b3 b4 x y z', 'a1>a2>a3>a4>a1 b1>b2>b3>b4>b1 a1>b1>x>y>z>a1');

  it.each(solvers)('capped (%s): short rings first loses to the optimum', async (solver) => {
    const r = await run(shortLoses, { mode: 'capped', solver });
    expect(r.itemsTraded).toBe(6);
    expect(ringsOf(r)).toEqual(['acd', 'bef']);
  });

  it.each(solvers)('capped (%s): long rings first loses to the optimum', async (solver) => {
    const r = await run(longLoses, { mode: 'capped', solver });
    expect(r.itemsTraded).toBe(8);
    expect(ringsOf(r)).toEqual(['a1a2a3a4', 'b1b2b3b4']);
  });

  it('capped with the solver proves its optimum; the heuristic alone does not claim to', async () => {
    const exact = await run(longLoses, { mode: 'capped', solver: 'auto' });
    expect(exact).toMatchObject({ optimal: true, upperBound: 8, gap: 0 });
    const heuristic = await run(longLoses, { mode: 'capped', solver: 'heuristic' });
    expect(heuristic.optimal).toBe(false);
    expect(heuristic.upperBound).toBeGreaterThanOrEqual(8); // the uncapped optimum bounds it
  });

  it('uncapped takes a ring of any length; capped keeps to maxMembers', async () => {
    const seven = tg('a b c d e f g', 'a>b>c>d>e>f>g>a c>a');
    const u = await run(seven, { mode: 'uncapped' });
    expect(u).toMatchObject({ itemsTraded: 7, largestChain: 7, optimal: true });
    for (const solver of solvers) {
      const c = await run(seven, { mode: 'capped', maxMembers: 5, solver });
      expect(ringsOf(c)).toEqual(['abc']);
      const c7 = await run(seven, { mode: 'capped', maxMembers: 7, solver });
      expect(c7.itemsTraded).toBe(7);
    }
  });

  it('capped never puts one owner twice in a ring; uncapped may', async () => {
    // a and c both belong to x: the only ring a → b → c → d → a has x twice
    const g = tg('a:x b:y c:x d:z', 'a>b>c>d>a');
    expect((await run(g, { mode: 'uncapped' })).itemsTraded).toBe(4);
    for (const solver of solvers) expect((await run(g, { mode: 'capped', solver })).itemsTraded).toBe(0);
  });

  it('keeps to the value band in both modes', async () => {
    // 100 → 125 → 160 → 100: 160 is +28 % of 125 but 100 is -37.5 % of 160, so the 3-ring breaks the ±30 % band
    const g = tg('a:x:100 b:y:125 c:z:160 d:w:110', 'a>b>c>a a>d>a');
    expect((await run(g, { mode: 'uncapped', valueBand: null })).itemsTraded).toBe(3);
    expect(ringsOf(await run(g, { mode: 'uncapped', valueBand: 0.3 }))).toEqual(['ad']);
    for (const solver of solvers) {
      expect(ringsOf(await run(g, { mode: 'capped', valueBand: null, solver }))).toEqual(['abc']);
      expect(ringsOf(await run(g, { mode: 'capped', valueBand: 0.3, solver }))).toEqual(['ad']);
    }
  });

  it('puts Swap Assist items first among equals, never above one more item traded', async () => {
    // a can ring with b or with c (equal size): c is assisted
    const equal = tg('a b c:o-c::A', 'a>b>a a>c>a');
    // two assisted 2-rings (x1 x2, y1 y2) or, instead, one plain 5-ring through x1 and y1
    const more = tg('x1:X::A x2:X2::A y1:Y::A y2:Y2::A p:P q:Q r:R', 'x1>x2>x1 y1>y2>y1 x1>p>y1>q>r>x1');
    for (const mode of ['uncapped', 'capped'] as const) {
      for (const solver of mode === 'capped' ? solvers : (['auto'] as const)) {
        const r = await run(equal, { mode, solver });
        expect(ringsOf(r)).toEqual(['ac']);
        expect(r.assistedTraded).toBe(1);
        const m = await run(more, { mode, solver });
        expect(m.itemsTraded).toBe(5);
        expect(m.assistedTraded).toBe(2);
      }
    }
  });

  it('leaves excluded items out, and honours minMembers', async () => {
    for (const mode of ['uncapped', 'capped'] as const) {
      expect(ringsOf(await run(shortLoses, { mode, exclude: new Set(['c']) }))).toEqual(['bef']);
    }
    expect(ringsOf(await run(shortLoses, { mode: 'capped', exclude: new Set(['c', 'e']) }))).toEqual(['ab']);
    expect(ringsOf(await run(shortLoses, { mode: 'capped', exclude: new Set(['c', 'e']), minMembers: 3 }))).toEqual([]);
  });

  it('stays valid and claims no optimum when enumeration stops early or the budget is spent', async () => {
    const partial = await run(longLoses, { mode: 'capped', maxCycles: 1 });
    expect(partial.stats).toMatchObject({ cycles: 1, cyclesTruncated: true });
    expect(partial).toMatchObject({ optimal: false, boundSource: 'uncapped', upperBound: 8 });
    // no time left after enumeration: no solver and no bound (the local search still gets its 50 ms floor)
    const rushed = await run(longLoses, { mode: 'capped', timeBudgetMs: 0 });
    expect(rushed).toMatchObject({ method: 'heuristic', optimal: false, upperBound: null });
    expect(rushed.itemsTraded).toBeGreaterThanOrEqual(5);
  });

  it('rejects bad options', async () => {
    await expect(findChains(shortLoses, { mode: 'capped', maxMembers: 1 })).rejects.toThrow(/maxMembers/);
    await expect(findChains(shortLoses, { mode: 'capped', minMembers: 6, maxMembers: 5 })).rejects.toThrow(/minMembers/);
    await expect(findChains(shortLoses, { mode: 'capped', valueBand: -1 })).rejects.toThrow(/valueBand/);
  });
});

// ---- against brute force on random graphs ---------------------------------------------------

/** Most items traded (then most assisted) by any permutation: every item keeps itself or takes a liked one. */
function bruteUncapped(g: ChainGraph): [number, number] {
  const n = g.n;
  const liked = (a: number, b: number) => {
    for (let k = g.outStart[a]!; k < g.outStart[a + 1]!; k++) if (g.outTo[k] === b) return true;
    return false;
  };
  const taken = new Uint8Array(n);
  let best: [number, number] = [0, 0];
  const go = (i: number, items: number, assisted: number) => {
    if (i === n) {
      if (items > best[0] || (items === best[0] && assisted > best[1])) best = [items, assisted];
      return;
    }
    for (let j = 0; j < n; j++) {
      if (taken[j] || (j !== i && !liked(i, j))) continue;
      taken[j] = 1;
      go(i + 1, items + (j === i ? 0 : 1), assisted + (j === i ? 0 : g.assisted[i]!));
      taken[j] = 0;
    }
  };
  go(0, 0, 0);
  return best;
}

/** All rings of 2..L items with distinct owners (naive DFS from every start, kept once by their lowest item). */
function bruteRings(g: ChainGraph, L: number): number[][] {
  const rings: number[][] = [];
  const path: number[] = [];
  const go = (s: number, x: number) => {
    for (let k = g.outStart[x]!; k < g.outStart[x + 1]!; k++) {
      const y = g.outTo[k]!;
      if (y === s && path.length >= 2) rings.push([...path]);
      if (y <= s || path.includes(y) || path.length >= L) continue;
      if (path.some((p) => g.owner[p] === g.owner[y])) continue;
      path.push(y);
      go(s, y);
      path.pop();
    }
  };
  for (let s = 0; s < g.n; s++) {
    path.push(s);
    go(s, s);
    path.pop();
  }
  return rings;
}

/** The best packing of vertex-disjoint rings (items, then assisted), by exhaustive search. */
function brutePacking(g: ChainGraph, rings: number[][]): [number, number] {
  const used = new Uint8Array(g.n);
  let best: [number, number] = [0, 0];
  const go = (from: number, items: number, assisted: number) => {
    if (items > best[0] || (items === best[0] && assisted > best[1])) best = [items, assisted];
    for (let r = from; r < rings.length; r++) {
      const ring = rings[r]!;
      if (ring.some((v) => used[v])) continue;
      for (const v of ring) used[v] = 1;
      go(r + 1, items + ring.length, assisted + ring.reduce((s, v) => s + g.assisted[v]!, 0));
      for (const v of ring) used[v] = 0;
    }
  };
  go(0, 0, 0);
  return best;
}

describe('findChains against brute force on random graphs', () => {
  it('uncapped equals the best permutation (items, then assisted items)', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const g = randomGraph(seed, 7, 5, 0.3);
      const r = await run(g, { mode: 'uncapped' });
      expect([r.itemsTraded, r.assistedTraded], `seed ${seed}`).toEqual(bruteUncapped(g));
    }
  });

  it('capped with the solver equals the best packing of rings of 2..L members with distinct owners', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const L = 2 + (seed % 4);
      const g = randomGraph(100 + seed, 10, 7, 0.28);
      const expected = brutePacking(g, bruteRings(g, L));
      const r = await run(g, { mode: 'capped', maxMembers: L, solver: 'auto' });
      expect([r.itemsTraded, r.assistedTraded], `seed ${seed}, L ${L}`).toEqual(expected);
      expect(r.optimal).toBe(true);
      const h = await run(g, { mode: 'capped', maxMembers: L, solver: 'heuristic' });
      expect(h.itemsTraded).toBeLessThanOrEqual(expected[0]);
      expect(h.upperBound).toBeGreaterThanOrEqual(expected[0]);
    }
  });

  it('capped with a value band equals brute force over the in-band edges', async () => {
    for (let seed = 1; seed <= 10; seed++) {
      const g = randomGraph(200 + seed, 10, 8, 0.35, true);
      const band = 0.25;
      const inBand = bruteRings(g, 4).filter((ring) =>
        ring.every((q, i) => {
          const p = ring[(i + 1) % ring.length]!;
          return Math.abs(g.value[p]! - g.value[q]!) <= band * g.value[q]!;
        }),
      );
      const r = await run(g, { mode: 'capped', maxMembers: 4, valueBand: band });
      expect([r.itemsTraded, r.assistedTraded], `seed ${seed}`).toEqual(brutePacking(g, inBand));
    }
  });
});
