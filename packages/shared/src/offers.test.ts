import { describe, expect, it } from 'vitest';
import {
  OFFER_STATES,
  OFFER_TRANSITION_NAMES,
  availableTransitions,
  canTransition,
  nextState,
  type OfferRole,
  type OfferState,
  type OfferTransition,
} from './offers';
import { offerMethodChosen } from './input-rules';

const ROLES: OfferRole[] = ['proposer', 'responder', 'system', 'none'];

/** The graph, written out by hand: [transition, from, role] → to. Everything not listed is forbidden. */
const ALLOWED: Array<[OfferTransition, OfferState, OfferRole, OfferState]> = [
  ['accept', 'pending', 'responder', 'accepted'],
  ['decline', 'pending', 'responder', 'declined'],
  ['counter', 'pending', 'responder', 'countered'],
  ['suggest_change', 'pending', 'responder', 'pending'],
  ['withdraw', 'pending', 'proposer', 'withdrawn'],
  ['resubmit', 'declined', 'proposer', 'declined'],
  ['resubmit', 'expired', 'proposer', 'expired'],
  ['confirm_receipt', 'accepted', 'proposer', 'accepted'],
  ['confirm_receipt', 'accepted', 'responder', 'accepted'],
  ['report_problem', 'accepted', 'proposer', 'disputed'],
  ['report_problem', 'accepted', 'responder', 'disputed'],
  ['expire', 'pending', 'system', 'expired'],
];

describe('the offer state graph', () => {
  const cases = OFFER_TRANSITION_NAMES.flatMap((t) => OFFER_STATES.flatMap((s) => ROLES.map((r) => [t, s, r] as const)));

  it.each(cases)('%s from %s by %s', (transition, state, role) => {
    const rule = ALLOWED.find(([t, s, r]) => t === transition && s === state && r === role);
    expect(canTransition(state, transition, role)).toBe(!!rule);
    if (rule) expect(nextState(state, transition)).toBe(rule[3]);
  });

  it('completes a swap only when both parties have confirmed receipt', () => {
    expect(nextState('accepted', 'confirm_receipt', false)).toBe('accepted');
    expect(nextState('accepted', 'confirm_receipt', true)).toBe('completed');
  });

  it('offers each side the buttons of its role', () => {
    expect(availableTransitions('pending', 'responder')).toEqual(['accept', 'decline', 'counter', 'suggest_change']);
    expect(availableTransitions('pending', 'proposer')).toEqual(['withdraw']);
    expect(availableTransitions('expired', 'proposer')).toEqual(['resubmit']);
    expect(availableTransitions('completed', 'proposer')).toEqual([]);
    expect(availableTransitions('pending', 'none')).toEqual([]);
  });
});

describe('offer methods', () => {
  it('needs items or cash', () => {
    expect(offerMethodChosen({ itemIds: [], cashKind: 'none', cashCents: 0 })).toBe(false);
    expect(offerMethodChosen({ itemIds: [], cashKind: 'add', cashCents: 0 })).toBe(false);
    expect(offerMethodChosen({ itemIds: ['a'], cashKind: 'none', cashCents: 0 })).toBe(true);
    expect(offerMethodChosen({ itemIds: ['a'], cashKind: 'add', cashCents: 500 })).toBe(true);
    expect(offerMethodChosen({ itemIds: [], cashKind: 'request', cashCents: 500 })).toBe(true);
    expect(offerMethodChosen({ itemIds: [], cashKind: 'only', cashCents: 500 })).toBe(true);
    expect(offerMethodChosen({ itemIds: ['a'], cashKind: 'only', cashCents: 500 })).toBe(false);
  });
});
