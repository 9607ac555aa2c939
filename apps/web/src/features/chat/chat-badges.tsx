import { ActionIcon, Badge, Indicator, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'react-router';
import { paths } from '@swapu/shared/paths';
import { useRealtimeConnection } from './use-realtime';
import { useUnreadChats } from './use-rooms';

/** No UI: the signed-in tab's WebSocket and what its events refresh. */
export function ChatLive() {
  useRealtimeConnection();
  return null;
}

const capped = (n: number) => (n > 99 ? '99+' : String(n));

/** The header's chat entry with its unread count (desktop, next to the bell). */
export function ChatHeaderButton() {
  const { t } = useTranslation('chat');
  const unread = useUnreadChats().data ?? 0;
  const label = unread ? t('chatUnread', { count: unread }) : t('chat');
  return (
    <Tooltip label={label}>
      <Indicator label={capped(unread)} size={18} color="red" disabled={unread === 0} offset={4} data-testid="chat-count">
        <ActionIcon component={Link} to={paths.discuss} variant="subtle" color="gray" size={40} radius="xl" aria-label={label}>
          <IconMessageCircle size={22} />
        </ActionIcon>
      </Indicator>
    </Tooltip>
  );
}

/** The unread count on the bottom nav's "Chat" entry (phones). */
export function ChatNavBadge() {
  const { t } = useTranslation('chat');
  const unread = useUnreadChats().data ?? 0;
  if (!unread) return null;
  return (
    <>
      <VisuallyHidden>{t('navUnread', { count: unread })}</VisuallyHidden>
      <Badge
        size="xs"
        color="red"
        variant="filled"
        circle={unread < 10}
        data-testid="chat-nav-count"
        aria-hidden="true"
        style={{
          position: 'absolute',
          top: 4,
          left: '50%',
          marginLeft: 6,
          pointerEvents: 'none',
        }}
      >
        {capped(unread)}
      </Badge>
    </>
  );
}
