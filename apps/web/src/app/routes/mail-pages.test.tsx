import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index';
import { theme } from '../theme';
import DevMailPage from './dev-mail';
import EmailSubscriptionPage from './email-subscription';
import ForgotPasswordPage from './forgot-password';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sentBody = (call: number) => JSON.parse(String(fetchMock.mock.calls[call]![1]!.body)) as unknown;

function renderAt(path: string, element: ReactNode, pattern: string) {
  const router = createMemoryRouter([{ path: pattern, element }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          <RouterProvider router={router} />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>,
  );
}
const input = (label: RegExp) => screen.getByLabelText(label, { selector: 'input' });

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/forgot-password', () => {
  it('checks the address, then says a link is on its way whatever the answer reveals', async () => {
    fetchMock.mockResolvedValue(json(202, { accepted: true }));
    renderAt('/forgot-password', <ForgotPasswordPage />, '/forgot-password');
    const form = await screen.findByRole('form', { name: 'Forgot your password?' });
    fireEvent.change(input(/Email address/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please type in a valid email address.');
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('ana@example.com');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/auth/password-reset');
    expect(sentBody(0)).toEqual({ email: 'ana@example.com' });
  });

  it('asks for the new password when the link’s token is present and shows an invalid link in the catalogue’s words', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        error: { code: 'reset_link_invalid', message: 'This password reset link is invalid or has expired. Please request a new one.' },
      }),
    );
    renderAt('/forgot-password?token=abc', <ForgotPasswordPage />, '/forgot-password');
    const form = await screen.findByRole('form', { name: 'Choose a new password' });
    fireEvent.change(input(/^New password/), { target: { value: '12345' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Password must be at least 6 characters.');

    fireEvent.change(input(/^New password/), { target: { value: 'secret12' } });
    fireEvent.change(input(/Repeat the new password/), { target: { value: 'secret13' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe("The two passwords don't match.");
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(input(/Repeat the new password/), { target: { value: 'secret12' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save new password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This password reset link is invalid or has expired. Please request a new one.');
    expect(within(alert).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(sentBody(0)).toEqual({ token: 'abc', password: 'secret12' });
  });
});

describe('/email-subscription', () => {
  it('asks to unsubscribe and says to check the inbox, whatever the address', async () => {
    fetchMock.mockResolvedValue(json(202, { email: 'who@example.com', status: 'check_inbox' }));
    renderAt('/email-subscription', <EmailSubscriptionPage />, '/email-subscription');
    const form = await screen.findByRole('form', { name: 'SwapU news by email' });
    fireEvent.change(input(/Email address/), { target: { value: 'who@example.com' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Unsubscribe' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Unsubscribe' }));
    expect((await screen.findByRole('status')).textContent).toContain("if who@example.com gets SwapU news, we've sent it a link");
    expect(sentBody(0)).toEqual({ email: 'who@example.com', subscribe: false });
  });

  it('asks to subscribe, then confirms through the mailed link with a button press', async () => {
    fetchMock.mockResolvedValue(json(202, { email: 'ana@example.com', status: 'check_inbox' }));
    renderAt('/email-subscription', <EmailSubscriptionPage />, '/email-subscription');
    const form = await screen.findByRole('form', { name: 'SwapU news by email' });
    fireEvent.change(input(/Email address/), { target: { value: 'ana@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Subscribe' }));
    expect((await screen.findByRole('status')).textContent).toContain("we've sent ana@example.com a link to confirm");
    cleanup();

    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, { email: 'ana@example.com', status: 'subscribed' }));
    renderAt('/email-subscription?confirm=tok-123', <EmailSubscriptionPage />, '/email-subscription');
    // Opening the link alone subscribes nobody: the person presses the button.
    const button = await screen.findByRole('button', { name: 'Confirm my subscription' });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(button);
    expect((await screen.findByTestId('subscription-confirmed')).textContent).toBe('Thanks! ana@example.com is subscribed to SwapU news.');
    expect(sentBody(0)).toEqual({ token: 'tok-123' });
  });

  it('tells the outcome of a mail’s one-click unsubscribe link', async () => {
    renderAt('/email-subscription?unsubscribe=invalid', <EmailSubscriptionPage />, '/email-subscription');
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid.');
    cleanup();
    renderAt('/email-subscription?unsubscribed=1', <EmailSubscriptionPage />, '/email-subscription');
    expect((await screen.findByRole('status')).textContent).toContain("You're unsubscribed");
  });
});

describe('/dev/mail', () => {
  const summary = {
    id: 'm1',
    to: 'ana@example.com',
    subject: 'Reset your SwapU password',
    template: 'password-reset',
    createdOn: '2026-11-20T00:00:00.000Z',
    sentAt: null,
    attempts: 0,
    lastError: null,
    status: 'held',
  };

  it('lists the outbox and shows one mail in a sandboxed frame, using the admin API outside development', async () => {
    fetchMock.mockImplementation(async (url) => {
      const path = String(url);
      if (path.startsWith('/api/v1/dev/mail')) return json(404, { error: { code: 'not_found', message: 'Not found' } });
      if (path.startsWith('/api/v1/admin/mail?')) return json(200, { items: [summary], page: 1, pageSize: 20, total: 1 });
      return json(200, { ...summary, text: 'Choose a new password: http://x', html: '<p>Hello <b>Ana</b></p>' });
    });
    renderAt('/dev/mail', <DevMailPage />, '/dev/mail');
    const table = await screen.findByRole('table', { name: 'Mails' });
    expect(within(table).getByText('Reset your SwapU password')).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: 'Read: Reset your SwapU password (ana@example.com)' }));
    const frame = await screen.findByTitle('The mail as its recipient sees it');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello <b>Ana</b></p>');
    expect(fetchMock.mock.calls.map((c) => String(c[0]))).toContain('/api/v1/admin/mail/m1');
  });
});
