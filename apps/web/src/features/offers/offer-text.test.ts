import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/instance';
import { initI18n } from '../../i18n/index';
import { cashPhrase, describeCash, describeTimeLeft, stateLabel, timeLeft } from './offer-text';

const ana = { id: 'ana', displayName: 'Ana', avatarUrl: null };
const ben = { id: 'ben', displayName: 'Ben', avatarUrl: null };
/** Ana offers on Ben's post unless the owner proposed it (a counter-offer). */
const terms = (cashKind: 'none' | 'add' | 'request' | 'only', cashCents: number, proposedBy: 'offerer' | 'owner' = 'offerer') => ({
  cashKind,
  cashCents,
  proposedBy,
  offerer: ana,
  owner: ben,
});

beforeAll(async () => {
  await initI18n('en-US');
  await i18n.loadNamespaces(['offers', 'errors']);
});

describe('the cash part in words', () => {
  const say = (o: ReturnType<typeof terms>, viewer: string | null) => describeCash(i18n.t, o, viewer, 'en-US');

  it('says who adds cash, from where the viewer stands', () => {
    expect(say(terms('add', 5000), 'ben')).toBe('Ana adds A$50');
    expect(say(terms('add', 5000), 'ana')).toBe('You add A$50');
  });

  it('turns a request for cash into "asks you to add" for the one asked', () => {
    expect(say(terms('request', 5000), 'ben')).toBe('Ana asks you to add A$50');
    expect(say(terms('request', 5000), 'ana')).toBe('You ask Ben to add A$50');
    expect(say(terms('request', 5000), 'admin')).toBe('Ana asks Ben to add A$50');
  });

  it('follows the proposer in a counter-offer: the owner asking for more cash, or adding some', () => {
    expect(say(terms('add', 8000, 'owner'), 'ana')).toBe('Ben asks you to add A$80');
    expect(say(terms('add', 8000, 'owner'), 'ben')).toBe('You ask Ana to add A$80');
    expect(say(terms('request', 2050, 'owner'), 'ana')).toBe('Ben adds A$20.50');
  });

  it('reads cash only and no cash plainly', () => {
    expect(say(terms('only', 12_000), 'ben')).toBe('Cash only: A$120');
    expect(say(terms('none', 0), 'ben')).toBe('No cash');
    expect(cashPhrase(terms('add', 0), 'ben', 'en-US').key).toBe('cash.none');
  });
});

describe('time left on an offer', () => {
  const now = Date.parse('2026-05-01T12:00:00Z');
  const at = (hours: number) => new Date(now + hours * 3600_000).toISOString();

  it('counts days from two days up, rounding so a fresh week reads 7 days', () => {
    expect(timeLeft(at(7 * 24 - 0.01), now)).toEqual({ key: 'days', count: 7 });
    expect(timeLeft(at(3 * 24 + 2), now)).toEqual({ key: 'days', count: 3 });
    expect(describeTimeLeft(i18n.t, at(3 * 24), now)).toBe('3 days left');
  });

  it('counts hours under two days and minutes under an hour, never showing zero', () => {
    expect(describeTimeLeft(i18n.t, at(47.5), now)).toBe('48 hours left');
    expect(describeTimeLeft(i18n.t, at(1), now)).toBe('1 hour left');
    expect(describeTimeLeft(i18n.t, at(0.5), now)).toBe('30 minutes left');
    expect(describeTimeLeft(i18n.t, at(0.001), now)).toBe('1 minute left');
  });

  it('says expired once the time is up', () => {
    expect(timeLeft(at(0), now).key).toBe('expired');
    expect(timeLeft(at(-5), now).key).toBe('expired');
  });
});

describe('the state badge', () => {
  it('shows a pending offer as sent or received, from the viewer’s box', () => {
    expect(stateLabel({ state: 'pending', box: 'sent' }).key).toBe('box.sent');
    expect(stateLabel({ state: 'pending', box: 'received' }).key).toBe('box.received');
    expect(stateLabel({ state: 'completed', box: null }).key).toBe('state.completed');
  });
});
