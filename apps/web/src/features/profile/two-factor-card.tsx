import { Alert, Button, Card, Code, Group, Image, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { ApiError } from '../../lib/api';
import { twoFactorApi } from './use-profile';
import { groupKey } from '../../lib/query-keys';

/** Enrol in, or turn off, TOTP two-factor authentication. */
export function TwoFactorCard({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(['profile', 'errors']);
  const qc = useQueryClient();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: twoFactorApi.setup });
  const enable = useMutation({
    mutationFn: () => twoFactorApi.enable(code),
    onSuccess: (r) => {
      setRecovery(r.recoveryCodes);
      setCode('');
      void qc.invalidateQueries({ queryKey: groupKey('me') });
    },
  });
  const disable = useMutation({
    mutationFn: () => twoFactorApi.disable(code),
    onSuccess: () => {
      setCode('');
      setup.reset();
      notifications.show({ color: 'swapu', message: t('twoFactor.disabled') });
      void qc.invalidateQueries({ queryKey: groupKey('me') });
    },
  });
  const error = (e: unknown) => (e instanceof ApiError ? t(`errors:${e.code}`) : t('errors:generic'));

  if (recovery)
    return (
      <Card padding="lg">
        <Stack>
          <Title order={3}>{t('twoFactor.recoveryTitle')}</Title>
          <Text fz="sm">{t('twoFactor.recoveryText')}</Text>
          <List spacing={4} data-testid="recovery-codes">
            {recovery.map((c) => (
              <List.Item key={c}>
                <Code fz="md">{c}</Code>
              </List.Item>
            ))}
          </List>
          <Button onClick={() => setRecovery(null)} w="fit-content">
            {t('twoFactor.done')}
          </Button>
        </Stack>
      </Card>
    );

  return (
    <Card padding="lg">
      <Stack gap="sm">
        <Title order={3}>{t('twoFactor.title')}</Title>
        <Text fz="sm" c="dimmed">
          {enabled ? t('twoFactor.on') : t('twoFactor.off')}
        </Text>
        {!enabled && !setup.data && (
          <Button variant="light" w="fit-content" loading={setup.isPending} onClick={() => setup.mutate()}>
            {t('twoFactor.enable')}
          </Button>
        )}
        {!enabled && setup.data && (
          <Stack gap="sm">
            <Text fz="sm">{t('twoFactor.scan')}</Text>
            <Group align="flex-start" wrap="wrap">
              <Image src={setup.data.qrDataUrl} alt="QR code" w={180} h={180} />
              <TextInput
                label={t('twoFactor.manualKey')}
                value={setup.data.secret}
                readOnly
                data-testid="totp-secret"
                styles={{ input: { fontFamily: 'monospace' } }}
                w={300}
              />
            </Group>
            <TextInput
              label={t('twoFactor.codeLabel')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
              inputMode="numeric"
              autoComplete="one-time-code"
              w={220}
            />
            <Button w="fit-content" loading={enable.isPending} disabled={code.length !== 6} onClick={() => enable.mutate()}>
              {t('twoFactor.confirm')}
            </Button>
            {enable.isError && (
              <Alert color="red" role="alert">
                {error(enable.error)}
              </Alert>
            )}
          </Stack>
        )}
        {enabled && (
          <Stack gap="sm">
            <Text fz="sm">{t('twoFactor.disableHelp')}</Text>
            <TextInput
              label={t('twoFactor.codeLabel')}
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              maxLength={20}
              autoComplete="one-time-code"
              w={220}
            />
            <Button
              color="red"
              variant="light"
              w="fit-content"
              loading={disable.isPending}
              disabled={code.trim().length < 6}
              onClick={() => disable.mutate()}
            >
              {t('twoFactor.disable')}
            </Button>
            {disable.isError && (
              <Alert color="red" role="alert">
                {error(disable.error)}
              </Alert>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
