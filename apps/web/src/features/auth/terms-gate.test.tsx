import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { saveSession } from '../../lib/session-writes';
import { theme } from '../../app/theme';
import { TermsGate } from './terms-gate';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const me = (termsAccepted: boolean) => ({ id: 'u1', email: 'fran@example.com', displayName: 'Fran', termsAccepted });

function renderGate() {
  const router = createMemoryRouter([{ path: '*', element: <TermsGate /> }]);
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.clear();
  restoreSession();
  saveSession('u1', { token: 'access-1', lifetimeMs: LOGIN_TOKEN_MS });
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the terms gate', () => {
  it('asks an account with pending terms to accept them, and goes away once it has', async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/api/v1/me/accept-terms' && init?.method === 'POST' ? json(200, me(true)) : json(200, me(false)),
    );
    renderGate();
    expect(await screen.findByText('Before you continue')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    fireEvent.click(screen.getByRole('button', { name: 'I accept' }));
    await waitFor(() => expect(screen.queryByText('Before you continue')).toBeNull());
    expect(fetchMock.mock.calls.some(([u, i]) => String(u) === '/api/v1/me/accept-terms' && i?.method === 'POST')).toBe(true);
  });

  it('shows nothing to an account that has accepted them', async () => {
    fetchMock.mockResolvedValue(json(200, me(true)));
    renderGate();
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Before you continue')).toBeNull();
  });
});
