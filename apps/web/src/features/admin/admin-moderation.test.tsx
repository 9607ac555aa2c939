import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModerationQueue } from '@swapu/shared/admin-moderation';
import { initI18n } from '../../i18n/index';
import { renderRoutes } from '../../test/render-routes';
import { AdminModeration } from './admin-moderation';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const posted = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({ url: String(input), body: JSON.parse(String(init!.body)) as unknown }));

const person = (id: string, displayName: string) => ({ id, displayName, avatarUrl: null, banned: false });
const empty: ModerationQueue = {
  counts: { listings: 0, members: 0, photos: 0, disputes: 0 },
  listings: [],
  members: [],
  photos: [],
  disputes: [],
};
const withListing: ModerationQueue = {
  ...empty,
  counts: { listings: 1, members: 0, photos: 0, disputes: 1 },
  listings: [
    {
      post: { id: 'p1', title: 'Replica watch', imageUrl: null, state: 'published', hiddenReason: null },
      owner: person('u1', 'Olive Owner'),
      count: 2,
      firstAt: '2026-11-20T00:00:00.000Z',
      reports: [
        { id: 'r1', reason: 'scam', details: 'Looks fake', reporterName: 'Rita', at: '2026-11-20T00:00:00.000Z' },
        { id: 'r2', reason: 'prohibited', details: '', reporterName: 'Sam', at: '2026-11-20T01:00:00.000Z' },
      ],
    },
  ],
};
const withDispute: ModerationQueue = {
  ...empty,
  counts: { listings: 1, members: 0, photos: 0, disputes: 1 },
  disputes: [
    {
      offerId: 'o1',
      at: '2026-11-20T00:00:00.000Z',
      offerer: person('a', 'Ana'),
      owner: person('b', 'Ben'),
      post: { id: 'bike', title: 'Road bike', imageUrl: null, state: 'reserved' },
      items: [{ id: 'tent', title: 'Tent', imageUrl: null, state: 'reserved' }],
      cashKind: 'none',
      cashCents: 0,
      problems: [{ byId: 'a', message: 'The bike never arrived', at: '2026-11-20T00:00:00.000Z' }],
      messages: [
        { id: 'm1', senderId: 'a', body: 'Where is the bike?', at: '2026-11-19T00:00:00.000Z' },
        { id: 'm2', senderId: 'b', body: 'I posted it!', at: '2026-11-19T01:00:00.000Z' },
      ],
    },
  ],
};

