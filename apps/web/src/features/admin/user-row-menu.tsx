import { ActionIcon, Menu, Text } from '@mantine/core';
import {
  IconBook,
  IconDots,
  IconHistory,
  IconLock,
  IconLockOpen,
  IconMessages,
  IconShield,
  IconShieldOff,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import type { AdminUser } from '@swapu/shared/admin-users';
import { paths } from '@swapu/shared/paths';
import { useTranslation } from '../../i18n/react';
import { memberName } from '../../lib/member-name';
import { memberAuditPath, supportThreadPath } from './member-links';

export type Action = { kind: 'ban' | 'unban' | 'grant' | 'revoke' | 'grantDocs' | 'revokeDocs'; user: AdminUser };

/** The row's menu: open their profile, support thread and history; suspend or restore; grant or revoke admin. */
export function RowMenu({ user, meId, onAction }: { user: AdminUser; meId: string | undefined; onAction: (a: Action) => void }) {
  const { t } = useTranslation('adminUsers');
  const self = user.id === meId;
  const deleted = user.status === 'deleted';
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('actions.menu', { name: memberName(t, user.displayName) })}
          data-testid="user-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.userDetail(user.id)} leftSection={<IconUser size={16} />} disabled={deleted}>
          {t('actions.profile')}
        </Menu.Item>
        <Menu.Item component={Link} to={supportThreadPath(user)} leftSection={<IconMessages size={16} />}>
          {t('actions.support')}
        </Menu.Item>
        <Menu.Item component={Link} to={memberAuditPath(user.id)} leftSection={<IconHistory size={16} />}>
          {t('actions.history')}
        </Menu.Item>
        <Menu.Divider />
        {user.status === 'banned' ? (
          <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onAction({ kind: 'unban', user })} disabled={self}>
            {t('actions.unban')}
          </Menu.Item>
        ) : (
          <Menu.Item
            color="red"
            leftSection={<IconLock size={16} />}
            onClick={() => onAction({ kind: 'ban', user })}
            disabled={self || deleted}
          >
            {t('actions.ban')}
          </Menu.Item>
        )}
        {user.role === 'admin' ? (
          <Menu.Item
            leftSection={<IconShieldOff size={16} />}
            onClick={() => onAction({ kind: 'revoke', user })}
            disabled={self || deleted}
          >
            {t('actions.revoke')}
          </Menu.Item>
        ) : (
          <Menu.Item
            leftSection={<IconShield size={16} />}
            onClick={() => onAction({ kind: 'grant', user })}
            disabled={self || deleted || user.status === 'banned'}
          >
            {t('actions.grant')}
          </Menu.Item>
        )}
        {user.role !== 'admin' && (
          <Menu.Item
            leftSection={<IconBook size={16} />}
            onClick={() => onAction({ kind: user.role === 'docs' ? 'revokeDocs' : 'grantDocs', user })}
            disabled={self || deleted || user.status === 'banned'}
          >
            {t(user.role === 'docs' ? 'actions.revokeDocs' : 'actions.grantDocs')}
          </Menu.Item>
        )}
        {self && (
          <Text fz="xs" c="dimmed" px="sm" py={4} maw={220}>
            {t('actions.selfHint')}
          </Text>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
