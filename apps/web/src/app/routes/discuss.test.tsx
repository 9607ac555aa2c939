import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Room } from '@swapu/shared/chat';
import { initI18n } from '../../i18n/index';
import { restoreSession } from '../../lib/session';
import DiscussPage from './discuss';
import { renderRoutes } from '../../test/render-routes';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }));

const ana = { id: 'ana', displayName: 'Ana Alvarez', avatarUrl: null };
const ben = { id: 'ben', displayName: 'Ben Okafor', avatarUrl: null };
const aRoom = (over: Partial<Room> = {}): Room => ({
  id: 'r1',
  other: ben,
  title: 'No Title',
  lastMessage: 'There is no messages',
  timestamp: '2030-01-01T10:00:00.000Z',
  seen: true,
  seenTime: null,
  unread: 0,
  post: { id: 'p1', title: 'Two-person kayak', thumbUrl: null, cashValueCents: 45_000 },
  blocked: false,
  blockedByMe: false,
  members: [ana, ben],
  otherSeenTime: null,
  otherSeenSeq: 0,
  ...over,
});
const aMessage = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  roomId: 'r1',
  seq,
  senderId: 'ben',
  body: `message ${seq}`,
  postId: null,
  clientId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...over,
});

function renderAt(path: string) {
  return renderRoutes(
    [
      { path: '/discuss', Component: DiscussPage },
      { path: '/discuss/:id', Component: DiscussPage },
      { path: '/discuss/:id/:postId', Component: DiscussPage },
    ],
    path,
  );
}

/** The room list and a room's routes; `routes` answers the rest. */
function serve(routes: (url: string, init?: RequestInit) => Response | undefined) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const hit = routes(url, init);
    if (hit) return hit;
    if (url === '/api/v1/rooms' && !init?.method) return json(200, { items: [], unread: 0 });
    return json(404, { error: { code: 'not_found', message: 'Not found' } });
  });
}

