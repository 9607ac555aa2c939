import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { TourHost } from './tour-host';
import { endTour } from './tour-state';

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
});
afterEach(cleanup);

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
    // Taking the tour is not declining it: only skipping or finishing it is remembered.
    expect(window.localStorage.getItem('skipTour')).toBeNull();
  });
});
