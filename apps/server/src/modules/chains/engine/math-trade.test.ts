import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChains } from './find-chains';
import { buildChainGraph } from './graph';
import { parseMathTrade } from './math-trade';
import { validateChains } from './validate';

const SAMPLE = `
# a comment
#! ALLOW-DUMMIES REQUIRE-COLONS
#! REQUIRE-USERNAMES

!BEGIN-OFFICIAL-NAMES
1-CATAN ==> "Catan" (from Alice)
2-PUERTO ==> "Puerto Rico" (from Bob Jones)
3-GO ==> "Go"
4-CHESS
5-RISK
!END-OFFICIAL-NAMES

(Alice) 1-catan : 2-PUERTO ; %DUP 9-UNKNOWN 1-CATAN
(Alice) %dup : 3-go 4-chess
(Bob Jones) 2-PUERTO : 1-CATAN 3-GO;4-CHESS
(Carol) 3-GO : 2-PUERTO 1-CATAN
(Dan) 4-CHESS : 1-catan 5-RISK
(Dan) 5-RISK : 4-CHESS 2-PUERTO
(Eve) 6-NOTOFFICIAL : 1-CATAN
(Carol) 3-GO : 5-RISK
(Bob Jones) %DUP : 1-CATAN
`;

describe('parseMathTrade', () => {
  const mt = parseMathTrade(SAMPLE);
  const edges = mt.edges.map((e) => `${e.from}>${e.to}`);

  it('reads options, usernames with spaces, colons and case-insensitive names', () => {
    expect(mt.options).toEqual(['ALLOW-DUMMIES', 'REQUIRE-COLONS', 'REQUIRE-USERNAMES']);
    expect(mt.items.map((i) => [i.id, i.ownerId, i.dummy])).toEqual([
      ['1-CATAN', '(ALICE)', false],
      ['%DUP for user (ALICE)', '(ALICE)', true],
      ['2-PUERTO', '(BOB JONES)', false],
      ['3-GO', '(CAROL)', false],
      ['4-CHESS', '(DAN)', false],
      ['5-RISK', '(DAN)', false],
      ['%DUP for user (BOB JONES)', '(BOB JONES)', true],
    ]);
  });

  it('makes dummies per user, and skips what TradeMaximizer skips', () => {
    expect(edges).toEqual([
      '1-CATAN>2-PUERTO',
      '1-CATAN>%DUP for user (ALICE)', // Alice's own dummy, through the semicolon
      '%DUP for user (ALICE)>3-GO',
      '%DUP for user (ALICE)>4-CHESS',
      '2-PUERTO>1-CATAN',
      '2-PUERTO>3-GO',
      '2-PUERTO>4-CHESS', // "3-GO;4-CHESS" is two wants
      '3-GO>2-PUERTO',
      '3-GO>1-CATAN',
      '4-CHESS>1-CATAN', // 5-RISK is Dan's own item
      '5-RISK>2-PUERTO',
      '%DUP for user (BOB JONES)>1-CATAN',
    ]);
    const w = mt.warnings.join('\n');
    expect(w).toMatch(/1-CATAN appears in its own want list/);
    expect(w).toMatch(/6-NOTOFFICIAL ignored: not an official name/);
    expect(w).toMatch(/3-GO has multiple want lists/);
    expect(w).toMatch(/names 5-RISK, of the same user/);
    expect(w).toMatch(/1 wants name items without a want list/); // 9-UNKNOWN
  });

  it('finds trades through a dummy, which counts as no item', async () => {
    const g = buildChainGraph(mt.items, mt.edges);
    const r = await findChains(g, { mode: 'uncapped' });
    expect(validateChains(g, r.chains, { maxMembers: null, valueBand: null }).ok).toBe(true);
    // all four real items trade through Alice's dummy (e.g. 1-CATAN → dummy → 4-CHESS → 1-CATAN with
    // 2-PUERTO ↔ 3-GO, or one 4-ring); the dummy is in a chain but is not counted
    expect(r.itemsTraded).toBe(4);
    expect(r.chains.flatMap((c) => c.items).sort()).toEqual(['%DUP for user (ALICE)', '1-CATAN', '2-PUERTO', '3-GO', '4-CHESS']);
    expect(r.chains.reduce((s, c) => s + c.members, 0)).toBe(4);
  });

  it('rejects what TradeMaximizer treats as fatal', () => {
    expect(() => parseMathTrade('#! REQUIRE-COLONS\n(a) 1 2 3')).toThrow(/missing colon/);
    expect(() => parseMathTrade('#! REQUIRE-USERNAMES\n1 : 2')).toThrow(/missing username/);
    expect(() => parseMathTrade('(a) 1 : 2 : 3')).toThrow(/more than one colon/);
    expect(() => parseMathTrade('(a) 1 : 2 # note')).toThrow(/comments/);
    expect(() => parseMathTrade('(a 1 : 2')).toThrow(/missing '\)'/);
  });

  it('without ALLOW-DUMMIES, dummy items are refused', () => {
    const m = parseMathTrade('(a) 1 : %X\n(a) %X : 2\n(b) 2 : 1');
    expect(m.items.map((i) => i.id)).toEqual(['1', '2']);
    expect(m.warnings.join('\n')).toMatch(/dummy items not allowed/);
  });
});

describe('real math trades (bench/math-trades)', () => {
  const dir = path.resolve(import.meta.dirname, '../../../../../../bench/math-trades');
  const read = (name: string) => {
    const file = path.join(dir, `${name}.txt`);
    if (!fs.existsSync(file)) throw new Error(`missing ${file}: the math-trade want lists are needed for this test`);
    return parseMathTrade(fs.readFileSync(file, 'utf8'));
  };

  it('uncapped trades exactly as many items as TradeMaximizer on BR2024May (196)', async () => {
    const mt = read('BR2024May');
    const g = buildChainGraph(mt.items, mt.edges);
    const r = await findChains(g, { mode: 'uncapped' });
    expect(validateChains(g, r.chains, { maxMembers: null, valueBand: null }).ok).toBe(true);
    expect(r.itemsTraded).toBe(196);
  });

  it('capped on BR2024May is proved optimal and valid, below the uncapped count', async () => {
    const mt = read('BR2024May');
    const g = buildChainGraph(mt.items, mt.edges);
    const r = await findChains(g, { mode: 'capped', maxMembers: 5, timeBudgetMs: 30_000 });
    expect(validateChains(g, r.chains, { maxMembers: 5, valueBand: null }).ok).toBe(true);
    expect(r.optimal).toBe(true);
    expect(r.itemsTraded).toBe(r.upperBound);
    expect(r.itemsTraded).toBeLessThan(196);
    expect(r.largestChain).toBeLessThanOrEqual(5);
  });
});
