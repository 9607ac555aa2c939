import { lazy } from 'react';
import { useParams } from 'react-router';
import { AdminSupport } from '../../features/chat/admin-support';
import { comingSoonPage } from './coming-soon';

const AdminSoon = comingSoonPage('admin');
// Their own chunks: only admins who open a section load it.
const AdminHome = lazy(() => import('./admin-home'));
const AdminCoupons = lazy(() => import('../../features/admin/admin-coupons').then((m) => ({ default: m.AdminCoupons })));
const AdminAnalytics = lazy(() => import('../../features/admin/admin-analytics').then((m) => ({ default: m.AdminAnalytics })));
const AdminUsers = lazy(() => import('../../features/admin/admin-users').then((m) => ({ default: m.AdminUsers })));
const AdminModeration = lazy(() => import('../../features/admin/admin-moderation').then((m) => ({ default: m.AdminModeration })));
const AdminCampaigns = lazy(() => import('../../features/admin/admin-campaigns').then((m) => ({ default: m.AdminCampaigns })));
const AdminBlog = lazy(() => import('../../features/admin/admin-blog').then((m) => ({ default: m.AdminBlog })));
const AdminAudit = lazy(() => import('../../features/admin/admin-audit').then((m) => ({ default: m.AdminAudit })));
const AdminMail = lazy(() => import('../../features/admin/admin-mail').then((m) => ({ default: m.AdminMail })));

/**
 * /admin and /admin/{selectedButton}: the console's home (a card per section) and its sections —
 * the dashboard (analytics), users, moderation, coupons, campaigns, blog, support, the mail outbox
 * and the audit log. Who may use them is the API's decision (admins only); each page also shows
 * 'Permission Denied' to anyone else.
 */
export default function AdminSectionPage() {
  const { selectedButton } = useParams();
  switch (selectedButton) {
    case undefined:
      return <AdminHome />;
    case 'analytics':
      return <AdminAnalytics />;
    case 'users':
      return <AdminUsers />;
    case 'moderation':
      return <AdminModeration />;
    case 'coupons':
      return <AdminCoupons />;
    case 'campaigns':
      return <AdminCampaigns />;
    case 'blog':
      return <AdminBlog />;
    case 'support':
      return <AdminSupport />;
    case 'mail':
      return <AdminMail />;
    case 'audit':
      return <AdminAudit />;
    default:
      return <AdminSoon />;
  }
}
