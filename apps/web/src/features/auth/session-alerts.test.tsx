import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
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
    const router = createMemoryRouter([{ path: '/', element: <SessionAlerts /> }]);
    render(
      <MantineProvider theme={theme}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <Suspense fallback={null}>
            <RouterProvider router={router} />
          </Suspense>
        </QueryClientProvider>
      </MantineProvider>,
    );
    const alert = await screen.findByTestId('banned-alert');
    expect(alert.textContent).toContain('Your account has been suspended. Please contact support.');
    const link = await screen.findByRole('link', { name: 'Contact support' });
    expect(link.getAttribute('href')).toBe('/discuss?support=1');
  });
});
