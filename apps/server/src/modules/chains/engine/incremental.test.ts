import { describe, expect, it } from 'vitest';
import { ChainIndex } from './incremental';
import { randomGraph, seeded, tg } from './test-graphs';
import { validateChains } from './validate';
import { buildChainGraph } from './graph';

const none = new Set<string>();

describe('ChainIndex (incremental search after a new like)', () => {
  // b → c → d → a already; the new like a → b closes a 4-ring, a → c a 3-ring
  const g = tg('a:x:100 b:y:100 c:z:120 d:w:90 e:v:100', 'b>c>d>a c>a b>e');

  it('finds the longest chain through the new like, without rebuilding the graph', () => {
    const idx = new ChainIndex(g);
    expect(idx.chainThrough('a', 'b', { inChains: none }).chain).toBeNull(); // not liked yet
    expect(idx.addLike('a', 'b')).toBe(true);
    expect(idx.addLike('a', 'b')).toBe(false);
    const r = idx.chainThrough('a', 'b', { inChains: none });
    expect(r.chain?.items).toEqual(['a', 'b', 'c', 'd']);
    expect(r.chain?.givers).toEqual(['x', 'y', 'z', 'w']);
    expect(r.found).toBe(2); // a b c d and a b c
  });

  it('keeps to maxMembers, the items already in chains, the band and distinct owners', () => {
    const idx = new ChainIndex(g);
    idx.addLike('a', 'b');
    expect(idx.chainThrough('a', 'b', { inChains: none, maxMembers: 3 }).chain?.items).toEqual(['a', 'b', 'c']);
    expect(idx.chainThrough('a', 'b', { inChains: new Set(['c']) }).chain).toBeNull();
    // c (120) receives d (90): -25 %, outside ±20 %
    expect(idx.chainThrough('a', 'b', { inChains: none, valueBand: 0.2 }).chain?.items).toEqual(['a', 'b', 'c']);
    const same = new ChainIndex(tg('a:x b:y c:x', 'b>c>a'));
    same.addLike('a', 'b');
    expect(same.chainThrough('a', 'b', { inChains: none }).chain).toBeNull();
    expect(same.addLike('a', 'c')).toBe(false); // one's own item
  });

  it('uses likes added earlier, and prefers Swap Assist among equals', () => {
    const idx = new ChainIndex(tg('a b c d:o-d::A', 'c>a d>a'));
    idx.addLike('b', 'c');
    idx.addLike('b', 'd');
    idx.addLike('a', 'b');
    expect(idx.chainThrough('a', 'b', { inChains: none }).chain?.items).toEqual(['a', 'b', 'd']);
  });

  it('finds every ring through the new like that a naive search finds, and the longest', () => {
    const r = seeded(7);
    let withRings = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const g0 = randomGraph(300 + seed, 12, 9, 0.2);
      let a = 0;
      let b = 0;
      do {
        a = Math.floor(r() * g0.n);
        b = Math.floor(r() * g0.n);
      } while (a === b || g0.owner[a] === g0.owner[b]);
      const idx = new ChainIndex(g0);
      idx.addLike(g0.ids[a]!, g0.ids[b]!);
      const L = 4;
      const res = idx.chainThrough(g0.ids[a]!, g0.ids[b]!, { inChains: none, maxMembers: L });
      // naive: every path b → … → a of distinct owners, a → b being the new like
      const lengths: number[] = [];
      const path = [a, b];
      const go = (x: number) => {
        for (let k = g0.outStart[x]!; k < g0.outStart[x + 1]!; k++) {
          const y = g0.outTo[k]!;
          if (y === a) lengths.push(path.length);
          else if (path.length < L && !path.some((p) => g0.owner[p] === g0.owner[y])) {
            path.push(y);
            go(y);
            path.pop();
          }
        }
      };
      go(b);
      expect(res.found, `seed ${seed}`).toBe(lengths.length);
      expect(res.chain?.members ?? 0, `seed ${seed}`).toBe(lengths.length ? Math.max(...lengths) : 0);
      if (res.chain) {
        withRings++;
        const g1 = buildChainGraph(
          g0.ids.map((id, v) => ({ id, ownerId: g0.ownerIds[g0.owner[v]!]!, valueCents: null, assisted: false })),
          [
            { from: g0.ids[a]!, to: g0.ids[b]! },
            ...g0.ids.flatMap((id, q) =>
              Array.from(g0.outTo.subarray(g0.outStart[q]!, g0.outStart[q + 1]!), (t) => ({ from: id, to: g0.ids[t]! })),
            ),
          ],
        );
        expect(validateChains(g1, [res.chain], { maxMembers: L, valueBand: null }).violations).toEqual([]);
      }
    }
    expect(withRings).toBeGreaterThan(5);
  });
});
