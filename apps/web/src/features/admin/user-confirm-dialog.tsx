import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { useTranslation } from '../../i18n/react';
import { errorCodeOf } from '../../lib/api';
import { memberName } from '../../lib/member-name';
import type { Action } from './user-row-menu';
import { useBan, useSetRole } from './use-admin-users';

/** The role each confirmed change gives. */
const ROLE_OF = { grant: 'admin', revoke: 'user', grantDocs: 'docs', revokeDocs: 'user' } as const;

/** Lifting a suspension and changing a role are confirmed first. */
export function ConfirmModal({ action, onClose }: { action: Action | null; onClose: () => void }) {
  const { t } = useTranslation(['adminUsers', 'errors']);
  const ban = useBan();
  const role = useSetRole();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setError(null), [action]);
  const open = action && action.kind !== 'ban' ? action : null;
  const kind = open?.kind ?? 'unban';
  const name = memberName(t, open?.user.displayName) ?? '';
  const pending = ban.isPending || role.isPending;
  const confirm = () => {
    if (!open) return;
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'swapu', message: t(`${kind}.done`, { name }) });
        onClose();
      },
      onError: (err: unknown) => setError(t(`errors:${errorCodeOf(err)}`)),
    };
    if (kind === 'unban') ban.mutate({ id: open.user.id, banned: false }, done);
    else if (kind !== 'ban') role.mutate({ id: open.user.id, role: ROLE_OF[kind] }, done);
  };
  return (
    <Dialog fixed opened={!!open} onClose={onClose} title={t(`${kind}.title`, { name })}>
      <Stack gap="md" data-testid="confirm-modal">
        <Text fz="sm">{t(`${kind}.explain`, { name })}</Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button
            color={kind === 'revoke' || kind === 'revokeDocs' ? 'red' : 'swapu'}
            loading={pending}
            onClick={confirm}
            data-testid="confirm"
          >
            {t(`${kind}.submit`)}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
