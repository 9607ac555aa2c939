import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { Room } from '@swapu/shared/chat';
import { errorCodeOf } from '../../lib/api';
import { useRealtime } from './use-realtime';
import { emptyRoom, newestSeq, roomReducer } from './room-state';
import { fetchMessages, postMessage, postSeen, roomKey, roomsKey } from './use-rooms';

/** How long a "typing…" lasts without another typing event; we send ours at most every 2 s. */
const TYPING_SHOWN_MS = 4_000;
export const TYPING_SEND_EVERY_MS = 2_000;

const isVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * An open room: its history (newest page, then "load earlier"), live messages over the
 * WebSocket, sending with optimistic "sending…", the other person's seen receipt and typing,
 * and marking the room seen while it is open and visible.
 */
export function useRoomLive(room: Room, me: string, postId?: string) {
  const roomId = room.id;
  const rt = useRealtime();
  const qc = useQueryClient();
  const [state, dispatch] = useReducer(roomReducer, emptyRoom);
  const [loadError, setLoadError] = useState(false);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [otherSeenSeq, setOtherSeenSeq] = useState(room.otherSeenSeq);
  const [typingUntil, setTypingUntil] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const seenPosted = useRef(0);
  const newestOther = useRef(0);
  const lastTypingSent = useRef(0);

  useEffect(() => setOtherSeenSeq((s) => Math.max(s, room.otherSeenSeq)), [room.otherSeenSeq]);

  const markSeen = useCallback(() => {
    if (!isVisible() || newestOther.current <= seenPosted.current) return;
    seenPosted.current = newestOther.current;
    postSeen(roomId).then(
      () => void qc.invalidateQueries({ queryKey: roomsKey, exact: true }),
      () => {
        seenPosted.current = 0; // try again next time
      },
    );
  }, [qc, roomId]);

  // History, then the live stream from the newest message held.
  useEffect(() => {
    let cancelled = false;
    let unsubscribe: (() => void) | undefined;
    setLoadError(false);
    seenPosted.current = 0;
    newestOther.current = 0;
    fetchMessages(roomId).then(
      (page) => {
        if (cancelled) return;
        dispatch({
          type: 'loaded',
          items: page.items,
          nextBefore: page.nextBefore,
        });
        for (const m of page.items) rt.noteMessage(m);
        const others = page.items.filter((m) => m.senderId !== me);
        newestOther.current = Math.max(newestOther.current, others.at(-1)?.seq ?? 0);
        // Opening the room is seeing it (also clears an unread count held for an empty page).
        if (room.unread > 0 || others.length) {
          newestOther.current = Math.max(newestOther.current, 1);
          markSeen();
        }
        unsubscribe = rt.subscribeRoom(roomId, newestSeq(page.items), (e) => {
          if (e.type === 'message') {
            dispatch({ type: 'received', message: e.message });
            if (e.message.senderId !== me) {
              newestOther.current = Math.max(newestOther.current, e.message.seq);
              setTypingUntil(0);
              markSeen();
            }
            void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
          } else if (e.type === 'seen' && e.userId !== me) setOtherSeenSeq((s) => Math.max(s, e.seq));
          else if (e.type === 'typing' && e.userId !== me) setTypingUntil(Date.now() + TYPING_SHOWN_MS);
          else if (e.type === 'error') void qc.invalidateQueries({ queryKey: roomKey(roomId) });
        });
      },
      () => !cancelled && setLoadError(true),
    );
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
    // room.unread is read once, on opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [roomId, me, rt, qc, markSeen, attempt]);

  // Coming back to the tab sees what arrived meanwhile.
  useEffect(() => {
    const onVisible = () => isVisible() && markSeen();
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [markSeen]);

  // The typing indicator switches itself off.
  useEffect(() => {
    if (!typingUntil) return;
    const timer = setTimeout(() => setTypingUntil(0), Math.max(0, typingUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [typingUntil]);

  const loadEarlier = useCallback(async () => {
    if (state.nextBefore === null || loadingEarlier) return;
    setLoadingEarlier(true);
    try {
      const page = await fetchMessages(roomId, state.nextBefore);
      dispatch({
        type: 'earlier',
        items: page.items,
        nextBefore: page.nextBefore,
      });
    } catch {
      // the button stays: the person can try again
    } finally {
      setLoadingEarlier(false);
    }
  }, [roomId, state.nextBefore, loadingEarlier]);

  const sendAs = useCallback(
    async (clientId: string, body: string) => {
      dispatch({
        type: 'sending',
        clientId,
        body,
        createdAt: new Date().toISOString(),
      });
      try {
        const stored = await postMessage(roomId, {
          body,
          clientId,
          ...(postId ? { postId } : {}),
        });
        rt.noteMessage(stored);
        dispatch({ type: 'received', message: stored });
        void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
      } catch (e) {
        const code = errorCodeOf(e);
        dispatch({ type: 'failed', clientId, error: code });
        if (code === 'user_blocked' || code === 'room_forbidden') void qc.invalidateQueries({ queryKey: roomKey(roomId) });
      }
    },
    [roomId, postId, rt, qc],
  );

  const send = useCallback((body: string) => void sendAs(crypto.randomUUID(), body), [sendAs]);
  const retry = useCallback(
    (clientId: string) => {
      const p = state.pending.find((x) => x.clientId === clientId);
      if (p) void sendAs(p.clientId, p.body);
    },
    [state.pending, sendAs],
  );

  /** Call on every keystroke: tells the other person at most once every 2 s. */
  const typing = useCallback(() => {
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_SEND_EVERY_MS) return;
    lastTypingSent.current = now;
    rt.typing(roomId);
  }, [rt, roomId]);

  return {
    ...state,
    loadError,
    reload: () => setAttempt((n) => n + 1),
    loadingEarlier,
    loadEarlier,
    otherSeenSeq,
    otherTyping: typingUntil > 0,
    send,
    retry,
    typing,
  };
}
