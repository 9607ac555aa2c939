import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordAnalytics } from '../test/analytics-recorder';
import { createPageAnalytics, TITLE_WAIT_MS } from './page-analytics';

const T0 = Date.parse('2026-03-01T10:00:00Z');
let clock = T0;
let rec: ReturnType<typeof recordAnalytics>;
let pages: ReturnType<typeof createPageAnalytics>;
let stop: () => void;

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  document.dispatchEvent(new Event('visibilitychange'));
};
let width = 1440;
/** The app moves to `path`: the address first, then the router's effect. */
const go = (path: string) => {
  window.history.replaceState(null, '', path);
  pages.enter(path);
};
const leaveThroughTop = (init: MouseEventInit = {}) => document.dispatchEvent(new MouseEvent('mouseout', { clientY: 0, ...init }));

beforeEach(() => {
  vi.useFakeTimers();
  clock = T0;
  visibility = 'visible';
  width = 1440;
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  Object.defineProperty(window, 'innerWidth', { configurable: true, get: () => width });
  document.title = 'SwapU';
  rec = recordAnalytics({ now: () => clock });
  pages = createPageAnalytics();
  stop = pages.start();
});
afterEach(() => {
  stop();
  rec.stop();
  delete (document as { visibilityState?: unknown }).visibilityState;
  delete (window as { innerWidth?: unknown }).innerWidth;
  vi.useRealTimers();
});

describe('page views', () => {
  it('reports a page with the title it sets once loaded, at the moment it was entered', async () => {
    go('/viewPost/p1');
    clock += 800;
    document.title = 'Road bike · SwapU';
    await vi.advanceTimersByTimeAsync(TITLE_WAIT_MS - 1);
    expect(rec.named('page_view')).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const view = rec.events().find((e) => e.name === 'page_view');
    expect(view).toEqual({
      name: 'page_view',
      at: '2026-03-01T10:00:00.000Z',
      path: '/viewPost/p1',
      props: { title: 'Road bike · SwapU' },
    });
  });

  it('reports a page left early with its title then, and the move between the two', () => {
    go('/search');
    document.title = 'Search · SwapU';
    go('/viewPost/p1');
    expect(rec.events().map((e) => [e.name, e.path, e.props])).toEqual([
      ['session_start', '/search', expect.anything()],
      ['page_view', '/search', { title: 'Search · SwapU' }],
      ['page_navigation', '/viewPost/p1', { from: '/search', to: '/viewPost/p1' }],
    ]);
  });

  it('reports each path once, without its query string', async () => {
    go('/search?keyword=bike');
    go('/search');
    await vi.advanceTimersByTimeAsync(TITLE_WAIT_MS);
    expect(rec.named('page_view', 'page_navigation')).toEqual([{ name: 'page_view', title: 'SwapU' }]);
  });
});

describe('engagement', () => {
  it('counts the time a page was visible, not the time it was hidden, when it is left', () => {
    go('/search');
    clock += 10_000;
    setVisibility('hidden');
    clock += 60_000;
    setVisibility('visible');
    clock += 5_000;
    go('/offers');
    const engagement = rec.events().filter((e) => e.name === 'user_engagement');
    expect(engagement.map((e) => [e.path, e.props])).toEqual([['/search', { engaged_seconds: 15 }]]);
  });

  it('says nothing for a page seen for under a second', () => {
    go('/search');
    clock += 400;
    go('/offers');
    expect(rec.named('user_engagement')).toEqual([]);
  });
});

describe('exit intent', () => {
  it('is reported once per page when the pointer leaves through the top on a desktop', () => {
    go('/search');
    leaveThroughTop();
    leaveThroughTop();
    go('/offers');
    leaveThroughTop();
    expect(
      rec
        .events()
        .filter((e) => e.name === 'exit_intent')
        .map((e) => e.path),
    ).toEqual(['/search', '/offers']);
  });

  it('is not reported on a tablet or a phone, nor when the pointer moves within the page or out at the side', () => {
    go('/search');
    leaveThroughTop({ relatedTarget: document.body });
    leaveThroughTop({ clientY: 300 });
    width = 1024;
    leaveThroughTop();
    width = 390;
    leaveThroughTop();
    expect(rec.named('exit_intent')).toEqual([]);
  });
});
