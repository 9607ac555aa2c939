import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { initI18n } from '../../i18n/index';
import { OwnerMenu } from './post-actions';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderMenu(onDeleted: () => void) {
  const router = createMemoryRouter([{ path: '*', element: <OwnerMenu id="p1" state="published" onDeleted={onDeleted} /> }]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

/** Opens the owner's menu, picks Delete and confirms it in the dialog. */
async function deleteListing() {
  fireEvent.click(await screen.findByTestId('owner-menu'));
  fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete this listing?' });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  notifications.clean();
  cleanup();
  vi.unstubAllGlobals();
});

describe('deleting a listing from the owner’s menu', () => {
  it('says the listing was deleted when it was', async () => {
    fetchMock.mockResolvedValue(json(200, { outcome: 'deleted' }));
    const onDeleted = vi.fn();
    renderMenu(onDeleted);
    await deleteListing();
    expect(await screen.findByText('Listing deleted.')).toBeTruthy();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/posts/p1');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('DELETE');
    await waitFor(() => expect(onDeleted).toHaveBeenCalledOnce());
  });

  it('says it was archived instead when it has swap history', async () => {
    fetchMock.mockResolvedValue(json(200, { outcome: 'archived' }));
    renderMenu(() => {});
    await deleteListing();
    expect(await screen.findByText(/it was archived instead of deleted/)).toBeTruthy();
    expect(screen.queryByText('Listing deleted.')).toBeNull();
  });
});
