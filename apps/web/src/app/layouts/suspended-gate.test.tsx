import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { initI18n } from '../../i18n/index';
import { clearSession } from '../../lib/session';
import { saveSession } from '../../lib/session-writes';
import { renderRoutes } from '../../test/render-routes';
import SuspendedGate from './suspended-gate';

const SUSPENDED = 'Your account has been suspended. Please contact support.';
const fetchMock = vi.fn<typeof fetch>();
let me: { resolve: (banned: boolean) => void };

function renderAt(path: string) {
  return renderRoutes(
    [
      {
        element: <SuspendedGate />,
        children: [
          { path: '/create', element: <h1>List an item</h1> },
          { path: '/discuss', element: <h1>Messages</h1> },
        ],
      },
    ],
    path,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  window.localStorage.clear();
  clearSession();
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    (input) =>
      new Promise((resolve) => {
        if (String(input) !== '/api/v1/me') throw new Error(`unexpected ${String(input)}`);
        me = { resolve: (banned) => resolve(Response.json({ id: 'u1', banned })) };
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the suspended gate around the pages that act', () => {
  it('shows a suspended member the message, word for word, and the way to support instead of the form', async () => {
    saveSession('u1', { token: 'access', lifetimeMs: LOGIN_TOKEN_MS });
    renderAt('/create');
    // Until the account is known, neither the form nor the message.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('heading', { name: 'List an item' })).toBeNull();
    me.resolve(true);
    expect(await screen.findByRole('heading', { level: 1, name: SUSPENDED })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe('/discuss?support=1');
    expect(screen.queryByRole('heading', { name: 'List an item' })).toBeNull();
  });

  it('lets a suspended member into the conversation with the SwapU team', async () => {
    saveSession('u1', { token: 'access', lifetimeMs: LOGIN_TOKEN_MS });
    renderAt('/discuss?support=1');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    me.resolve(true);
    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
  });

  it('shows a member in good standing the page', async () => {
    saveSession('u1', { token: 'access', lifetimeMs: LOGIN_TOKEN_MS });
    renderAt('/create');
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    me.resolve(false);
    expect(await screen.findByRole('heading', { name: 'List an item' })).toBeTruthy();
    expect(screen.queryByText(SUSPENDED)).toBeNull();
  });

  it('lets a guest through without asking for an account', async () => {
    renderAt('/create');
    expect(await screen.findByRole('heading', { name: 'List an item' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
