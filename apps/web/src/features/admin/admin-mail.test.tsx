import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminMail } from './admin-mail';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const urls = () => fetchMock.mock.calls.map(([u]) => String(u));
const summary = {
  id: 'm1',
  to: 'ana@example.com',
  subject: 'Welcome to SwapU',
  template: 'welcome',
  createdOn: '2026-11-20T00:00:00.000Z',
  sentAt: null,
  attempts: 3,
  lastError: 'SMTP 451: try again later',
  status: 'retrying',
};
let list: () => Response;

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  list = () => json(200, { items: [summary], page: 1, pageSize: 20, total: 1 });
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.startsWith('/api/v1/admin/mail?')) return list();
    if (url === '/api/v1/admin/mail/m1') return json(200, { ...summary, text: 'Hello Ana', html: '<p>Hello <b>Ana</b></p>' });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/admin/mail', () => {
  it("lists the outbox through the admins' API with template, status, attempts and last error, and opens a mail", async () => {
    renderRoutes([{ path: '/admin/mail', Component: AdminMail }], '/admin/mail');
    const row = await screen.findByTestId('mail-row');
    expect(row.textContent).toContain('Welcome to SwapU');
    expect(row.textContent).toContain('ana@example.com');
    expect(row.textContent).toContain('welcome');
    expect(row.textContent).toContain('Retrying');
    expect(row.textContent).toContain('SMTP 451: try again later');
    expect(row.textContent).toContain('3');
    fireEvent.click(within(row).getByRole('button', { name: 'Read: Welcome to SwapU (ana@example.com)' }));
    const frame = await screen.findByTitle('The mail as its recipient sees it');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(urls()).toContain('/api/v1/admin/mail/m1');
    expect(urls().some((u) => u.startsWith('/api/v1/dev/'))).toBe(false);
  });

  it('searches by part of an address', async () => {
    renderRoutes([{ path: '/admin/mail', Component: AdminMail }], '/admin/mail');
    await screen.findByTestId('mail-row');
    fireEvent.change(screen.getByLabelText('Search by address', { selector: 'input' }), { target: { value: ' ANA@ ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show' })));
    await vi.waitFor(() => expect(urls()).toContain('/api/v1/admin/mail?page=1&pageSize=20&to=ana%40'));
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    list = () => json(403, { error: { code: 'permission_denied', message: 'Permission Denied' } });
    renderRoutes([{ path: '/admin/mail', Component: AdminMail }], '/admin/mail');
    expect((await screen.findByTestId('mail-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByLabelText('Search by address', { selector: 'input' })).toBeNull();
  });
});
