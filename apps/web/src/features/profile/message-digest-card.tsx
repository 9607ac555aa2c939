import { Card, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from '../../i18n/react';
import { useUpdateMe } from './use-profile';

/** Turns the email about unread messages (sent while the person is away) on or off. */
export function MessageDigestCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['profile', 'errors']);
  const update = useUpdateMe();
  return (
    <Card padding="lg">
      <Switch
        checked={enabled}
        disabled={update.isPending}
        label={t('profile.digest.label')}
        description={t('profile.digest.description')}
        onChange={(e) =>
          update.mutate(
            { messageDigest: e.currentTarget.checked },
            {
              onSuccess: (me) =>
                notifications.show({ color: 'swapu', message: t(me.messageDigest ? 'profile.digest.on' : 'profile.digest.off') }),
              onError: () => notifications.show({ color: 'red', message: t('errors:generic') }),
            },
          )
        }
        data-testid="digest-switch"
      />
      <Text fz="xs" c="dimmed" mt={6}>
        {t('profile.digest.note')}
      </Text>
    </Card>
  );
}
