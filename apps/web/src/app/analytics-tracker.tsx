import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { endSession, startAnalytics } from '../lib/analytics';
import { createPageAnalytics, type PageAnalytics } from '../lib/page-analytics';
import { useSession } from '../lib/use-session';

/**
 * The app's analytics around the pages (issue 20): the client's listeners, a page view and a
 * navigation per route, and the session's end when the member signs out or is signed out.
 * Rendered once, in the browser only.
 */
export function AnalyticsTracker() {
  const { pathname } = useLocation();
  const [pages] = useState(createPageAnalytics);

  useLayoutEffect(() => {
    const stopClient = startAnalytics();
    const stopPages = pages.start();
    return () => {
      stopPages();
      stopClient();
    };
  }, [pages]);

  // A layout effect runs before the new page's effects set its title: the page being left is
  // still named by document.title when it is reported.
  useLayoutEffect(() => {
    pages.enter(pathname);
  }, [pages, pathname]);

  useSessionEnd(pages);
  return null;
}

/**
 * A sign-out ends the analytics session ('logout' when the member chose it, 'auto_logout'
 * otherwise), with the page's time so far in it: whatever follows belongs to a new session.
 */
function useSessionEnd(pages: PageAnalytics) {
  const { token, autoLogout } = useSession();
  const signedIn = token !== null;
  const wasSignedIn = useRef(signedIn);
  useEffect(() => {
    if (wasSignedIn.current && !signedIn) endSession(autoLogout ? 'auto_logout' : 'logout', pages.report);
    wasSignedIn.current = signedIn;
  }, [pages, signedIn, autoLogout]);
}
