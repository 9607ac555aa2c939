import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { SessionAlerts } from './session-alerts';

beforeAll(() => initI18n('en-US'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the banned notice', () => {
  it('tells a banned member their account is suspended and links to the support thread', async () => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    restoreSession();
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ id: 'u1', displayName: 'Banned Bo', banned: true }), { status: 200 }));
    renderRoutes([{ path: '/', element: <SessionAlerts /> }]);
    const alert = await screen.findByTestId('banned-alert');
    expect(alert.textContent).toContain('Your account has been suspended. Please contact support.');
    const link = await screen.findByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toBe('/discuss?support=1');
  });
});
