import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdminUser, AuditEntry } from '@swapu/shared/admin-users';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import { AdminAudit, diffOf } from './admin-audit';
import { AdminUsers } from './admin-users';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls = (method = 'GET') =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({ url: String(input), body: init?.body }));

const aUser = (patch: Partial<AdminUser> = {}): AdminUser => ({
  id: 'u1',
  displayName: 'Sam Swapper',
  email: 'sam@example.com',
  avatarUrl: null,
  joinedAt: '2026-03-04T05:06:07.000Z',
  listings: 3,
  swaps: 2,
  rating: 4.5,
  reviews: 2,
  reports: 1,
  role: 'user',
  status: 'active',
  bannedReason: null,
  bannedAt: null,
  ...patch,
});

let wide = true;
let users: (url: string) => Response;
let ban: (body: unknown) => Response;

beforeAll(async () => {
  await initI18n('en-US');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({
      matches: wide && query.includes('min-width'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    }),
  });
});
beforeEach(() => {
  wide = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/me') return json(200, { id: 'me', role: 'admin', displayName: 'Avery Admin' });
    if (url.startsWith('/api/v1/admin/users?')) return users(url);
    if (url === '/api/v1/admin/users/u1/ban' && init?.method === 'PUT') return ban(JSON.parse(String(init.body)));
    if (url.startsWith('/api/v1/admin/audit')) return json(200, { items: [], next: null });
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

const renderUsers = (path = '/admin/users') => renderRoutes([{ path: '/admin/users', Component: AdminUsers }], path);

describe('/admin/users', () => {
  it('shows the members in a table with their figures and badges; headers sort on the server; the search is debounced', async () => {
    users = () =>
      json(200, {
        items: [aUser(), aUser({ id: 'u2', displayName: 'Bea Banned', status: 'banned', role: 'admin', rating: null, reports: 0 })],
        total: 2,
        page: 1,
        pageSize: 25,
      });
    renderUsers();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Sam Swapper');
    expect(rows[0]!.textContent).toContain('sam@example.com');
    expect(rows[0]!.textContent).toContain('4.5 ★');
    expect(within(rows[1]!).getByTestId('user-status').textContent).toBe('Suspended');
    expect(within(rows[1]!).getByTestId('user-role').textContent).toBe('Admin');
    expect(screen.getByTestId('users-range').textContent).toBe('1–2 of 2');
    expect(calls().map((c) => c.url)).toContain('/api/v1/admin/users?sort=joined&dir=desc&page=1&pageSize=25');

    // Sorting by swaps: largest first, then the other way on a second click.
    fireEvent.click(screen.getByTestId('sort-swaps'));
    await waitFor(() => expect(calls().map((c) => c.url)).toContain('/api/v1/admin/users?sort=swaps&dir=desc&page=1&pageSize=25'));
    fireEvent.click(screen.getByTestId('sort-swaps'));
    await waitFor(() => expect(calls().map((c) => c.url)).toContain('/api/v1/admin/users?sort=swaps&dir=asc&page=1&pageSize=25'));
    expect(screen.getByTestId('sort-swaps').closest('th')!.getAttribute('aria-sort')).toBe('ascending');

    // Typing asks once the typing stops, not at every key.
    const before = calls().length;
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'S' } });
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'Sa' } });
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'Sam' } });
    await waitFor(() => expect(calls().map((c) => c.url)).toContain('/api/v1/admin/users?q=Sam&sort=swaps&dir=asc&page=1&pageSize=25'));
    expect(calls().filter((c) => c.url.includes('q=S&') || c.url.includes('q=Sa&'))).toEqual([]);
    expect(calls().length - before).toBe(1);
  });

  it('shows cards on a phone, an empty state, and Permission Denied to members', async () => {
    wide = false;
    users = (url) =>
      url.includes('q=nobody')
        ? json(200, { items: [], total: 0, page: 1, pageSize: 25 })
        : json(200, { items: [aUser()], total: 1, page: 1, pageSize: 25 });
    renderUsers('/admin/users?q=nobody');
    expect((await screen.findByTestId('users-empty')).textContent).toContain("No member's name or email contains “nobody”.");
    cleanup();
    users = () => json(403, { error: { code: 'permission_denied' } });
    renderUsers();
    expect((await screen.findByTestId('users-denied')).textContent).toBe('Permission Denied');
  });

  it('the ban modal needs a reason, sends it, and shows the server’s refusal', async () => {
    users = () => json(200, { items: [aUser()], total: 1, page: 1, pageSize: 25 });
    ban = () => json(400, { error: { code: 'admin_self_ban', message: 'You cannot suspend your own account.' } });
    renderUsers();
    fireEvent.click(await screen.findByTestId('user-menu'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Suspend…' }));
    const form = await screen.findByTestId('ban-form');
    // No reason: refused here, the API is not called.
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Suspend' })));
    expect(within(form).getByText('Please give a reason for the suspension (up to 500 characters). The member will read it.')).toBeTruthy();
    expect(calls('PUT')).toEqual([]);

    fireEvent.change(within(form).getByLabelText(/Reason/), { target: { value: '  Fake listings  ' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Suspend' })));
    await waitFor(() => expect(within(form).getByText('You cannot suspend your own account.')).toBeTruthy());
    expect(calls('PUT')).toEqual([{ url: '/api/v1/admin/users/u1/ban', body: JSON.stringify({ banned: true, reason: 'Fake listings' }) }]);

    // Accepted: the modal closes and the table is asked again.
    ban = () => json(200, { id: 'u1', banned: true });
    const asked = calls().filter((c) => c.url.startsWith('/api/v1/admin/users?')).length;
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Suspend' })));
    await waitFor(() => expect(screen.queryByTestId('ban-form')).toBeNull());
    await waitFor(() => expect(calls().filter((c) => c.url.startsWith('/api/v1/admin/users?')).length).toBeGreaterThan(asked));
  });

  it('does not offer suspending or demoting oneself', async () => {
    users = () => json(200, { items: [aUser({ id: 'me', role: 'admin', displayName: 'Avery Admin' })], total: 1, page: 1, pageSize: 25 });
    window.localStorage.setItem('token', 'access');
    window.localStorage.setItem('userId', 'me');
    window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
    restoreSession();
    renderUsers();
    await screen.findByText('Avery Admin');
    fireEvent.click(await screen.findByTestId('user-menu'));
    await waitFor(() => {
      expect((screen.getByRole('menuitem', { name: 'Suspend…' }) as HTMLButtonElement).disabled).toBe(true);
      expect((screen.getByRole('menuitem', { name: 'Revoke admin…' }) as HTMLButtonElement).disabled).toBe(true);
    });
    expect(screen.getByText('You cannot suspend yourself or change your own role.')).toBeTruthy();
  });
});

describe('/admin/audit', () => {
  const anEntry = (patch: Partial<AuditEntry> = {}): AuditEntry => ({
    id: 1,
    actorId: 'me',
    actorName: 'Avery Admin',
    action: 'user.ban',
    targetType: 'user',
    targetId: 'u1',
    targetName: 'Sam Swapper',
    before: { banned: false, bannedReason: null },
    after: { banned: true, bannedReason: 'Fake listings' },
    reason: 'Fake listings',
    createdAt: '2026-11-20T10:00:00.000Z',
    ...patch,
  });

  it('shows who, what in words, the linked target, the reason and what changed; loads more', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('cursor=c2'))
        return json(200, {
          items: [anEntry({ id: 2, action: 'user.role', before: { role: 'user' }, after: { role: 'admin' }, reason: '' })],
          next: null,
        });
      if (url.startsWith('/api/v1/admin/audit')) return json(200, { items: [anEntry()], next: 'c2' });
      return json(404, { error: { code: 'not_found' } });
    });
    renderRoutes([{ path: '/admin/audit', Component: AdminAudit }], '/admin/audit?targetType=user&targetId=u1');
    const [entry] = await screen.findAllByTestId('audit-entry');
    expect(within(entry!).getByTestId('audit-action').textContent).toBe('Suspended a member');
    expect(entry!.textContent).toContain('By Avery Admin');
    expect(within(entry!).getByTestId('audit-target').getAttribute('href')).toBe('/user-detail/u1');
    expect(within(entry!).getByTestId('audit-reason').textContent).toBe('Reason: Fake listings');
    expect(within(entry!).getByTestId('audit-diff').textContent).toContain('banned');
    expect(calls().map((c) => c.url)).toContain('/api/v1/admin/audit?targetType=user&targetId=u1&limit=50');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-entry')).toHaveLength(2));
    expect(within(screen.getAllByTestId('audit-entry')[1]!).getByTestId('audit-action').textContent).toBe('Changed a role');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('diffs only what changed', () => {
    expect(diffOf({ role: 'user', x: 1 }, { role: 'admin', x: 1 })).toEqual([{ key: 'role', before: 'user', after: 'admin' }]);
    expect(diffOf(null, { codes: ['A', 'B'] })).toEqual([{ key: 'codes', before: null, after: 'A, B' }]);
  });
});
