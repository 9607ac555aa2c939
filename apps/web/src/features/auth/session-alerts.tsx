import { Alert, Anchor, Container } from '@mantine/core';
import { IconClock, IconLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { dismissAutoLogout } from '../../lib/session-writes';
import { useSession } from '../../lib/use-session';
import { useMe } from './use-me';

/** Banned members may still write to the SwapU team (/discuss?support=1): the notice links there. */
function ContactSupportLink() {
  const { t } = useTranslation('chat');
  return (
    <Anchor component={Link} to={paths.support} c="white" fz="sm" fw={700} underline="always" data-testid="contact-support">
      {t('support.contact')}
    </Anchor>
  );
}

/**
 * Why the person was logged out by the app (didAutoLogout: expiry or 30 minutes idle), until
 * they dismiss it or sign in again.
 */
export function AutoLogoutAlert() {
  const { t } = useTranslation('auth');
  const { autoLogout } = useSession();
  if (!autoLogout) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      radius="md"
      role="alert"
      data-testid="auto-logout-alert"
      icon={<IconClock size={20} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel={t('session.dismiss')}
      onClose={dismissAutoLogout}
    >
      {t(`session.${autoLogout}`)}{' '}
      <Anchor component={Link} to="/auth" fz="sm" fw={700} onClick={dismissAutoLogout}>
        {t('session.loginAgain')}
      </Anchor>
    </Alert>
  );
}

/** The main layout's notices under the header: a banned account (GET /api/v1/me), an automatic logout. */
export function SessionAlerts() {
  const { t } = useTranslation('errors');
  const { autoLogout } = useSession();
  const banned = useMe().data?.banned === true;
  return (
    <>
      {banned && (
        <Alert
          color="red"
          variant="filled"
          radius={0}
          role="alert"
          data-testid="banned-alert"
          icon={<IconLock size={20} aria-hidden="true" />}
        >
          {t('account_banned')}{' '}
          <Suspense fallback={null}>
            <ContactSupportLink />
          </Suspense>
        </Alert>
      )}
      {autoLogout && (
        <Container size="xl" pt="md">
          <AutoLogoutAlert />
        </Container>
      )}
    </>
  );
}
