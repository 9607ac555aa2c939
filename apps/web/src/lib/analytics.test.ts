import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as contract from '@swapu/shared/analytics';
import { EVENTS_FLUSH_MS, EVENTS_PER_BATCH, SESSION_IDLE_MS } from '@swapu/shared/analytics-events';
import { recordAnalytics } from '../test/analytics-recorder';
import { searchEvent } from '../features/search/search-analytics';
import { endSession, noteActivity, reportError, startAnalytics, track, trackPostOpen, viewport } from './analytics';
import { createPageAnalytics } from './page-analytics';
import { useFunnel } from './use-funnel';

const T0 = Date.parse('2026-03-01T10:00:00Z');
const MIN = 60_000;
let clock = T0;
let rec: ReturnType<typeof recordAnalytics>;
let stopListening: (() => void) | undefined;

/** Overrides a read-only browser property for one test; `restore` removes every override. */
const overrides: Array<() => void> = [];
function override<T extends object>(target: T, key: string, value: unknown) {
  Object.defineProperty(target, key, { configurable: true, get: () => value });
  overrides.push(() => delete (target as Record<string, unknown>)[key]);
}
const hide = () => {
  override(document, 'visibilityState', 'hidden');
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  vi.useFakeTimers();
  clock = T0;
  window.history.replaceState(null, '', '/search');
  rec = recordAnalytics({ now: () => clock });
});
afterEach(() => {
  stopListening?.();
  stopListening = undefined;
  for (const restore of overrides.splice(0)) restore();
  rec.stop();
  vi.useRealTimers();
});

