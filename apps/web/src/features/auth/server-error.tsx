import { Alert } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { authErrorKey } from './auth-errors';

/** The identity service's answer to a failed sign-in or sign-up, in the catalogue's words. */
export function ServerError({ error }: { error: unknown }) {
  const { t } = useTranslation(['auth', 'errors']);
  if (!error) return null;
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={20} aria-hidden="true" />} data-testid="auth-error">
      {t(authErrorKey(error))}
    </Alert>
  );
}
