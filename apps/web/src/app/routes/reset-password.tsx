import { Navigate, useSearchParams } from 'react-router';
import { ResetPasswordForm } from '../../features/account/reset-password-form';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? <ResetPasswordForm token={token} /> : <Navigate to="/forgot-password" replace />;
}
