import { ActionIcon, Indicator, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useUnreadNotifications } from './use-notifications';

/** The header bell with the unread count. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadNotifications().data ?? 0;
  const label = unread ? t('bellUnread', { count: unread }) : t('bell');
  return (
    <Tooltip label={label}>
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={18}
        color="red"
        disabled={unread === 0}
        offset={4}
        data-testid="notification-count"
      >
        <ActionIcon component={Link} to={paths.notification} variant="subtle" color="gray" size={40} radius="xl" aria-label={label}>
          <IconBell size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}
