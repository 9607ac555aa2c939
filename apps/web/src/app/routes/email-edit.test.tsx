import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import { renderRoutes } from '../../test/render-routes';
import EmailEditPage from './email-edit';

// The rich editor (Tiptap) stands in as a plain text area: these tests are about the form's rules.
vi.mock('../../features/admin/email-body-editor', () => ({
  default: ({
    value,
    onChange,
    invalid,
    labelledBy,
  }: {
    value: string;
    onChange: (v: string) => void;
    invalid?: boolean;
    labelledBy: string;
  }) => <textarea aria-labelledby={labelledBy} aria-invalid={invalid} value={value} onChange={(e) => onChange(e.currentTarget.value)} />,
}));

const SPEC_MESSAGE = 'Design name, mail subject and user mail cannot be empty';
const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input) === '/api/v1/admin/mail-designs')
    .map(([, init]) => JSON.parse(String(init!.body)) as unknown);

let role: 'user' | 'admin';
let save: () => Response;
const renderPage = (path = '/email-edit') => renderRoutes([{ path: '/email-edit', Component: EmailEditPage }], path);
const design = {
  id: 'd1',
  name: 'Spring',
  subject: 'Spring is here',
  html: '<p>Hi</p>',
  text: 'Hi',
  createdAt: '2026-11-20T00:00:00.000Z',
  updatedAt: '2026-11-20T00:00:00.000Z',
};

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'me1');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  role = 'admin';
  save = () => json(201, design);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/v1/me')
      return json(200, { id: 'me1', displayName: 'Avery Admin', avatarUrl: null, email: 'a@example.com', role, bio: '', interests: [] });
    if (url === '/api/v1/admin/mail-designs/preview')
      return json(200, { subject: 'S', html: '<!doctype html><p>preview</p>', text: 'preview' });
    if (url === '/api/v1/admin/mail-designs' && init?.method === 'POST') return save();
    if (url === '/api/v1/admin/mail-designs/d1') return json(200, design);
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

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const body = () => screen.getByRole('textbox', { name: 'User mail' }) as HTMLTextAreaElement;

describe('/email-edit', () => {
  it('refuses to save with an empty design name, mail subject or user mail, with the spec’s message, sending nothing', async () => {
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'New email design' });
    await waitFor(() => body());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save design' })));
    expect(screen.getByTestId('editor-empty-fields').textContent).toBe(SPEC_MESSAGE);
    expect(field('Design name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Mail subject').getAttribute('aria-invalid')).toBe('true');
    expect(body().getAttribute('aria-invalid')).toBe('true');

    // Filling the name clears its mark; a body of an empty paragraph is still empty.
    fireEvent.change(field('Design name'), { target: { value: 'Spring' } });
    fireEvent.change(body(), { target: { value: '<p> </p>' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save design' })));
    expect(field('Design name').getAttribute('aria-invalid')).not.toBe('true');
    expect(field('Mail subject').getAttribute('aria-invalid')).toBe('true');
    expect(body().getAttribute('aria-invalid')).toBe('true');
    // A test send is a save first: refused the same way.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send a test to me' })));
    expect(screen.getByTestId('editor-empty-fields').textContent).toBe(SPEC_MESSAGE);
    expect(posted()).toEqual([]);
  });

  it('saves a complete design and opens it by its id', async () => {
    const router = renderPage();
    await waitFor(() => body());
    fireEvent.change(field('Design name'), { target: { value: 'Spring' } });
    fireEvent.change(field('Mail subject'), { target: { value: 'Spring is here' } });
    fireEvent.change(body(), { target: { value: '<p>Hi</p>' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save design' })));
    expect(posted()).toEqual([{ name: 'Spring', subject: 'Spring is here', html: '<p>Hi</p>' }]);
    await waitFor(() => expect(router.state.location.search).toBe('?design=d1'));
    expect(screen.queryByTestId('editor-empty-fields')).toBeNull();
    expect(screen.getByTestId('editor-state').textContent).toBe('All changes saved');
  });

  it('shows the server’s refusal on the field it names (a body that sanitising empties)', async () => {
    save = () =>
      json(400, {
        error: { code: 'email_editor_fields_required', message: SPEC_MESSAGE, fields: { html: 'email_editor_fields_required' } },
      });
    renderPage();
    await waitFor(() => body());
    fireEvent.change(field('Design name'), { target: { value: 'Spring' } });
    fireEvent.change(field('Mail subject'), { target: { value: 'Spring is here' } });
    fireEvent.change(body(), { target: { value: '<p><img src=x onerror=alert(1)>x</p>' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save design' })));
    expect((await screen.findByTestId('editor-empty-fields')).textContent).toBe(SPEC_MESSAGE);
    expect(body().getAttribute('aria-invalid')).toBe('true');
    expect(field('Design name').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('opens a saved design with ?design=<id>', async () => {
    renderPage('/email-edit?design=d1');
    await screen.findByRole('heading', { level: 1, name: 'Edit email design' });
    await waitFor(() => expect(field('Design name').value).toBe('Spring'));
    expect(field('Mail subject').value).toBe('Spring is here');
    expect(body().value).toBe('<p>Hi</p>');
  });

  it('lets the keyboard reach the preview, which scrolls sideways on a phone: a tab stop named Preview', async () => {
    renderPage('/email-edit?design=d1');
    const frames = await screen.findByRole('region', { name: 'Preview' });
    expect(frames.getAttribute('tabindex')).toBe('0');
    expect(frames.querySelector('iframe')).not.toBeNull();
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    role = 'user';
    renderPage();
    expect((await screen.findByTestId('email-edit-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByLabelText('Design name')).toBeNull();
  });
});