beforeAll(async () => {
  await initI18n('en-US');
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  if (!document.fonts) Object.defineProperty(document, 'fonts', { value: { addEventListener() {}, removeEventListener() {} } });
});
beforeEach(() => {
  window.localStorage.clear();
  window.localStorage.setItem('token', 'access');
  window.localStorage.setItem('userId', 'ana');
  window.localStorage.setItem('expiration', String(Date.now() + 3_600_000));
  restoreSession();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the discuss routes', () => {
  it('treats an id that is not a room as the post owner: opens the room with them and names the room in the address', async () => {
    serve((url, init) => {
      if (url === '/api/v1/rooms' && init?.method === 'POST') return json(201, aRoom());
      if (url === '/api/v1/rooms/r1') return json(200, aRoom());
      if (url === '/api/v1/rooms/r1/messages') return json(200, { items: [], nextBefore: null });
      if (url === '/api/v1/rooms/r1/seen') return json(204);
      return undefined;
    });
    const router = renderAt('/discuss/ben/p1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/discuss/r1/p1'));
    const room = await screen.findByTestId('room');
    expect(within(room).getByTestId('post-context').textContent).toContain('Two-person kayak');
    expect(within(room).getByTestId('room-other').textContent).toBe('Ben Okafor');
    expect(calls('POST').filter((c) => c.url === '/api/v1/rooms')).toEqual([
      { url: '/api/v1/rooms', body: { userId: 'ben', postId: 'p1' } },
    ]);
  });

  it('opens a room id directly, without creating anything', async () => {
    serve((url) => {
      if (url === '/api/v1/rooms/r1') return json(200, aRoom({ post: null }));
      if (url === '/api/v1/rooms/r1/messages') return json(200, { items: [aMessage(1)], nextBefore: null });
      if (url === '/api/v1/rooms/r1/seen') return json(204);
      return undefined;
    });
    renderAt('/discuss/r1');
    expect((await screen.findByTestId('message-body')).textContent).toBe('message 1');
    expect(screen.queryByTestId('post-context')).toBeNull();
    // Opening the room sees Ben's message.
    await waitFor(() => expect(calls('POST').map((c) => c.url)).toEqual(['/api/v1/rooms/r1/seen']));
  });

  it('shows only the catalogue sentence to someone who is not in the room', async () => {
    serve((url) => (url === '/api/v1/rooms/r9' ? json(403, { error: { code: 'room_forbidden', message: '' } }) : undefined));
    renderAt('/discuss/r9/p1');
    expect((await screen.findByTestId('room-forbidden')).textContent).toBe('Nice try, but you are not allowed in that room');
    expect(screen.queryByTestId('room')).toBeNull();
    expect(screen.queryByTestId('room-list')).toBeNull();
  });

  it('says messaging yourself is prohibited when the id is the viewer', async () => {
    serve((url, init) =>
      url === '/api/v1/rooms' && init?.method === 'POST' ? json(400, { error: { code: 'message_self', message: '' } }) : undefined,
    );
    renderAt('/discuss/ana/p1');
    expect((await screen.findByTestId('room-error')).textContent).toContain('Messaging yourself is prohibited');
  });

  it('shows message text as plain text: links and markup are never rendered', async () => {
    const body = '<b>bold</b> <a href="https://evil.example">x</a> https://example.com/kayak';
    serve((url) => {
      if (url === '/api/v1/rooms/r1') return json(200, aRoom());
      if (url === '/api/v1/rooms/r1/messages') return json(200, { items: [aMessage(1, { body })], nextBefore: null });
      return json(204);
    });
    renderAt('/discuss/r1');
    const shown = await screen.findByTestId('message-body');
    expect(shown.textContent).toBe(body);
    expect(shown.querySelector('a, b')).toBeNull();
  });

  it('loads earlier messages above the newest page', async () => {
    serve((url) => {
      if (url === '/api/v1/rooms/r1') return json(200, aRoom());
      if (url === '/api/v1/rooms/r1/messages') return json(200, { items: [aMessage(3), aMessage(4)], nextBefore: 3 });
      if (url === '/api/v1/rooms/r1/messages?before=3') return json(200, { items: [aMessage(1), aMessage(2)], nextBefore: null });
      return json(204);
    });
    renderAt('/discuss/r1');
    const earlier = await screen.findByRole('button', { name: 'Load earlier messages' });
    await act(async () => fireEvent.click(earlier));
    await waitFor(() =>
      expect(screen.getAllByTestId('message-body').map((e) => e.textContent)).toEqual(['message 1', 'message 2', 'message 3', 'message 4']),
    );
    expect(screen.getByText('This is the start of your conversation with Ben Okafor.')).toBeTruthy();
  });

  it('sends on Enter (Shift+Enter is a new line), shows "Seen" under my last message, and offers a retry when a send fails', async () => {
    let fail = true;
    serve((url, init) => {
      if (url === '/api/v1/rooms/r1') return json(200, aRoom({ otherSeenSeq: 1 }));
      if (url === '/api/v1/rooms/r1/messages' && init?.method === 'POST') {
        const sent = JSON.parse(String(init.body)) as { body: string; clientId: string };
        if (fail) return json(429, { error: { code: 'rate_limited', message: '' } });
        return json(201, aMessage(2, { senderId: 'ana', body: sent.body, clientId: sent.clientId }));
      }
      if (url === '/api/v1/rooms/r1/messages')
        return json(200, { items: [aMessage(1, { senderId: 'ana', body: 'first' })], nextBefore: null });
      return json(204);
    });
    renderAt('/discuss/r1/p1');
    expect((await screen.findByTestId('seen')).textContent).toContain('Seen');
    const box = screen.getByTestId('composer');
    fireEvent.change(box, { target: { value: 'Is it still available?' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(calls('POST').filter((c) => c.url.endsWith('/messages'))).toEqual([]);
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(await screen.findByText('Too many requests, please try again shortly')).toBeTruthy();
    const retry = screen.getByTestId('retry');
    expect(retry.textContent).toContain('Not sent — retry');

    fail = false;
    await act(async () => fireEvent.click(retry));
    await waitFor(() => expect(screen.queryByTestId('pending-message')).toBeNull());
    expect(screen.getAllByTestId('message-body').map((e) => e.textContent)).toEqual(['first', 'Is it still available?']);
    // My newest message is not seen yet; the retry reused the first attempt's client id, with the room's post.
    expect(screen.queryByTestId('seen')).toBeNull();
    const sends = calls('POST').filter((c) => c.url === '/api/v1/rooms/r1/messages');
    expect(sends).toHaveLength(2);
    expect(sends[0]!.body).toMatchObject({ body: 'Is it still available?', postId: 'p1' });
    expect(sends[1]!.body!.clientId).toBe(sends[0]!.body!.clientId);
  });

  it('replaces the composer with a notice when the conversation is blocked', async () => {
    serve((url) => {
      if (url === '/api/v1/rooms/r1') return json(200, aRoom({ blocked: true }));
      if (url === '/api/v1/rooms/r1/messages') return json(200, { items: [], nextBefore: null });
      return json(204);
    });
    renderAt('/discuss/r1');
    expect((await screen.findByTestId('blocked-notice')).textContent).toContain('Messages are off in this conversation');
    expect(screen.queryByTestId('composer')).toBeNull();
  });

  it('lists rooms newest first with the other person, the default title, the empty last message and unread counts', async () => {
    serve((url) =>
      url === '/api/v1/rooms'
        ? json(200, {
            items: [
              aRoom({ id: 'old', other: { ...ben, displayName: 'Old Friend' }, timestamp: '2030-01-01T09:00:00.000Z' }),
              aRoom({ id: 'new', lastMessage: 'See you Saturday', unread: 2, seen: false, timestamp: '2030-01-02T09:00:00.000Z' }),
            ],
            unread: 2,
          })
        : undefined,
    );
    renderAt('/discuss');
    await waitFor(() => expect(screen.getAllByTestId('room-row')).toHaveLength(2));
    const [first, second] = screen.getAllByTestId('room-row');
    expect(first!.textContent).toContain('Ben Okafor');
    expect(first!.textContent).toContain('See you Saturday');
    expect(within(first!).getByLabelText('2 unread messages')).toBeTruthy();
    expect(second!.textContent).toContain('Old Friend');
    expect(within(second!).getByTestId('room-title').textContent).toBe('No Title');
    expect(within(second!).getByTestId('room-last').textContent).toBe('There is no messages');
    expect(screen.getByText('Choose a conversation')).toBeTruthy();
  });
});
