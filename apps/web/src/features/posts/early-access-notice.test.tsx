import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import ViewPostPage from '../../app/routes/view-post';
import { initI18n } from '../../i18n/index';
import { i18n } from '../../i18n/instance';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { hoursUntil } from './early-access-notice';

/**
 * A link to a listing inside its 24 hours of early access (issue 37): the API answers 403
 * early_access with only when it opens, and the page says why, when, and offers the subscription.
 */
const HOUR = 3_600_000;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const early = (opensAt: number) =>
  json(403, {
    error: { code: 'early_access', message: 'Subscribers see new items first.', fields: { opensAt: new Date(opensAt).toISOString() } },
  });

let me: Record<string, unknown> | null = null;
let answer: () => Response;
const fetchMock = vi.fn<typeof fetch>(async (input) => {
  const url = String(input);
  if (url === '/api/v1/posts/p1') return answer();
  if (url === '/api/v1/me' && me) return json(200, me);
  return json(404, { error: { code: 'not_found' } });
});

const renderPage = () =>
  renderRoutes(
    [
      { path: '/viewPost/:postId', Component: ViewPostPage },
      { path: '/auth', element: <h1>Log in</h1> },
      { path: '/subscription', element: <h1>Subscription</h1> },
    ],
    '/viewPost/p1',
  );

function signIn(banned: boolean) {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'u1');
  window.localStorage.setItem('expiration', String(Date.now() + HOUR));
  window.localStorage.setItem('lastActivity', String(Date.now()));
  restoreSession();
  me = { id: 'u1', banned, subscriber: false, role: 'user' };
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.clear();
  restoreSession();
  me = null;
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('a listing in early access', () => {
  it('tells a guest why, in how many hours it opens, and asks them to log in to subscribe', async () => {
    answer = () => early(Date.now() + 5 * HOUR - 60_000);
    const router = renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribers see this item first' })).toBeTruthy();
    expect(screen.getByText('It opens to everyone in about 5 hours.')).toBeTruthy();
    expect(screen.queryByText("We couldn't find that")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
    // Signed in, they carry on to the subscription (lib/use-session's sign-in prompt).
    expect(router.state.location.state).toMatchObject({ next: '/subscription', asked: true });
  });

  it('links a member to the subscription, and offers a suspended member none', async () => {
    answer = () => early(Date.now() + 30 * 60_000);
    signIn(false);
    renderPage();
    expect(await screen.findByText('It opens to everyone in about 1 hour.')).toBeTruthy();
    expect((await screen.findByRole('link', { name: 'Subscribe' })).getAttribute('href')).toBe('/subscription');
    cleanup();

    signIn(true);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscribers see this item first' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock.mock.calls.some(([u]) => String(u) === '/api/v1/me')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Subscribe' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).toBeNull();
  });

  it('says it in European Portuguese', async () => {
    await i18n.changeLanguage('pt-PT');
    answer = () => early(Date.now() + 23 * HOUR);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Os subscritores veem este artigo primeiro' })).toBeTruthy();
    expect(screen.getByText('Fica visível para todos dentro de cerca de 23 horas.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscrever' })).toBeTruthy();
  });

  it('counts whole hours, rounded up, between 1 and 24', () => {
    const now = Date.parse('2026-11-20T00:00:00Z');
    expect(hoursUntil(now + 24 * HOUR, now)).toBe(24);
    expect(hoursUntil(now + 23 * HOUR + 1, now)).toBe(24);
    expect(hoursUntil(now + HOUR, now)).toBe(1);
    expect(hoursUntil(now + 1, now)).toBe(1);
    expect(hoursUntil(now - HOUR, now)).toBe(1);
    expect(hoursUntil(now + 30 * HOUR, now)).toBe(24);
  });
});
