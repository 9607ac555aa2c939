import { act, cleanup, render } from '@testing-library/react';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../lib/session';
import { saveSession } from '../lib/session-writes';
import { recordAnalytics } from '../test/analytics-recorder';
import { AnalyticsTracker } from './analytics-tracker';

let rec: ReturnType<typeof recordAnalytics>;

function renderApp(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <AnalyticsTracker />
          </>
        ),
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/myswapu', element: <p>my swapu</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  window.localStorage.clear();
  clearSession();
  document.title = 'My SwapU · SwapU';
  rec = recordAnalytics();
});
afterEach(() => {
  cleanup();
  rec.stop();
  window.localStorage.clear();
});

describe('AnalyticsTracker', () => {
  it('reports the page left, with its own title, and the move, on each route change', async () => {
    const router = renderApp('/myswapu');
    await act(() => router.navigate('/'));
    expect(rec.named('page_view', 'page_navigation')).toEqual([
      { name: 'page_view', title: 'My SwapU · SwapU' },
      { name: 'page_navigation', from: '/myswapu', to: '/' },
    ]);
  });

  it('ends the session on sign-out as a logout, and on an automatic one as auto_logout', async () => {
    saveSession('u1', { token: 'access', lifetimeMs: LOGIN_TOKEN_MS });
    const router = renderApp('/myswapu');
    act(() => clearSession());
    saveSession('u1', { token: 'access-2', lifetimeMs: LOGIN_TOKEN_MS });
    await act(() => router.navigate('/'));
    act(() => clearSession('expired'));

    const ends = rec.sent.flatMap((s) => s.batch.events.filter((e) => e.name === 'session_end').map((e) => [s.batch.sessionId, e.props]));
    expect(ends.map(([, props]) => (props as { reason: string }).reason)).toEqual(['logout', 'auto_logout']);
    // Each ended a session of its own: what follows a sign-out is not linked to what came before.
    expect(ends[0]![0]).not.toBe(ends[1]![0]);
  });
});
