import { lazy } from 'react';
import { useParams } from 'react-router';
import { AdminSupport } from '../../features/chat/admin-support';
import { comingSoonPage } from './coming-soon';

const AdminSoon = comingSoonPage('admin');
// Its own chunk: only admins who open the coupons section load it.
const AdminCoupons = lazy(() => import('../../features/admin/admin-coupons').then((m) => ({ default: m.AdminCoupons })));

/**
 * /admin/{selectedButton}: the support inbox (issue 7) and coupons (issue 16) are built; the other
 * admin sections are still placeholders. Who may use them is the API's decision (admins only).
 */
export default function AdminSectionPage() {
  const { selectedButton } = useParams();
  if (selectedButton === 'support') return <AdminSupport />;
  if (selectedButton === 'coupons') return <AdminCoupons />;
  return <AdminSoon />;
}
