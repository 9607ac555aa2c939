import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../components/dialog';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api';
import { clearSession } from '../../lib/session';
import { deleteMyAccount } from './use-profile';

/** Account deletion, confirmed with the password (a fixed dialog: a backdrop click does not close it). */
export function DeleteAccountCard() {
  const { t } = useTranslation(['profile', 'errors']);
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const navigate = useNavigate();
  const qc = useQueryClient();
  const del = useMutation({
    mutationFn: () => deleteMyAccount(password),
    onSuccess: () => {
      clearSession();
      qc.clear();
      notifications.show({ color: 'swapu', message: t('deleteAccount.done') });
      navigate('/', { replace: true });
    },
  });
  return (
    <Card padding="lg" style={{ borderColor: 'var(--mantine-color-red-3)' }}>
      <Stack gap="sm">
        <Title order={3}>{t('deleteAccount.title')}</Title>
        <Text fz="sm" c="dimmed">
          {t('deleteAccount.text')}
        </Text>
        <Button color="red" variant="outline" w="fit-content" onClick={() => setOpen(true)}>
          {t('deleteAccount.button')}
        </Button>
      </Stack>
      <Dialog opened={open} onClose={() => setOpen(false)} fixed title={t('deleteAccount.confirmTitle')} centered>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            del.mutate();
          }}
        >
          <Stack>
            <Text fz="sm">{t('deleteAccount.text')}</Text>
            <PasswordInput
              label={t('deleteAccount.passwordLabel')}
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              autoComplete="current-password"
              required
            />
            {del.isError && (
              <Alert color="red" role="alert">
                {del.error instanceof ApiError ? t(`errors:${del.error.code}`) : t('errors:generic')}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                {t('deleteAccount.cancel')}
              </Button>
              <Button type="submit" color="red" loading={del.isPending} disabled={!password}>
                {t('deleteAccount.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </Card>
  );
}
