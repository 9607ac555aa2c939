import { Alert, Card, Divider, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { PushBlockedError } from './device-push';
import { PUSH_KIND_ORDER, useDevicePush, usePushPreferences, useSetPushKind } from './use-push';

/** An iPhone or iPad browser tab: Safari delivers pushes only to a web app added to the home screen. */
const iosTab = () =>
  /iP(hone|ad|od)/.test(navigator.userAgent) && !window.matchMedia?.('(display-mode: standalone)').matches && !('PushManager' in window);

/**
 * "Notifications on this device" (issue 41 item 4): pushes on or off for this browser (asking its
 * permission), and which kinds are pushed to every device of the member.
 */
export function PushSettingsCard() {
  const { t } = useTranslation(['pwa', 'errors']);
  const { state, toggle } = useDevicePush();
  const prefs = usePushPreferences();
  const setKind = useSetPushKind();
  const blocked = state?.permission === 'denied';
  const failed = (err: unknown) =>
    notifications.show({ color: 'red', message: err instanceof PushBlockedError ? t('push.blocked') : t('errors:generic') });

  return (
    <Card padding="lg" data-testid="push-settings">
      <Group gap={8} mb="xs" wrap="nowrap">
        <IconBell size={20} aria-hidden="true" />
        <Title order={3} fz="md">
          {t('push.title')}
        </Title>
      </Group>
      {state && !state.supported ? (
        <Text fz="sm" c="dimmed">
          {iosTab() ? t('push.iosHint') : t('push.unsupported')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Switch
            checked={!!state?.subscribed}
            disabled={!state || toggle.isPending || (blocked && !state.subscribed)}
            label={t('push.device')}
            description={t('push.deviceHint')}
            onChange={(e) =>
              toggle.mutate(e.currentTarget.checked, {
                onSuccess: (_, on) => notifications.show({ color: 'swapu', message: t(on ? 'push.on' : 'push.off') }),
                onError: failed,
              })
            }
            data-testid="push-device-switch"
          />
          {blocked && (
            <Alert color="orange" variant="light" role="status">
              {t('push.blocked')}
            </Alert>
          )}
          <Divider label={t('push.kinds')} labelPosition="left" />
          {PUSH_KIND_ORDER.map((kind) => (
            <Switch
              key={kind}
              size="sm"
              checked={prefs.data?.[kind] ?? true}
              disabled={!prefs.data || setKind.isPending}
              label={t(`push.kind.${kind}`)}
              onChange={(e) => setKind.mutate({ kind, on: e.currentTarget.checked }, { onError: failed })}
              data-testid={`push-kind-${kind}`}
            />
          ))}
          <Text fz="xs" c="dimmed">
            {prefs.data ? t('push.devices', { count: prefs.data.devices }) : '\u00a0'}
          </Text>
        </Stack>
      )}
    </Card>
  );
}
