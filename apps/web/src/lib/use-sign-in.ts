import { notifications } from '@mantine/notifications';
import { useTranslation } from '../i18n/react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { GUEST_ID } from './session';
import { useSession } from './use-session';

/** True when a real member (not a guest) is signed in. */
export function useSignedIn() {
  const s = useSession();
  return !!s.userId && s.userId !== GUEST_ID && !!s.token;
}

/** Sends a guest to the sign-in screen, coming back here afterwards. */
export function useAskToSignIn() {
  const navigate = useNavigate();
  const location = useLocation();
  const { t } = useTranslation(['errors']);
  return () => {
    notifications.show({ color: 'yellow', message: t('errors:login_required') });
    navigate(paths.auth, { state: { from: location.pathname + location.search } });
  };
}
