import { lazy } from 'react';
import { useParams } from 'react-router';
import { AdminSupport } from '../../features/chat/admin-support';
import { comingSoonPage } from './coming-soon';

const AdminSoon = comingSoonPage('admin');
// Their own chunks: only admins who open a section load it.
const AdminHome = lazy(() => import('./admin-home'));
const AdminCoupons = lazy(() => import('../../features/admin/admin-coupons').then((m) => ({ default: m.AdminCoupons })));
const AdminAnalytics = lazy(() => import('../../features/admin/admin-analytics').then((m) => ({ default: m.AdminAnalytics })));

/**
 * /admin and /admin/{selectedButton}: the console's home (a card per built section), the support
 * inbox (issue 7), coupons (issue 16) and analytics (issue 20); the other admin sections are still
 * placeholders. Who may use them is the API's decision (admins only).
 */
export default function AdminSectionPage() {
  const { selectedButton } = useParams();
  if (selectedButton === undefined) return <AdminHome />;
  if (selectedButton === 'support') return <AdminSupport />;
  if (selectedButton === 'coupons') return <AdminCoupons />;
  if (selectedButton === 'analytics') return <AdminAnalytics />;
  return <AdminSoon />;
}
