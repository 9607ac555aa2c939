import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { TourHost } from './tour-host';
import { endTour, startTour } from './tour-state';
import type { TourApp } from './tour-runner';

// The runner draws with driver.js over real pages (the e2e journey); here it is only started.
const runTour = vi.hoisted(() => vi.fn((_run: unknown, _app: unknown) => ({ moved() {}, stop() {} })));
vi.mock('./tour-runner', () => ({ runTour }));

const renderAt = (path: string) => renderRoutes([{ path: '*', element: <TourHost /> }], path);
const invitation = () => screen.queryByRole('region', { name: 'Guided tour' });
/** Lets the lazy invitation load, if it is coming. */
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  restoreSession();
  endTour();
  runTour.mockClear();
  // A member's account is asked for (what it remembers of the tour): nothing answers unless a test says.
  vi.stubGlobal('fetch', async () => new Response('{"error":{"code":"not_found"}}', { status: 404 }));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the invitation to take the tour', () => {
  it('greets a first-time guest on the home page; "No thanks" stores skipTour and it never shows again', async () => {
    renderAt('/');
    const invite = await screen.findByRole('region', { name: 'Guided tour' });
    expect(invite.textContent).toContain('New to SwapU?');
    fireEvent.click(within(invite).getByRole('button', { name: 'No thanks' }));
    expect(window.localStorage.getItem('skipTour')).toBe('true');
    expect(invitation()).toBeNull();

    cleanup();
    renderAt('/');
    await settle();
    expect(invitation()).toBeNull();
  });

  it('is not shown once skipTour is set (onboarding sets it too), to members, or on other pages', async () => {
    window.localStorage.setItem('skipTour', 'true');
    renderAt('/');
    await settle();
    expect(invitation()).toBeNull();
    cleanup();

    window.localStorage.clear();
    renderAt('/search?keyword=bike');
    await settle();
    expect(invitation()).toBeNull();
    cleanup();

    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    restoreSession();
    renderAt('/');
    await settle();
    expect(invitation()).toBeNull();
  });

  it('"Take the tour" starts the tour in its place, kept for a reload of the tab', async () => {
    renderAt('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Take the tour' }));
    await waitFor(() => expect(runTour).toHaveBeenCalledTimes(1));
    expect(runTour.mock.calls[0]![0]).toEqual({ step: 0 });
    expect(invitation()).toBeNull();
    expect(JSON.parse(window.sessionStorage.getItem('swapu.tour')!)).toEqual({ step: 0 });
    // Taken is answered: a tour cut short by closing the tab does not invite again (issue 37).
    expect(window.localStorage.getItem('skipTour')).toBe('true');
  });
});

describe('the answer kept with the account (issue 37)', () => {
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  let account: { skipTour: boolean };
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    if (String(input) !== '/api/v1/me') return json(404, { error: { code: 'not_found' } });
    if (init?.method === 'PATCH') account = { ...account, ...(JSON.parse(String(init.body)) as { skipTour: boolean }) };
    return json(200, { id: 'u1', banned: false, role: 'user', ...account });
  });
  const patches = () =>
    fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH').map(([, init]) => JSON.parse(String(init!.body)));
  const signIn = () => {
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('userId', 'u1');
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    window.localStorage.setItem('lastActivity', String(Date.now()));
    restoreSession();
  };
  beforeEach(() => {
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });

  it("moves a guest's answer to the account when they sign in", async () => {
    account = { skipTour: false };
    window.localStorage.setItem('skipTour', 'true');
    signIn();
    renderAt('/');
    await waitFor(() => expect(patches()).toEqual([{ skipTour: true }]));
    expect(account.skipTour).toBe(true);
  });

  it("brings the account's answer to a device it was never given on, so the guest after sign-out is not invited", async () => {
    account = { skipTour: true };
    signIn();
    renderAt('/');
    await waitFor(() => expect(window.localStorage.getItem('skipTour')).toBe('true'));
    expect(patches()).toEqual([]);
  });

  it('asks nothing of an account that has not answered, on a device that has not either', async () => {
    account = { skipTour: false };
    signIn();
    renderAt('/');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(patches()).toEqual([]);
    expect(window.localStorage.getItem('skipTour')).toBeNull();
  });

  it("remembers a member's finished or skipped tour (/demo) on the account", async () => {
    account = { skipTour: false };
    signIn();
    renderAt('/demo');
    act(() => startTour());
    await waitFor(() => expect(runTour).toHaveBeenCalledTimes(1));
    act(() => (runTour.mock.calls[0]![1] as TourApp).leave());
    await waitFor(() => expect(patches()).toEqual([{ skipTour: true }]));
  });
});
