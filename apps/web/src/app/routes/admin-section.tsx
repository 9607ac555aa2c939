import { useParams } from 'react-router';
import { AdminSupport } from '../../features/chat/admin-support';
import { comingSoonPage } from './coming-soon';

const AdminSoon = comingSoonPage('admin');

/**
 * /admin/{selectedButton}: the support inbox is built (issue 7); the other admin sections are
 * still placeholders. Who may use it is the API's decision (admins only).
 */
export default function AdminSectionPage() {
  const { selectedButton } = useParams();
  return selectedButton === 'support' ? <AdminSupport /> : <AdminSoon />;
}
