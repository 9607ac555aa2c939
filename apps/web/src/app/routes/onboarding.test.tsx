import { Notifications, notifications } from '@mantine/notifications';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@swapu/shared/account';
import { ONBOARDING_STEPS } from '@swapu/shared/analytics-events';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { recordAnalytics } from '../../test/analytics-recorder';
import { renderRoutes } from '../../test/render-routes';
import OnboardingPage from './onboarding';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let me: Me;
const aMe = (): Me => ({
  id: 'u1',
  email: 'olivia@example.com',
  displayName: 'olivia',
  bio: '',
  suburb: null,
  postcode: null,
  auState: null,
  interests: [],
  language: 'en-US',
  role: 'user',
  banned: false,
  subscriber: false,
  hideOnboarding: false,
  skipTour: false,
  messageDigest: true,
  emailVerified: false,
  termsAccepted: true,
  twoFactorEnabled: false,
  avatarUrl: null,
  bannerUrl: null,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const FITZROY = { id: 1, suburb: 'Fitzroy', postcode: '3065', state: 'VIC', lat: -37.8, lng: 144.98 };

/** The writes the page made, as "METHOD path" and the JSON body. */
const writes = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([input, init]) => ({ call: `${init!.method} ${String(input)}`, body: JSON.parse(String(init!.body)) }));

let rec: ReturnType<typeof recordAnalytics>;
const funnel = () => rec.named('funnel_step', 'funnel_complete', 'funnel_abandon');

function renderPage(state?: unknown) {
  return renderRoutes(
    [
      {
        // The toasts outlive the page, as the app's do.
        element: (
          <>
            <Notifications />
            <Outlet />
          </>
        ),
        children: [
          { path: '/onboarding', Component: OnboardingPage },
          { path: '/', element: <p>home</p> },
          { path: '*', element: <p>elsewhere</p> },
        ],
      },
    ],
    { pathname: '/onboarding', state },
  );
}
const next = (name = 'Next') => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const stepShown = async (n: number) => expect((await screen.findByTestId('onboarding-progress')).textContent).toBe(`Step ${n} of 5`);

/** Name, suburb and interests, as a new member fills them in, up to the last step. */
async function throughInterests() {
  await next();
  await stepShown(2);
  fireEvent.change(screen.getByLabelText(/Display name/), { target: { value: 'Olivia Harper' } });
  await next();
  await stepShown(3);
  const suburb = screen.getByRole('combobox', { name: /Suburb or postcode/ });
  fireEvent.change(suburb, { target: { value: 'Fitz' } });
  await waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u).startsWith('/api/v1/localities'))).toBe(true));
  await act(async () => new Promise((r) => setTimeout(r, 20)));
  fireEvent.change(suburb, { target: { value: 'Fitzroy VIC 3065' } });
  await next();
  await stepShown(4);
  fireEvent.click(screen.getByRole('checkbox', { name: 'Bicycles' }));
  await next();
  await stepShown(5);
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'u1');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  me = aMe();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/me' && init?.method === 'PATCH') {
      const { address, ...patch } = JSON.parse(String(init.body)) as Record<string, unknown>;
      me = { ...me, ...patch, ...(address ? { suburb: 'Fitzroy', postcode: '3065', auState: 'VIC' } : {}) };
      return json(200, me);
    }
    if (url.pathname === '/api/v1/me') return json(200, me);
    if (url.pathname === '/api/v1/localities') return json(200, { items: [FITZROY] });
    if (url.pathname === '/api/v1/email-subscription') return json(200, { email: me.email, status: 'check_inbox' });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  rec = recordAnalytics();
});
afterEach(() => {
  notifications.clean();
  cleanup();
  rec.stop();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('onboarding', () => {
  it('starts by explaining how swapping on SwapU works', async () => {
    renderPage();
    await stepShown(1);
    expect(screen.getByRole('heading', { name: 'Swapping on SwapU' })).toBeTruthy();
    const welcome = screen.getByTestId('onboarding-welcome');
    expect(welcome.textContent).toContain('List something you no longer use');
    expect(welcome.textContent).toContain("Swap it for other members' items, for cash, or for both.");
    expect(welcome.textContent).toContain('a courier collects the items');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });

  it('walks through its five steps in order, saving each, ends with the emails wanted, and reports the funnel', async () => {
    const router = renderPage();
    await stepShown(1);
    // The name is checked before it is saved, as before.
    await next();
    fireEvent.change(screen.getByLabelText(/Display name/), { target: { value: 'x' } });
    await next();
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid name');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await stepShown(1);
    await throughInterests();

    expect(screen.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByText('Emails about your offers')).toBeTruthy();
    const digest = screen.getByRole('switch', { name: /Email me about unread messages/ });
    expect((digest as HTMLInputElement).checked).toBe(true);
    fireEvent.click(digest);
    fireEvent.click(screen.getByRole('checkbox', { name: /Send me SwapU news/ }));
    expect(screen.getByRole('link', { name: 'account settings' }).getAttribute('href')).toBe('/user-detail/u1');
    await next('Start swapping');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(writes()).toEqual([
      { call: 'PATCH /api/v1/me', body: { displayName: 'Olivia Harper' } },
      { call: 'PATCH /api/v1/me', body: { address: { suburb: 'Fitzroy', postcode: '3065' } } },
      { call: 'PATCH /api/v1/me', body: { interests: ['bicycles'] } },
      { call: 'PATCH /api/v1/me', body: { messageDigest: false } },
      { call: 'POST /api/v1/email-subscription', body: { email: 'olivia@example.com', subscribe: true } },
    ]);
    expect(await screen.findByText('Your profile is set up. Check your inbox to confirm the newsletter.')).toBeTruthy();
    // The onboarding funnel: each step as it showed (the name step twice, after Back), then done.
    expect(funnel()).toEqual([
      ...['welcome', 'name', 'welcome', ...ONBOARDING_STEPS.slice(1)].map((step) => ({
        name: 'funnel_step',
        funnel: 'onboarding',
        step,
        step_index: ONBOARDING_STEPS.indexOf(step as (typeof ONBOARDING_STEPS)[number]),
      })),
      { name: 'funnel_complete', funnel: 'onboarding' },
    ]);
    expect(ONBOARDING_STEPS).toEqual(['welcome', 'name', 'address', 'interests', 'notifications']);
  });

  it('keeps the account’s choices when nothing is changed, and asks for no newsletter', async () => {
    renderPage();
    await stepShown(1);
    await throughInterests();
    fireEvent.click(screen.getByRole('checkbox', { name: "Don't show this again" }));
    await next('Start swapping');
    await screen.findByText('home');
    expect(writes().slice(3)).toEqual([{ call: 'PATCH /api/v1/me', body: { messageDigest: true, hideOnboarding: true } }]);
    expect(window.localStorage.getItem('skipTour')).toBe('true');
  });

  it('takes a guest who signed up to do something (an offer, a message) on to it, skipped or finished', async () => {
    const router = renderPage({ next: '/offer-item/p1' });
    await stepShown(1);
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByText('elsewhere');
    expect(router.state.location.pathname).toBe('/offer-item/p1');
  });

  it('reports a skipped onboarding as abandoned at the furthest step reached', async () => {
    renderPage();
    await stepShown(1);
    await next();
    await stepShown(2);
    fireEvent.click(screen.getByRole('button', { name: 'Skip for now' }));
    await screen.findByText('home');
    await waitFor(() => expect(funnel().at(-1)).toEqual({ name: 'funnel_abandon', funnel: 'onboarding', step: 'name', step_index: 1 }));
    expect(writes()).toEqual([]);
  });
});
