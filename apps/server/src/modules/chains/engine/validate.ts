import type { ChainGraph } from './graph';

/**
 * Checks a set of swap chains against the want graph, independently of how they were found (it
 * uses none of the engine's search code): tests and the bench run every result through it.
 *
 * A chain lists items; the giver of items[k] gives it and receives items[k + 1] (the last giver
 * receives items[0]). Dummy items (math trades) may appear; they are not members.
 */
export interface ChainToCheck {
  items: readonly string[];
  /** Who gives each item (owner ids), when the caller states it; checked against the graph. */
  givers?: readonly string[];
}

export interface ValidateOptions {
  /** Capped: minMembers..maxMembers members and distinct owners. Uncapped (null): at least 2 members. */
  maxMembers: number | null;
  /** Default 2. */
  minMembers?: number;
  /** Each receiver's received value within ±valueBand of what they give (known values only). */
  valueBand: number | null;
}

export type ViolationKind =
  'unknown-item' | 'not-owner' | 'not-liked' | 'item-twice' | 'too-short' | 'too-long' | 'owner-twice' | 'value-band';

export interface Violation {
  chain: number;
  kind: ViolationKind;
  detail: string;
}

export interface Validation {
  ok: boolean;
  violations: Violation[];
  /** Members (real items) over all chains. */
  itemsTraded: number;
}

function liked(g: ChainGraph, a: number, b: number): boolean {
  // out-edges of a are sorted: a plain binary search
  let lo = g.outStart[a]!;
  let hi = g.outStart[a + 1]!;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (g.outTo[mid]! < b) lo = mid + 1;
    else hi = mid;
  }
  return lo < g.outStart[a + 1]! && g.outTo[lo] === b;
}

export function validateChains(g: ChainGraph, chains: readonly ChainToCheck[], opts: ValidateOptions): Validation {
  const violations: Violation[] = [];
  const seen = new Map<string, number>();
  let itemsTraded = 0;
  chains.forEach((chain, ci) => {
    const add = (kind: ViolationKind, detail: string) => violations.push({ chain: ci, kind, detail });
    const idx: number[] = [];
    for (const id of chain.items) {
      const v = g.index.get(id);
      if (v === undefined) add('unknown-item', `${id} is not in the graph`);
      else idx.push(v);
      const before = seen.get(id);
      if (before !== undefined) add('item-twice', `${id} is also in chain ${before}`);
      else seen.set(id, ci);
    }
    if (idx.length !== chain.items.length) return;
    const k = idx.length;
    if (chain.givers) {
      if (chain.givers.length !== k) add('not-owner', `${chain.givers.length} givers for ${k} items`);
      else
        for (let i = 0; i < k; i++) {
          const owner = g.ownerIds[g.owner[idx[i]!]!];
          if (chain.givers[i] !== owner) add('not-owner', `${chain.givers[i]} gives ${chain.items[i]}, which ${owner} owns`);
        }
    }
    const real = idx.filter((v) => !g.dummy[v]);
    itemsTraded += real.length;
    const min = Math.max(2, opts.minMembers ?? 2);
    if (real.length < min) add('too-short', `${real.length} member(s), at least ${min}`);
    if (opts.maxMembers !== null) {
      if (real.length > opts.maxMembers) add('too-long', `${real.length} members, at most ${opts.maxMembers}`);
      const owners = new Set<number>();
      for (const v of real) {
        if (owners.has(g.owner[v]!)) add('owner-twice', `${g.ownerIds[g.owner[v]!]} is in the chain twice`);
        owners.add(g.owner[v]!);
      }
    }
    for (let i = 0; i < k; i++) {
      const q = idx[i]!;
      const p = idx[(i + 1) % k]!;
      if (!liked(g, q, p)) add('not-liked', `the giver of ${g.ids[q]} did not like ${g.ids[p]}`);
    }
    if (opts.valueBand !== null && real.length > 0) {
      // a real receiver gets the next real item (dummies pass it on)
      for (let i = 0; i < real.length; i++) {
        const q = real[i]!;
        const p = real[(i + 1) % real.length]!;
        const vq = g.value[q]!;
        const vp = g.value[p]!;
        if (Number.isNaN(vq) || Number.isNaN(vp)) continue;
        if (Math.abs(vp - vq) > opts.valueBand * vq + 1e-6) {
          add('value-band', `${g.ids[q]} (${vq}) receives ${g.ids[p]} (${vp}), outside ±${opts.valueBand * 100} %`);
        }
      }
    }
  });
  return { ok: violations.length === 0, violations, itemsTraded };
}
