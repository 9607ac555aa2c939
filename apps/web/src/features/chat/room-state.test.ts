import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@swapu/shared/chat';
import { emptyRoom, myLastMessage, newestSeq, roomReducer, type RoomAction, type RoomMessages } from './room-state';

const m = (seq: number, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: `m${seq}`,
  roomId: 'r1',
  seq,
  senderId: seq % 2 ? 'ana' : 'ben',
  body: `text ${seq}`,
  postId: null,
  clientId: null,
  createdAt: '2030-01-01T10:00:00.000Z',
  ...over,
});
const run = (...actions: RoomAction[]) => actions.reduce<RoomMessages>(roomReducer, emptyRoom);
const seqs = (s: RoomMessages) => s.items.map((x) => x.seq);

describe('an open room’s messages', () => {
  it('shows the newest page, then earlier pages above it, in seq order', () => {
    const s = run(
      { type: 'loaded', items: [m(4), m(5), m(6)], nextBefore: 4 },
      { type: 'earlier', items: [m(1), m(2), m(3)], nextBefore: null },
    );
    expect(seqs(s)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(s.nextBefore).toBeNull();
    expect(newestSeq(s.items)).toBe(6);
  });

  it('keeps one copy of a message that arrives twice or out of order', () => {
    const s = run(
      { type: 'loaded', items: [m(1), m(2)], nextBefore: null },
      { type: 'received', message: m(4) },
      { type: 'received', message: m(3) },
      { type: 'received', message: m(4) },
    );
    expect(seqs(s)).toEqual([1, 2, 3, 4]);
  });

  it('shows a sent message as sending until the stored one replaces it', () => {
    let s = run({ type: 'loaded', items: [m(2)], nextBefore: null }, { type: 'sending', clientId: 'c1', body: 'hi', createdAt: 'now' });
    expect(s.pending).toEqual([{ clientId: 'c1', body: 'hi', createdAt: 'now', status: 'sending' }]);
    s = roomReducer(s, { type: 'received', message: m(3, { clientId: 'c1', body: 'hi' }) });
    expect(s.pending).toEqual([]);
    expect(seqs(s)).toEqual([2, 3]);
  });

  it('marks a failed send for retry, and a retry goes back to sending under the same client id', () => {
    let s = run(
      { type: 'sending', clientId: 'c1', body: 'hi', createdAt: 'now' },
      { type: 'failed', clientId: 'c1', error: 'rate_limited' },
    );
    expect(s.pending[0]).toMatchObject({ status: 'failed', error: 'rate_limited' });
    s = roomReducer(s, { type: 'sending', clientId: 'c1', body: 'hi', createdAt: 'later' });
    expect(s.pending).toHaveLength(1);
    expect(s.pending[0]).toMatchObject({ clientId: 'c1', status: 'sending' });
  });

  it('finds my newest message for the seen receipt', () => {
    const items = [m(1), m(2), m(3), m(4)];
    expect(myLastMessage(items, 'ana')?.seq).toBe(3);
    expect(myLastMessage(items, 'cy')).toBeNull();
  });
});
