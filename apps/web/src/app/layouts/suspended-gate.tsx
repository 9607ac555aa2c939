import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation } from 'react-router';
import { PageSkeleton } from '../../components/page-skeleton';
import { openToSuspended } from '../../features/auth/suspended';
import SuspendedNotice from '../../features/auth/suspended-notice';
import { meQuery, useSession } from '../../lib/use-session';

/**
 * Around the pages that act (listing, offering, swiping, chatting with others, paying: every
 * guest-blocked page but the support conversation and receipts, and Swap Swipe's public pages):
 * a suspended member sees the suspension message and the way to support instead (PRODUCT.md). A
 * member's first such page of a visit waits for their account (GET /api/v1/me, which the header
 * asks for anyway), so the form never shows first; the page's code loads meanwhile (router.tsx).
 * A guest's account query is idle: nothing to wait for, nothing asked, nor by the server's render
 * of a public page. This code loads with the first of these pages, not with the home page.
 */
export default function SuspendedGate() {
  const { pathname, search } = useLocation();
  const me = useQuery(meQuery(useSession()));
  const waiting = me.isPending && me.fetchStatus !== 'idle';
  if (me.data?.banned && !openToSuspended(pathname, search)) return <SuspendedNotice />;
  return waiting ? <PageSkeleton /> : <Outlet />;
}
