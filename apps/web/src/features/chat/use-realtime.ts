import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { getSession } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { getRealtime, type RealtimeClient } from './realtime';
import { roomsKey } from './use-rooms';
import { endpoints } from '@swapu/shared/endpoints';
import { keyOf, pathKey } from '../../lib/query-keys';

const client = () => getRealtime(() => getSession().token);

export const useRealtime = (): RealtimeClient => client();

export function useRealtimeStatus() {
  const rt = client();
  return useSyncExternalStore(
    (l) => rt.onStatus(l),
    () => rt.status,
    () => rt.status,
  );
}

/** Support threads: the member's own, and the admins' list. */
export const supportKey = keyOf(endpoints.support);
/** The admins' list and every thread under it. */
export const adminSupportKey = pathKey(endpoints.supportThreads);
/** The bell's queries (features/notifications/use-notifications.ts). */
const notificationsKey = pathKey(endpoints.notifications);

/**
 * Keeps the tab's WebSocket open while someone is signed in, and turns its events into fresh
 * data: a notification refreshes the bell, a message the room list and unread counts, a support
 * answer the support thread. Rendered once by the main layout (from the signed-in chunk).
 */
export function useRealtimeConnection() {
  const { token, userId } = useSession();
  const qc = useQueryClient();
  const signedIn = token !== null;
  useEffect(() => {
    if (!signedIn) return;
    const rt = client();
    rt.start();
    let wasReady = rt.status === 'ready';
    let readyBefore = wasReady;
    const offStatus = rt.onStatus(() => {
      // Ready (again, or on another instance after a restart): whatever the room list and the
      // support thread missed meanwhile, and after a drop the bell too; open rooms catch up by replay.
      if (rt.status === 'ready' && !wasReady) {
        void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
        void qc.invalidateQueries({ queryKey: supportKey });
        if (readyBefore) void qc.invalidateQueries({ queryKey: notificationsKey });
        readyBefore = true;
      }
      wasReady = rt.status === 'ready';
    });
    const offEvent = rt.onEvent((e) => {
      if (e.type === 'notification') void qc.invalidateQueries({ queryKey: notificationsKey });
      else if (e.type === 'message') void qc.invalidateQueries({ queryKey: roomsKey, exact: true });
      else if (e.type === 'support') {
        void qc.invalidateQueries({ queryKey: supportKey });
        void qc.invalidateQueries({ queryKey: adminSupportKey });
      }
    });
    const online = () => rt.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      offStatus();
      offEvent();
      window.removeEventListener('online', online);
      rt.stop();
    };
    // a different person in this tab is a new connection
  }, [signedIn, userId, qc]);
}
