import type { ChatMessage } from '@swapu/shared/chat';
import type { ErrorCode } from '@swapu/shared/errors';

/** A message typed here that the server has not stored yet ("sending…" / "Not sent — retry"). */
export interface PendingMessage {
  clientId: string;
  body: string;
  createdAt: string;
  status: 'sending' | 'failed';
  error?: ErrorCode;
}

/** An open room's history as the screen shows it: stored messages (by seq), then pending ones. */
export interface RoomMessages {
  items: ChatMessage[];
  pending: PendingMessage[];
  /** Cursor for "load earlier"; null when the first message is loaded. */
  nextBefore: number | null;
  loaded: boolean;
}

export type RoomAction =
  | { type: 'loaded'; items: ChatMessage[]; nextBefore: number | null }
  | { type: 'earlier'; items: ChatMessage[]; nextBefore: number | null }
  | { type: 'received'; message: ChatMessage }
  | { type: 'sending'; clientId: string; body: string; createdAt: string }
  | { type: 'failed'; clientId: string; error: ErrorCode };

export const emptyRoom: RoomMessages = {
  items: [],
  pending: [],
  nextBefore: null,
  loaded: false,
};

/** Stored messages merged by id (a replay, a live push and a send's answer are one message), in seq order. */
export function mergeMessages(current: ChatMessage[], incoming: ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.id, m]));
  let changed = false;
  for (const m of incoming)
    if (!byId.has(m.id)) {
      byId.set(m.id, m);
      changed = true;
    }
  if (!changed) return current;
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** A stored message settles the pending one it was sent as. */
const settle = (pending: PendingMessage[], stored: ChatMessage[]) => {
  const ids = new Set(stored.map((m) => m.clientId).filter(Boolean));
  return ids.size && pending.some((p) => ids.has(p.clientId)) ? pending.filter((p) => !ids.has(p.clientId)) : pending;
};

export function roomReducer(state: RoomMessages, action: RoomAction): RoomMessages {
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        items: mergeMessages(state.items, action.items),
        pending: settle(state.pending, action.items),
        nextBefore: action.nextBefore,
        loaded: true,
      };
    case 'earlier':
      return {
        ...state,
        items: mergeMessages(state.items, action.items),
        nextBefore: action.nextBefore,
      };
    case 'received': {
      const items = mergeMessages(state.items, [action.message]);
      const pending = settle(state.pending, [action.message]);
      return items === state.items && pending === state.pending ? state : { ...state, items, pending };
    }
    case 'sending': {
      const rest = state.pending.filter((p) => p.clientId !== action.clientId);
      return {
        ...state,
        pending: [
          ...rest,
          {
            clientId: action.clientId,
            body: action.body,
            createdAt: action.createdAt,
            status: 'sending',
          },
        ],
      };
    }
    case 'failed':
      return {
        ...state,
        pending: state.pending.map((p) => (p.clientId === action.clientId ? { ...p, status: 'failed', error: action.error } : p)),
      };
  }
}

/** The newest seq shown (where a live subscription continues from). */
export const newestSeq = (items: ChatMessage[]) => (items.length ? items[items.length - 1]!.seq : 0);

/** My newest stored message, the one a "Seen" receipt goes under. */
export const myLastMessage = (items: ChatMessage[], me: string) => items.findLast((m) => m.senderId === me) ?? null;
