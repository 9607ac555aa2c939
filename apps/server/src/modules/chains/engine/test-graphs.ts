import { buildChainGraph, type ChainGraph, type ChainItemInput } from './graph';

/**
 * Small hand-made want graphs for the engine's tests. Items are `id:owner[:value][:A]` (A marks a
 * Swap Assist item; without an owner the item is its own owner), edges `a>b` ("a's owner would
 * give a to receive b"), and `a>b>c>a` chains several.
 */
export function tg(items: string, edges: string): ChainGraph {
  const list: ChainItemInput[] = items
    .trim()
    .split(/\s+/)
    .map((spec) => {
      const [id, owner, value, flag] = spec.split(':');
      return {
        id: id!,
        ownerId: owner || `o-${id}`,
        valueCents: value ? Number(value) : null,
        assisted: flag === 'A',
      };
    });
  const e: { from: string; to: string }[] = [];
  for (const run of edges.trim().split(/\s+/).filter(Boolean)) {
    const ids = run.split('>');
    for (let k = 0; k + 1 < ids.length; k++) e.push({ from: ids[k]!, to: ids[k + 1]! });
  }
  return buildChainGraph(list, e);
}

/** A deterministic pseudo-random generator (mulberry32) for the randomised tests. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A random want graph: n items, `owners` members, each possible edge with probability p. */
export function randomGraph(seed: number, n: number, owners: number, p: number, withValues = false): ChainGraph {
  const r = seeded(seed);
  const items: ChainItemInput[] = Array.from({ length: n }, (_, i) => ({
    id: `i${i}`,
    ownerId: `m${Math.floor(r() * owners)}`,
    valueCents: withValues ? 1000 + Math.floor(r() * 1000) : null,
    assisted: r() < 0.2,
  }));
  const edges: { from: string; to: string }[] = [];
  for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) if (a !== b && r() < p) edges.push({ from: `i${a}`, to: `i${b}` });
  return buildChainGraph(items, edges);
}
