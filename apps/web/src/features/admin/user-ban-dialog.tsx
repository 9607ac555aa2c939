import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { type AdminUser, BAN_REASON_MAX } from '@swapu/shared/admin-users';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import { useBan } from './use-admin-users';

/** Suspending asks why (the member reads it in their support thread); the server's refusal shows here. */
export function BanModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation(['adminUsers', 'errors']);
  const ban = useBan();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setReason('');
    setError(null);
    ban.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a fresh form for each member
  }, [user?.id]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!user) return;
    const trimmed = reason.trim();
    if (!trimmed || trimmed.length > BAN_REASON_MAX) {
      setError(t('errors:ban_reason_required'));
      return;
    }
    ban.mutate(
      { id: user.id, banned: true, reason: trimmed },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: t('ban.done', { name: memberName(t, user.displayName) }) });
          onClose();
        },
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };
  return (
    <Dialog fixed opened={!!user} onClose={onClose} title={t('ban.title', { name: memberName(t, user?.displayName) ?? '' })}>
      <form onSubmit={submit} noValidate data-testid="ban-form">
        <Stack gap="md">
          <Text fz="sm">{t('ban.explain')}</Text>
          <Textarea
            label={t('ban.reason')}
            description={t('ban.reasonHint', { max: BAN_REASON_MAX })}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            minRows={3}
            rows={3}
            maxLength={BAN_REASON_MAX}
            required
            data-autofocus
          />
          <Text fz="xs" c="dimmed" ta="right" mt={-8}>
            {t('ban.count', { count: reason.trim().length, max: BAN_REASON_MAX })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" color="red" loading={ban.isPending} leftSection={<IconLock size={16} />}>
              {t('ban.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
