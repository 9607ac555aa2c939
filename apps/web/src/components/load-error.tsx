import { Alert, Button } from '@mantine/core';
import { useTranslation } from '../i18n/react';

/**
 * A list or page that failed to load: 'An error occurred' and a Retry button. Inline (one line,
 * for lists) unless `titled` (the message as the alert's title, the button under it).
 */
export function LoadError({ onRetry, titled = false }: { onRetry: () => void; titled?: boolean }) {
  const { t } = useTranslation(['errors', 'common']);
  const retry = (
    <Button size={titled ? 'xs' : 'compact-xs'} variant="light" color="red" onClick={onRetry}>
      {t('common:actions.retry')}
    </Button>
  );
  return titled ? (
    <Alert color="red" role="alert" title={t('errors:generic')}>
      {retry}
    </Alert>
  ) : (
    <Alert color="red" role="alert">
      {t('errors:generic')} {retry}
    </Alert>
  );
}
