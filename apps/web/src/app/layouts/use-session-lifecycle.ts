import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Session } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { groupKey } from '../../lib/query-keys';

/**
 * Used once by each layout: runs the session's timers while someone is signed in, and when the
 * person changes (login, logout, auto-logout, another tab) drops their private queries, refetches
 * the rest with the new token. (The guest-blocked routes' guard reads the session itself, so a
 * page they were on sends them home.)
 */
export function useSessionLifecycle(): Session {
  const session = useSession();
  const queryClient = useQueryClient();
  const signedIn = session.token !== null;

  useEffect(() => {
    if (!signedIn) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Guests never need this code: it comes with the signed-in chunk.
    import('./signed-in-ui')
      .then((m) => {
        if (!cancelled) stop = m.startSessionLifecycle();
      })
      .catch((err: unknown) => console.warn('session timers could not load', err));
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [signedIn]);

  const shownUser = useRef(session.userId);
  useEffect(() => {
    if (shownUser.current === session.userId) return;
    shownUser.current = session.userId;
    queryClient.removeQueries({ queryKey: groupKey('me') });
    void queryClient.invalidateQueries();
  }, [session.userId, queryClient]);

  return session;
}