describe('batching', () => {
  it('sends nothing before the flush timer, then one batch that opens with the session start', async () => {
    track('page_view', { title: 'Search' });
    track('user_action', { action: 'like', target: 'post' });
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS - 1);
    expect(rec.sent).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    expect(rec.sent).toHaveLength(1);
    const [{ how, batch }] = rec.sent as [(typeof rec.sent)[number]];
    expect(how).toBe('fetch');
    expect(batch.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(batch.events.map((e) => e.name)).toEqual(['session_start', 'page_view', 'user_action']);
    expect(batch.events[1]).toEqual({ name: 'page_view', at: '2026-03-01T10:00:00.000Z', path: '/search', props: { title: 'Search' } });
  });

  it(`sends at once when ${EVENTS_PER_BATCH} events are queued, never more in one batch`, async () => {
    // The session start and 49 views make 50.
    for (let i = 0; i < 49; i++) track('page_view', { title: `Page ${i}` });
    expect(rec.sent.map((s) => s.batch.events.length)).toEqual([50]);

    for (let i = 0; i < 60; i++) track('page_view', { title: `More ${i}` });
    expect(rec.sent.map((s) => s.batch.events.length)).toEqual([50, 50]);
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(rec.sent.map((s) => s.batch.events.length)).toEqual([50, 50, 10]);
  });

  it('tries a batch that failed once more with the next flush, then drops it', async () => {
    rec.answers.send = 'retry';
    track('page_view', { title: 'Search' });
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(rec.transport.send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(rec.transport.send).toHaveBeenCalledTimes(2);
    expect(rec.transport.send.mock.calls[1]![0]).toBe(rec.transport.send.mock.calls[0]![0]);
    await vi.advanceTimersByTimeAsync(5 * EVENTS_FLUSH_MS);
    expect(rec.transport.send).toHaveBeenCalledTimes(2);
  });

  it('does not retry a batch the server refused, and never throws when sending throws', async () => {
    rec.answers.send = 'dropped';
    track('page_view', { title: 'Search' });
    await vi.advanceTimersByTimeAsync(2 * EVENTS_FLUSH_MS);
    expect(rec.transport.send).toHaveBeenCalledTimes(1);

    rec.transport.send.mockImplementation(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(() => track('page_view', { title: 'Again' })).not.toThrow();
    await vi.advanceTimersByTimeAsync(3 * EVENTS_FLUSH_MS);
    // The one retry, then nothing.
    expect(rec.transport.send).toHaveBeenCalledTimes(3);
  });
});

describe('leaving the page', () => {
  it('hands the queue to a beacon when the page is hidden, and falls back to fetch when the browser refuses it', async () => {
    stopListening = startAnalytics();
    track('page_view', { title: 'Search' });
    hide();
    expect(rec.sent.map((s) => [s.how, s.batch.events.length])).toEqual([['beacon', 2]]);

    rec.answers.beacon = false;
    track('page_view', { title: 'Search' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(rec.sent.map((s) => s.how)).toEqual(['beacon', 'fetch']);
    // Nothing waits for the timer any more.
    await vi.advanceTimersByTimeAsync(EVENTS_FLUSH_MS);
    expect(rec.sent).toHaveLength(2);
  });

  it('ends the session on pagehide (page_hidden) with the page’s last events before it, by beacon', () => {
    stopListening = startAnalytics();
    const pages = createPageAnalytics();
    const stopPages = pages.start();
    pages.enter('/search');
    clock += 42_000;
    window.dispatchEvent(new Event('pagehide'));
    stopPages();

    expect(rec.sent.map((s) => s.how)).toEqual(['beacon']);
    expect(rec.named().map((e) => e.name)).toEqual(['session_start', 'page_view', 'user_engagement', 'session_end']);
    expect(rec.named('user_engagement', 'session_end')).toEqual([
      { name: 'user_engagement', engaged_seconds: 42 },
      { name: 'session_end', session_duration_seconds: 42, reason: 'page_hidden' },
    ]);
  });

  it('starts a new session after one has ended', () => {
    track('page_view', { title: 'Search' });
    clock += 90_000;
    endSession('logout');
    track('page_view', { title: 'Home' });
    const [first, second] = [rec.sent[0]!.batch, (rec.events(), rec.sent[1]!.batch)];
    expect(first.events.map((e) => [e.name, e.props])).toEqual([
      ['session_start', { referrer: null, language: 'en-US', viewport: viewport() }],
      ['page_view', { title: 'Search' }],
      ['session_end', { session_duration_seconds: 90, reason: 'logout' }],
    ]);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(second.events.map((e) => e.name)).toEqual(['session_start', 'page_view']);
  });
});

describe('sessions', () => {
  it('renews the session after 30 minutes without activity, ending the old one as idle at its last activity', () => {
    track('page_view', { title: 'Search' });
    clock += 5 * MIN;
    track('user_action', { action: 'like', target: 'post' });
    clock += SESSION_IDLE_MS + 1;
    track('page_view', { title: 'Back again' });

    const [old, renewed] = (rec.events(), rec.sent.map((s) => s.batch));
    expect(old!.events.map((e) => e.name)).toEqual(['session_start', 'page_view', 'user_action', 'session_end']);
    expect(old!.events[3]!.props).toEqual({ session_duration_seconds: 300, reason: 'idle' });
    expect(renewed!.sessionId).not.toBe(old!.sessionId);
    expect(renewed!.events.map((e) => e.name)).toEqual(['session_start', 'page_view']);
  });

  it('keeps the session while the person is active, even without events', () => {
    track('page_view', { title: 'Search' });
    clock += 25 * MIN;
    noteActivity();
    clock += 25 * MIN;
    track('page_view', { title: 'Still here' });
    expect(rec.events().map((e) => e.name)).toEqual(['session_start', 'page_view', 'page_view']);
  });

  it('keeps the session id in sessionStorage, so a reload continues it', () => {
    track('page_view', { title: 'Search' });
    const id = (rec.events(), rec.sent[0]!.batch.sessionId);
    expect(JSON.parse(window.sessionStorage.getItem('swapu.analytics')!)).toMatchObject({ id, startedAt: T0 });
  });

  it('ends an idle session as idle even when a logout ends it', () => {
    track('page_view', { title: 'Search' });
    clock += SESSION_IDLE_MS + MIN;
    endSession('auto_logout');
    expect(rec.named('session_end')).toEqual([{ name: 'session_end', session_duration_seconds: 0, reason: 'idle' }]);
  });

  it('reports the referring site’s host only, and only for the tab’s first session', () => {
    override(document, 'referrer', 'https://www.example.org/some/page?q=secret');
    track('page_view', { title: 'Search' });
    endSession('logout');
    track('page_view', { title: 'Search' });
    expect(rec.named('session_start').map((e) => e.referrer)).toEqual(['www.example.org', null]);
  });
});

describe('privacy', () => {
  const sendEverything = () => {
    track('page_view', { title: 'Search' });
    track('search', { query: 'bike', results: 3 });
    reportError(new TypeError('x is undefined'), 'window');
    endSession('logout');
  };

  it('sends only error reports when the browser asks not to be tracked', () => {
    override(navigator, 'doNotTrack', '1');
    sendEverything();
    expect(rec.named()).toEqual([{ name: 'app_error', message: 'x is undefined', source: 'window', code: 'TypeError' }]);
  });

  it('sends only error reports under Global Privacy Control', () => {
    override(navigator, 'globalPrivacyControl', true);
    sendEverything();
    expect(rec.named().map((e) => e.name)).toEqual(['app_error']);
  });

  it('sends everything otherwise', () => {
    override(navigator, 'doNotTrack', '0');
    sendEverything();
    expect(rec.named().map((e) => e.name)).toEqual(['session_start', 'page_view', 'search', 'app_error', 'session_end']);
  });

  it('cuts query strings out of error messages and keeps them short', () => {
    reportError(new Error(`Failed to load https://swapu.au/reset?token=abc123 ${'x'.repeat(600)}`), 'promise');
    const [error] = rec.named('app_error');
    expect(error!.message).toMatch(/^Failed to load https:\/\/swapu\.au\/reset x+$/);
    expect(error!.message).toHaveLength(500);
  });

  it('reports errors the app did not catch, a failed chunk as such', async () => {
    stopListening = startAnalytics();
    window.dispatchEvent(new ErrorEvent('error', { error: new RangeError('too far'), message: 'too far' }));
    const chunk = Object.assign(new Error('Loading chunk failed'), { name: 'ChunkLoadError' });
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: chunk });
    window.dispatchEvent(rejection);
    expect(rec.named('app_error')).toEqual([
      { name: 'app_error', message: 'too far', source: 'window', code: 'RangeError' },
      { name: 'app_error', message: 'Loading chunk failed', source: 'chunk', code: 'ChunkLoadError' },
    ]);
  });
});

describe('the contract', () => {
  it('refuses an event whose properties drifted from the shared schema', () => {
    expect(() => track('page_view', { title: 42 } as never)).toThrow(/page_view does not match the contract/);
    expect(() => track('user_action', { action: '' })).toThrow(/user_action/);
    expect(() => track('search', { query: 'bike', where: 'Fitzroy' } as never)).toThrow(/search/);
  });

  it('emits every event of the contract but the server’s own in batches the server accepts', async () => {
    override(window, 'innerWidth', 1440);
    stopListening = startAnalytics();
    const pages = createPageAnalytics();
    const stopPages = pages.start();
    pages.enter('/search');
    track('search', searchEvent({ q: 'road bike', category: ['bicycles'] }, 12));
    trackPostOpen({ id: 'p1' }, 3);
    track('user_action', { action: 'like', target: 'post' });
    document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0 }));
    reportError(new Error('boom'), 'boundary');
    const funnel = renderHook(() => useFunnel('swap_offer'));
    funnel.result.current.step(0);
    funnel.result.current.step(1);
    funnel.unmount();
    await vi.advanceTimersByTimeAsync(0);
    const listing = renderHook(() => useFunnel('listing_creation'));
    listing.result.current.step(0);
    listing.result.current.complete();
    clock += 5_000;
    pages.enter('/viewPost/p1');
    window.dispatchEvent(new Event('pagehide'));
    stopPages();

    // recordAnalytics checks every batch with EventBatchSchema as it leaves.
    const names = new Set(rec.events().map((e) => e.name));
    expect([...contract.ANALYTICS_EVENTS].filter((n) => !names.has(n))).toEqual(['search_no_results']);
    expect(rec.named('search', 'select_content')).toEqual([
      { name: 'search', query: 'road bike', results: 12, category: 'bicycles' },
      { name: 'select_content', content_type: 'post', item_id: 'p1', position: 3 },
    ]);
  });
});