let queue: (kind: string) => Response;
const renderPage = () => renderRoutes([{ path: '/admin/moderation', Component: AdminModeration }], '/admin/moderation');

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
});
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.startsWith('/api/v1/admin/moderation?')) return queue(new URL(url, 'http://x').searchParams.get('kind') ?? '');
    if (url.startsWith('/api/v1/admin/moderation/') && init?.method === 'POST') return json(200, { resolvedReports: 2 });
    return json(404, { error: { code: 'not_found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/admin/moderation', () => {
  it('shows a reported listing with its count and every reason; hiding asks for a reason, then sends it and says so', async () => {
    queue = () => json(200, withListing);
    const shown = vi.spyOn(notifications, 'show');
    renderPage();
    const card = await screen.findByTestId('moderation-listing');
    expect(card.textContent).toContain('Replica watch');
    expect(card.textContent).toContain('2 reports');
    expect(card.textContent).toContain('Olive Owner');
    expect(
      within(card)
        .getAllByTestId('moderation-report')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Scam or fraud'), expect.stringContaining('Prohibited or stolen item')]);
    expect(within(card).getAllByTestId('moderation-report')[0]!.textContent).toContain('Looks fake');
    expect(screen.getByTestId('count-listings').textContent).toBe('1');
    expect(screen.getByTestId('count-disputes').textContent).toBe('1');

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Hide listing' })));
    const dialog = await screen.findByRole('dialog');
    // No reason: refused in the browser with the catalogue's words, nothing sent.
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please write a reason: the member is shown it.');
    expect(posted()).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Counterfeit goods are not allowed.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' })));
    expect(posted()).toEqual([{ url: '/api/v1/admin/moderation/posts/p1/hide', body: { reason: 'Counterfeit goods are not allowed.' } }]);
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ message: 'Listing hidden. The owner has been told why.' }));
  });

  it('shows the server’s refusal inside the confirmation', async () => {
    queue = () => json(200, withListing);
    renderPage();
    const card = await screen.findByTestId('moderation-listing');
    fetchMock.mockImplementationOnce(async () => json(409, { error: { code: 'listing_reserved', message: 'x' } }));
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Hide listing' })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Fake' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Hide listing' })));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This listing is reserved in an accepted swap and cannot be hidden now. Resolve the swap first.',
    );
  });

  it('shows a dispute with both parties, the items, the problem and their messages; cancelling sends the outcome and reason', async () => {
    queue = (kind) => json(200, kind === 'disputes' ? withDispute : withListing);
    renderPage();
    await screen.findByTestId('moderation-listing');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /Disputes/ })));
    const card = await screen.findByTestId('moderation-dispute');
    expect(card.textContent).toContain('Ana');
    expect(card.textContent).toContain('Ben');
    expect(card.textContent).toContain('Tent');
    expect(card.textContent).toContain('The bike never arrived');
    expect(within(card).getByTestId('dispute-chat').textContent).toMatch(/Ana:.*Where is the bike\?.*Ben:.*I posted it!/);

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Cancel swap' })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'No proof of postage' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel swap' })));
    expect(posted()).toEqual([
      { url: '/api/v1/admin/moderation/disputes/o1/resolve', body: { outcome: 'cancel', reason: 'No proof of postage' } },
    ]);
  });

  it('shows flagged photos with their score (the only photo of a live listing cannot be removed) and warns a reported member', async () => {
    const photos: ModerationQueue = {
      ...empty,
      counts: { listings: 0, members: 1, photos: 2, disputes: 0 },
      photos: [
        {
          id: 'i1',
          imageUrl: '/media/posts/p1/i1/g640.webp',
          score: 0.46,
          flag: 'flagged',
          at: '2026-11-20T00:00:00.000Z',
          post: { id: 'p1', title: 'Swimwear', imageUrl: null, state: 'published' },
          owner: person('u1', 'Olive Owner'),
          photoCount: 1,
        },
        {
          id: 'i2',
          imageUrl: '/media/posts/p2/i2/g640.webp',
          score: 0.71,
          flag: 'flagged',
          at: '2026-11-20T00:00:00.000Z',
          post: { id: 'p2', title: 'Poster', imageUrl: null, state: 'published' },
          owner: person('u2', 'Pat Poster'),
          photoCount: 3,
        },
      ],
    };
    const members: ModerationQueue = {
      ...empty,
      counts: photos.counts,
      members: [
        {
          member: person('m1', 'Gus Pest'),
          count: 1,
          firstAt: '2026-11-20T00:00:00.000Z',
          reports: [{ id: 'r1', reason: 'Keeps asking for my address', reporterName: 'Rita', at: '2026-11-20T00:00:00.000Z' }],
        },
      ],
    };
    queue = (kind) => json(200, kind === 'photos' ? photos : kind === 'members' ? members : empty);
    renderPage();
    await screen.findByTestId('moderation-empty');
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /Photos/ })));
    const [only, more] = await screen.findAllByTestId('moderation-photo');
    expect(only!.textContent).toContain('Sexual content score 46%');
    expect(only!.textContent).toContain('This is the only photo of a live listing');
    expect((within(only!).getByRole('button', { name: 'Remove photo' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(more!).getByRole('button', { name: 'Remove photo' }) as HTMLButtonElement).disabled).toBe(false);
    await act(async () => fireEvent.click(within(more!).getByRole('button', { name: 'Approve photo' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' })));
    expect(posted()).toEqual([{ url: '/api/v1/admin/moderation/images/i2/approve', body: { reason: '' } }]);

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: /Members/ })));
    const card = await screen.findByTestId('moderation-member');
    expect(card.textContent).toContain('Keeps asking for my address');
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Warn' })));
    const dialog = await screen.findByRole('dialog', { name: 'Warn this member?' });
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Keep chats about the items.' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Send warning' })));
    expect(posted().at(-1)).toEqual({ url: '/api/v1/admin/moderation/users/m1/warn', body: { reason: 'Keep chats about the items.' } });
  });

  it('says there is nothing to review when a tab is empty', async () => {
    queue = () => json(200, empty);
    renderPage();
    expect((await screen.findByTestId('moderation-empty')).textContent).toContain('Nothing to review');
  });

  it("shows 'Permission Denied' to a member who is not an admin", async () => {
    queue = () => json(403, { error: { code: 'permission_denied' } });
    renderPage();
    expect((await screen.findByTestId('moderation-denied')).textContent).toBe('Permission Denied');
    expect(screen.queryByRole('tab')).toBeNull();
  });
});
