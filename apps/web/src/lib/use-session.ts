import { useSyncExternalStore } from 'react';
import { getSession, type Session, subscribeSession } from './session';

/** The session as React state: every component re-renders when it changes, in any tab. */
export function useSession(): Session {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
