import { describe, expect, it } from 'vitest';
import { tg } from './test-graphs';
import { type ChainToCheck, type ValidateOptions, validateChains, type ViolationKind } from './validate';

// a 3-ring a → b → c → a of three owners, values 100/110/95, plus d (x's second item) and e (owner y)
const g = tg('a:x:100 b:y:110 c:z:95 d:x:100 e:y:300', 'a>b>c>a b>d>b d>c c>d a>e>a');
const capped: ValidateOptions = { maxMembers: 3, valueBand: 0.3 };
const kinds = (chains: ChainToCheck[], opts = capped) => validateChains(g, chains, opts).violations.map((v) => v.kind);

describe('validateChains', () => {
  it('accepts a valid chain and counts its members', () => {
    const v = validateChains(g, [{ items: ['a', 'b', 'c'], givers: ['x', 'y', 'z'] }], capped);
    expect(v).toEqual({ ok: true, violations: [], itemsTraded: 3 });
  });

  // each case breaks one rule; the list is every violation the checker must report for it
  const cases: [string, ChainToCheck[], ViolationKind[], ValidateOptions?][] = [
    ['an item that is not in the graph', [{ items: ['a', 'b', 'zz'] }], ['unknown-item']],
    ['a giver who does not own the item', [{ items: ['a', 'b', 'c'], givers: ['x', 'z', 'z'] }], ['not-owner']],
    ['a receiver who did not like what they receive', [{ items: ['a', 'c', 'b'] }], ['not-liked', 'not-liked', 'not-liked']],
    ['the same item in two chains', [{ items: ['a', 'b', 'c'] }, { items: ['b', 'd'] }], ['item-twice']],
    ['a chain of one (nobody likes their own item)', [{ items: ['a'] }], ['too-short', 'not-liked']],
    ['a chain over the cap', [{ items: ['a', 'b', 'c'] }], ['too-long'], { maxMembers: 2, valueBand: null }],
    ['an owner twice in a capped chain', [{ items: ['a', 'b', 'd', 'c'] }], ['owner-twice'], { maxMembers: 5, valueBand: null }],
    ['a value outside the band (both receivers)', [{ items: ['a', 'e'] }], ['value-band', 'value-band']],
  ];
  it.each(cases)('catches %s', (_name, chains, expected, opts) => {
    expect(kinds(chains, opts ?? capped)).toEqual(expected);
  });

  it('allows an owner twice and any length when uncapped, but still checks likes and bands', () => {
    // b → d → c → a → b: d (x) and a (x) in one ring
    const h = tg('a:x b:y c:z d:x', 'a>b>d>c>a');
    expect(validateChains(h, [{ items: ['a', 'b', 'd', 'c'] }], { maxMembers: null, valueBand: null }).ok).toBe(true);
    expect(validateChains(h, [{ items: ['a', 'b', 'd', 'c'] }], { maxMembers: 5, valueBand: null }).violations.map((v) => v.kind)).toEqual([
      'owner-twice',
    ]);
    expect(kinds([{ items: ['a', 'e'] }], { maxMembers: null, valueBand: 0.3 })).toEqual(['value-band', 'value-band']);
  });

  it('checks the band both ways, and not where a value is unknown', () => {
    const h = tg('a:x:100 b:y:130 c:z:131 d:w', 'a>b>a a>c>a a>d>a');
    const band = { maxMembers: 5, valueBand: 0.3 };
    expect(validateChains(h, [{ items: ['a', 'b'] }], band).ok).toBe(true); // 130 is +30 %, 100 is -23 % of 130
    expect(validateChains(h, [{ items: ['a', 'c'] }], band).violations.map((v) => v.kind)).toEqual(['value-band']);
    expect(validateChains(h, [{ items: ['a', 'd'] }], band).ok).toBe(true);
  });

  it('honours minMembers', () => {
    expect(kinds([{ items: ['a', 'e'] }], { maxMembers: 5, valueBand: null, minMembers: 3 })).toEqual(['too-short']);
  });
});
