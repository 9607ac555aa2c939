import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { MODERATION_REASON_MAX, type ModerationResult } from '@swapu/shared/admin-moderation';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { useModerationAction } from './use-admin-moderation';

/** What a confirmation asks before an action runs. */
export interface Confirm {
  title: string;
  body: string;
  confirm: string;
  color: string;
  /** required: hide, remove, warn, ban, resolve (the member reads it); optional: a note for the audit log. */
  reason: 'required' | 'optional';
  run: (reason: string) => Promise<ModerationResult>;
  done: string;
}
export type Ask = (c: Confirm) => void;

/** The confirmation of an action, with its reason box; the server's refusal is shown in it. */
export function ConfirmModal({ confirm, onClose }: { confirm: Confirm | null; onClose: () => void }) {
  const { t } = useTranslation(['moderation', 'errors']);
  const action = useModerationAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setReason('');
    setError(null);
    action.reset();
    onClose();
  };
  const submit = () => {
    if (!confirm) return;
    if (confirm.reason === 'required' && !reason.trim()) {
      setError(t('errors:moderation_reason_required'));
      return;
    }
    setError(null);
    action.mutate(
      { run: confirm.run, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'swapu', message: confirm.done });
          close();
        },
        onError: (err) => setError(t(`errors:${errorCodeOf(err)}`)),
      },
    );
  };
  return (
    <Dialog opened={confirm !== null} onClose={close} fixed title={confirm?.title} centered>
      {confirm && (
        <Stack gap="sm">
          <Text fz="sm">{confirm.body}</Text>
          <Textarea
            label={confirm.reason === 'required' ? t('reason.label') : t('reason.note')}
            description={confirm.reason === 'required' ? t('reason.hint') : undefined}
            required={confirm.reason === 'required'}
            value={reason}
            onChange={(e) => {
              setReason(e.currentTarget.value);
              setError(null);
            }}
            maxLength={MODERATION_REASON_MAX}
            rows={3}
            data-autofocus
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close}>
              {t('cancel')}
            </Button>
            <Button color={confirm.color} loading={action.isPending} onClick={submit}>
              {confirm.confirm}
            </Button>
          </Group>
        </Stack>
      )}
    </Dialog>
  );
}
