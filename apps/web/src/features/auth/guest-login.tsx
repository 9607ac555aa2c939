import { Button, Divider, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { saveGuestSession } from '../../lib/session-writes';

/** "Continue as guest": the stored user id becomes guest for an hour (spec sections 4 and 6). */
export function GuestLogin({ returnTo }: { returnTo: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Divider label={t('guest.or')} labelPosition="center" />
      <Button
        variant="default"
        size="md"
        fullWidth
        onClick={() => {
          saveGuestSession();
          void navigate(returnTo, { replace: true });
        }}
      >
        {t('guest.continue')}
      </Button>
      <Text fz="xs" c="dimmed" ta="center">
        {t('guest.hint')}
      </Text>
    </Stack>
  );
}
