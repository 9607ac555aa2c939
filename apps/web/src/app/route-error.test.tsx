import { act, cleanup, screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { clearSession, restoreSession } from '../lib/session';
import { saveSession } from '../lib/session-writes';
import { useSession } from '../lib/use-session';
import { renderRoutes } from '../test/render-routes';
import { RouteErrorBoundary } from './route-error';

/** A page that fails at /onboarding for a member (a chunk that timed out, say), and renders otherwise. */
function FailsForMembers() {
  const { token } = useSession();
  const { pathname } = useLocation();
  if (token && pathname === '/onboarding') throw new Error('Loading chunk timed out after 120 s');
  return <p>the page</p>;
}

const renderBoundary = (path = '/onboarding') =>
  renderRoutes(
    [
      {
        path: '*',
        element: (
          <RouteErrorBoundary>
            <FailsForMembers />
          </RouteErrorBoundary>
        ),
      },
    ],
    path,
  );

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(null, { status: 202 })),
  );
  saveSession('u1', { token: 'access', lifetimeMs: 3_600_000 });
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  restoreSession();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('RouteErrorBoundary', () => {
  it('shows the error in place of a failed page, and keeps it while nothing changes', async () => {
    renderBoundary();
    expect((await screen.findByRole('alert')).textContent).toBe('An error occurred');
    expect(screen.queryByText('the page')).toBeNull();
  });

  it('starts afresh when the person changes: a member logged out on a failed page is no longer shown its error', async () => {
    renderBoundary();
    await screen.findByRole('alert');
    act(() => clearSession('idle'));
    expect(await screen.findByText('the page')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('starts afresh on another path', async () => {
    const router = renderBoundary();
    await screen.findByRole('alert');
    await act(() => router.navigate('/search'));
    expect(await screen.findByText('the page')).toBeTruthy();
  });
});
