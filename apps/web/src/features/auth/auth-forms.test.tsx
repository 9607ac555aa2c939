import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGIN_TOKEN_MS } from '@swapu/shared/constants';
import { initI18n } from '../../i18n/index';
import { getSession, restoreSession } from '../../lib/session';
import { theme } from '../../app/theme';
import AuthPage from '../../app/routes/auth';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const tokens = { idToken: 'access', expiresIn: '1800', localId: 'u1', email: 'ana@example.com' };

function renderAt(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <AuthPage /> },
      { path: '/auth/:signup', element: <AuthPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [{ pathname: path.split('?')[0]!, search: path.includes('?') ? path.slice(path.indexOf('?')) : '', state }] },
  );
  render(
    <MantineProvider theme={theme}>
      <Suspense fallback={null}>
        <RouterProvider router={router} />
      </Suspense>
    </MantineProvider>,
  );
  return router;
}
let providers: string[] = [];
const field = (name: RegExp) => screen.getByLabelText(name, { selector: 'input' });

beforeAll(async () => {
  await initI18n('en-US');
  // Mantine reads these browser APIs that happy-dom leaves out.
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.clear();
  restoreSession();
  fetchMock.mockReset();
  providers = [];
  // The forms ask which outside providers are on; every other call goes to fetchMock.
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === '/api/v1/auth/providers' ? Promise.resolve(json(200, { providers })) : fetchMock(input, init),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the sign-in screen', () => {
  it('checks the email and the password length before calling the server', async () => {
    renderAt('/auth');
    const form = await screen.findByRole('form', { name: 'Log in' });
    fireEvent.change(field(/Email address/), { target: { value: 'not-an-email' } });
    fireEvent.change(field(/^Password/), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Please type in a valid email address.', 'Password must be at least 6 characters.']);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the catalogue message when the password is wrong', async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 400, message: 'INVALID_PASSWORD' } }));
    renderAt('/auth');
    const form = await screen.findByRole('form', { name: 'Log in' });
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Failed to authenticate. Check your login data.');
    expect(getSession().userId).toBe('guest');
  });

  it('stores a stay-logged-in session for an hour and returns to the page the person came from', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    fetchMock.mockResolvedValue(json(200, tokens));
    const router = renderAt('/auth', { from: '/favorite' });
    const form = await screen.findByRole('form', { name: 'Log in' });
    fireEvent.change(field(/Email address/), { target: { value: ' ana@example.com ' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Stay logged in' }));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Log in' })));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/favorite');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      email: 'ana@example.com',
      password: 'secret-1',
      returnSecureToken: true,
    });
    expect(getSession()).toMatchObject({ userId: 'u1', token: 'access', stayLoggedIn: true, expiration: 1_000_000 + LOGIN_TOKEN_MS });
    vi.restoreAllMocks();
  });

  it('lets a guest continue without an account', async () => {
    const router = renderAt('/auth');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/');
    expect(window.localStorage.getItem('userId')).toBe('guest');
  });
});

describe('a guest asked to log in for something that needs an account', () => {
  const asked = { from: '/viewPost/p1', next: '/offer-item/p1', asked: true };

  it('says why, and after signing in carries on to what they pressed, not back to the listing', async () => {
    fetchMock.mockResolvedValue(json(200, tokens));
    const router = renderAt('/auth', asked);
    expect(await screen.findByTestId('login-required')).toHaveProperty('textContent', 'You need to be logged in to use this');
    const form = await screen.findByRole('form', { name: 'Log in' });
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Log in' })));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/offer-item/p1');
  });

  it('keeps the reason and the destination on the way to sign-up; a new account goes to onboarding, told where to go next', async () => {
    fetchMock.mockResolvedValue(json(200, tokens));
    const router = renderAt('/auth', asked);
    fireEvent.click(await screen.findByRole('link', { name: 'Create an account' }));
    const form = await screen.findByRole('form', { name: 'Create account' });
    expect(screen.getByTestId('login-required')).toBeTruthy();
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create account' })));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(router.state.location.state).toEqual({ next: '/offer-item/p1' });
  });

  it('sends a guest login back to the listing, not on to the page that needs an account', async () => {
    const router = renderAt('/auth', asked);
    fireEvent.click(await screen.findByRole('button', { name: 'Continue as guest' }));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/viewPost/p1');
  });

  it('never carries on to another site or back to the auth screens', async () => {
    fetchMock.mockResolvedValue(json(200, tokens));
    const router = renderAt('/auth', { from: '/FAQ', next: '//evil.example/x', asked: true });
    const form = await screen.findByRole('form', { name: 'Log in' });
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Log in' })));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/FAQ');
  });

  it('says nothing when the person opened the sign-in screen themselves', async () => {
    renderAt('/auth', { from: '/FAQ' });
    await screen.findByRole('form', { name: 'Log in' });
    expect(screen.queryByTestId('login-required')).toBeNull();
  });
});

describe('the sign-up screen', () => {
  it('requires accepting the terms and the privacy policy', async () => {
    renderAt('/auth/signup');
    const form = await screen.findByRole('form', { name: 'Create account' });
    expect(within(form).getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('/terms-and-conditions');
    expect(within(form).getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/privacy');
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please accept the terms and conditions and the privacy policy.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates the account, keeps the session for the server’s expiresIn and goes to onboarding', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(2_000_000);
    fetchMock.mockResolvedValue(json(200, tokens));
    const router = renderAt('/auth/signup');
    const form = await screen.findByRole('form', { name: 'Create account' });
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Create account' })));
    await screen.findByText('landed');
    expect(router.state.location.pathname).toBe('/onboarding');
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
      acceptTerms: true,
      returnSecureToken: true,
      language: 'en-US',
    });
    expect(getSession()).toMatchObject({ userId: 'u1', stayLoggedIn: false, expiration: 2_000_000 + 1_800_000 });
    vi.restoreAllMocks();
  });

  it('explains an address that already has an account', async () => {
    fetchMock.mockResolvedValue(json(400, { error: { code: 400, message: 'EMAIL_EXISTS' } }));
    renderAt('/auth/signup');
    const form = await screen.findByRole('form', { name: 'Create account' });
    fireEvent.change(field(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.change(field(/^Password/), { target: { value: 'secret-1' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(within(form).getByRole('button', { name: 'Create account' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/already exists/);
  });
});

describe('Google and Facebook', () => {
  it('shows "Continue with Google" only when the server has it on, and starts from the page the person came from', async () => {
    renderAt('/auth', { from: '/create' });
    await screen.findByRole('form', { name: 'Log in' });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('link', { name: /Continue with Google/ })).toBeNull();
    cleanup();

    providers = ['google'];
    renderAt('/auth/signup', { from: '/create' });
    const google = await screen.findByRole('link', { name: /Continue with Google/ });
    expect(google.getAttribute('href')).toBe('/identity/v1/oauth/google/start');
    // The click makes this browser's nonce, keeps it, and starts the sign-in with it.
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    fireEvent.click(google);
    const nonce = window.localStorage.getItem('oauthNonce')!;
    expect(nonce).toMatch(/^[\w-]{43}$/);
    expect(assign).toHaveBeenCalledWith(`/identity/v1/oauth/google/start?returnTo=%2Fcreate&nonce=${nonce}`);
    assign.mockRestore();
    expect(screen.queryByRole('link', { name: /Continue with Facebook/ })).toBeNull();
    expect(screen.getByText(/By continuing with Google or Facebook you accept the/)).toBeTruthy();
  });

  it('explains a sign-in through a provider that did not work out', async () => {
    renderAt('/auth?error=auth_failed');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to authenticate. Check your login data.');
  });
});
