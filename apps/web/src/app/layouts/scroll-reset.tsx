import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import type { KEEP_SCROLL } from '../../lib/keep-scroll';

const STORAGE_KEY = 'swapu.scroll';
const positions = new Map<string, number>(readStored());

function readStored(): [string, number][] {
  try {
    return Object.entries(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>);
  } catch {
    return [];
  }
}

/**
 * What browsers do between documents, for the app's own navigations: a new page starts at the
 * top (or at its #fragment), and Back or Forward returns to where the reader was. Positions
 * survive a reload of the tab (sessionStorage), as react-router's ScrollRestoration kept them.
 */
export function ScrollReset() {
  const location = useLocation();
  const type = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-50))));
      } catch {
        // storage may be full or unavailable
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, []);

  // Where the reader is on this entry, kept as they scroll.
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => positions.set(location.key, window.scrollY));
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (type === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if ((location.state as typeof KEEP_SCROLL | null)?.keepScroll) return;
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
    // Only when the entry changes, as react-router's ScrollRestoration did.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
