import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { IconShieldCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { errorCodeOf } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { securityApi } from './use-profile';

/**
 * Sign-in and security on the person's own profile: whether the email address is verified (with
 * the link sent again on request, a few times an hour at most) and "sign out everywhere", which
 * ends every session on every device, this one included.
 */
export function SecurityCard({ emailVerified }: { emailVerified: boolean }) {
  const { t } = useTranslation(['profile', 'errors']);
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const fail = (e: unknown) => notifications.show({ color: 'red', message: t(`errors:${errorCodeOf(e)}`) });
  const resend = useMutation({
    mutationFn: securityApi.resendVerification,
    onSuccess: () => notifications.show({ color: 'swapu', message: t('security.resent') }),
    onError: fail,
  });
  const everywhere = useMutation({
    mutationFn: securityApi.signOutEverywhere,
    onSuccess: () => {
      setConfirming(false);
      clearSession(null);
      notifications.show({ color: 'swapu', message: t('security.everywhereDone') });
      void navigate('/auth', { replace: true });
    },
    onError: fail,
  });
  return (
    <Card padding="lg" data-testid="security-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconShieldCheck size={20} aria-hidden="true" />
          <Title order={3} fz="md">
            {t('security.title')}
          </Title>
        </Group>
        <Text fz="sm">{emailVerified ? t('security.verified') : t('security.unverified')}</Text>
        {!emailVerified && (
          <Group>
            <Button variant="light" size="sm" onClick={() => resend.mutate()} loading={resend.isPending}>
              {t('security.resend')}
            </Button>
          </Group>
        )}
        <Text fz="sm" c="dimmed">
          {t('security.everywhereHint')}
        </Text>
        <Group>
          <Button variant="default" size="sm" onClick={() => setConfirming(true)}>
            {t('security.everywhere')}
          </Button>
        </Group>
      </Stack>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} fixed title={t('security.everywhere')} centered>
        <Text fz="sm">{t('security.everywhereConfirm')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('profile.cancel')}
          </Button>
          <Button color="red" onClick={() => everywhere.mutate()} loading={everywhere.isPending}>
            {t('security.everywhere')}
          </Button>
        </Group>
      </Dialog>
    </Card>
  );
}
