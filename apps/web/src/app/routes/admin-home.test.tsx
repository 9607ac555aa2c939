import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import AdminHomePage from './admin-home';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let role: 'user' | 'admin';
const renderPage = () => renderRoutes([{ path: '/admin', Component: AdminHomePage }], '/admin');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'me1');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/v1/me')
      return json(200, { id: 'me1', displayName: 'Avery Admin', avatarUrl: null, email: 'a@example.com', role, bio: '', interests: [] });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  window.localStorage.clear();
  restoreSession();
  vi.unstubAllGlobals();
});

describe('/admin', () => {
  it("lists the console's sections as cards linking to them", async () => {
    role = 'admin';
    renderPage();
    const cards = await screen.findAllByTestId('admin-section-card');
    expect(screen.getByRole('heading', { level: 1, name: 'Admin console' })).toBeTruthy();
    expect(cards.map((c) => [c.querySelector('h2')?.textContent, c.getAttribute('href')])).toEqual([
      ['Dashboard', '/admin/analytics'],
      ['Users', '/admin/users'],
      ['Moderation', '/admin/moderation'],
      ['Coupons', '/admin/coupons'],
      ['Campaigns', '/admin/campaigns'],
      ['Blog', '/admin/blog'],
      ['Support', '/admin/support'],
      ['Mail outbox', '/admin/mail'],
      ['Audit log', '/admin/audit'],
      ['Documentation', '/docs'],
    ]);
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    role = 'user';
    renderPage();
    expect((await screen.findByTestId('admin-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByTestId('admin-section-card')).toBeNull();
  });
});
