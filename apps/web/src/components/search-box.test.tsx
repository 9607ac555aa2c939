import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index';
import { renderRoutes } from '../test/render-routes';
import { SearchBox } from './search-box';

const fetchMock = vi.fn<typeof fetch>();
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

beforeAll(async () => {
  await initI18n('en-US');
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBox = (path = '/') =>
  renderRoutes(
    [
      { path: '/', element: <SearchBox /> },
      { path: '/search', element: <SearchBox /> },
    ],
    path,
  );

describe('the header search box', () => {
  it('offers completions after a pause in typing and searches the one picked with the keyboard', async () => {
    fetchMock.mockResolvedValue(json({ completions: ['red bicycle', 'red bike'], categories: ['bicycles'], tookMs: 1 }));
    const router = renderBox();
    const box = await screen.findByRole('combobox', { name: 'Keyword' });
    fireEvent.focus(box);
    for (const typed of ['re', 'red', 'red ', 'red b', 'red bi']) fireEvent.change(box, { target: { value: typed } });
    // Nothing is asked while the person is still typing.
    await new Promise((r) => setTimeout(r, 60));
    expect(fetchMock).not.toHaveBeenCalled();
    const options = within(await screen.findByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['red bicycle', 'red bike', 'in Bicycles']);
    // One request for the settled text, not one per keystroke.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/v1/search/suggest?q=red+bi']);
    expect(box.getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    expect(options[1]!.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/search?keyword=red+bike'));
    expect(screen.queryByRole('listbox', { name: 'Suggestions' })).toBeNull();
  });

  it('picking a category suggestion searches that category', async () => {
    fetchMock.mockResolvedValue(json({ completions: [], categories: ['bicycles'], tookMs: 1 }));
    const router = renderBox();
    const box = await screen.findByRole('combobox', { name: 'Keyword' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'bicy' } });
    fireEvent.click(within(await screen.findByRole('listbox', { name: 'Suggestions' })).getByRole('option', { name: 'in Bicycles' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=bicycles'));
  });
});
