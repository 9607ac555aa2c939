import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { POSTS_LIMIT_DEFAULT } from '@swapu/shared/constants';
import { endpoints } from '@swapu/shared/endpoints';
import { useTranslation } from '../../i18n/react';
import { call } from '../../lib/api';
import { getSession, GUEST_ID } from '../../lib/session';
import { useSession } from '../../lib/use-session';
import { rememberTourDismissed, shouldInvite, tourDismissed } from './tour-memory';
import { endTour, getTourRun, setTourListing, setTourStep, startTour, useTourRun } from './tour-state';
import type { TourApp, TourControl } from './tour-runner';
import { keyOf } from '../../lib/query-keys';

const ignore = () => {};

/** Taken, skipped, finished or declined: remembered on this device and, signed in, on the account. */
function answered() {
  rememberTourDismissed();
  const { token, userId } = getSession();
  if (token && userId !== GUEST_ID) call(endpoints.updateMe, { body: { skipTour: true } }).catch(ignore);
}

// Loaded only when the invitation is due, or when a tour runs: driver.js, its styles and the
// tour's texts stay out of every page's first load (decision 0031).
const TourInvite = lazy(() => import('./tour-invite'));

/**
 * The guided tour's place in the layout: the running tour, which carries on from page to page as
 * the layout stays mounted, and the home page's invitation to a first-time visitor.
 */
export function TourHost() {
  const touring = useTourRun() !== null;
  const { i18n } = useTranslation();
  const { userId } = useSession();
  const member = userId !== null && userId !== GUEST_ID;
  const queries = useQueryClient();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  const control = useRef<TourControl | null>(null);
  // The server cannot know what the device remembers: no invitation until the browser has looked.
  const [dismissed, setDismissed] = useState(true);

  useEffect(() => {
    navigateRef.current = navigate;
  }, [navigate]);

  // Signed in: the account and the device agree (decision 0031). A guest's answer on this device
  // moves to the account; the account's answer comes to this device, so the guest it becomes
  // after signing out is not invited either. The account is read as every page reads it (cached).
  useEffect(() => {
    if (!member) return;
    queries
      .fetchQuery({ queryKey: keyOf(endpoints.me, { viewer: userId }), queryFn: () => call(endpoints.me), staleTime: 5 * 60_000 })
      .then((me) => {
        if (me.skipTour) {
          rememberTourDismissed();
          setDismissed(true);
        } else if (tourDismissed()) answered();
      }, ignore);
  }, [member, userId, queries]);

  useEffect(() => {
    if (!touring) {
      setDismissed(tourDismissed());
      return;
    }
    let live = true;
    const app: TourApp = {
      i18n,
      navigate: (path) => void navigateRef.current(path),
      feed: () => call(endpoints.feed, { query: { limit: POSTS_LIMIT_DEFAULT } }).then((feed) => feed.items),
      leave: () => {
        answered();
        endTour();
      },
      setStep: setTourStep,
      setListing: setTourListing,
    };
    void import('./tour-runner').then(({ runTour }) => {
      const run = getTourRun();
      if (live && run) control.current = runTour(run, app);
    });
    return () => {
      live = false;
      control.current?.stop();
      control.current = null;
    };
  }, [touring, i18n]);

  useEffect(() => {
    control.current?.moved(pathname);
  }, [pathname]);

  if (!shouldInvite({ pathname, guest: userId === GUEST_ID, dismissed, touring })) return null;
  return (
    <Suspense fallback={null}>
      <TourInvite
        onStart={() => {
          // Taken counts as answered: a tour cut short by closing the tab does not invite again.
          answered();
          startTour();
        }}
        onDismiss={() => {
          answered();
          setDismissed(true);
        }}
      />
    </Suspense>
  );
}
